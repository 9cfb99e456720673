import { defineTexts } from '@lobby/sdk';


export const myCenterTexts = defineTexts(
  {
    member: '会员',
    grade: '等级 VIP{grade}',
    features: '钱包功能',
    autoTransfer: '免转钱包（自动转账）',
    autoTransferOn: '自动转账已开启',
    autoTransferOff: '自动转账已关闭',
  },
  {
    member: 'Member',
    grade: 'Grade VIP{grade}',
    features: 'Wallet features',
    autoTransfer: 'Auto transfer (money follows you into venues)',
    autoTransferOn: 'Auto transfer is on',
    autoTransferOff: 'Auto transfer is off',
  },
);
