import { defineTexts } from '@lobby/sdk';


export const transferTexts = defineTexts(
  {
    venues: '场馆钱包',
    amount: '金额',
    amountFor: '{venue} 转账金额',
    transferIn: '转入',
    transferOut: '转出',
    transferInOf: '转入 {venue}',
    transferOutOf: '从 {venue} 转出',
    popupTitle: '转账结果',
    done: '转账成功',
    pending: '场馆尚未答复',
    failed: '转账失败',
    maintainingNote: '维护中，暂不可转账',
    noVenues: '没有可用的场馆',
  },
  {
    venues: 'Venue wallets',
    amount: 'Amount',
    amountFor: 'Amount for {venue}',
    transferIn: 'Transfer in',
    transferOut: 'Transfer out',
    transferInOf: 'Transfer in to {venue}',
    transferOutOf: 'Transfer out of {venue}',
    popupTitle: 'Transfer result',
    done: 'Transfer successful',
    pending: 'The venue has not answered yet',
    failed: 'Transfer failed',
    maintainingNote: 'Maintaining: no transfers for now',
    noVenues: 'No venue is available',
  },
);
