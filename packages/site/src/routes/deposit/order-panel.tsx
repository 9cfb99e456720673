import { useState, type ReactNode } from 'react';
import { DEPOSIT_STATE, formatClock, type DepositOrder } from '@lobby/sdk';
import { AppealForm } from '../../modules/appeal-form.js';
import { useCountdown } from '../../modules/countdown.js';
import { Fact } from '../../modules/fact.js';
import { StepList } from '../../modules/step-list.js';
import { formatWire } from '../../modules/wallet-amount.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { DEPOSIT_STEPS, depositProgress } from './deposit-logic.js';
import type { DepositOrderState } from './use-deposit-order.js';
import type { DepositTextKey } from './texts.js';

type T = PageTextLookup<DepositTextKey>;

/** The four order steps (spec section 4), the current one marked for assistive technology. */
export function Steps({ order, t }: { order: DepositOrder; t: T }) {
  const { step, ended } = depositProgress(order.orderState);
  return <StepList className="deposit-steps" label={t('steps')} names={DEPOSIT_STEPS.map((name) => t(`step${name}`))} step={step} completed={order.orderState === DEPOSIT_STATE.completed} marked={!ended} />;
}

/**
 * The bank details to transfer to (the non-empty ones), under `heading`, which also names
 * the section. `children` are further rows of the list; `note` follows the list.
 */
export function Recipient({ order, heading, t, children, note }: { order: DepositOrder; heading: string; t: T; children?: ReactNode; note?: ReactNode }) {
  const rows: [DepositTextKey, string][] = [
    ['recipientName', order.recipientName],
    ['recipientAccount', order.recipientAccount],
    ['bankName', order.bankName],
    ['recipientAddress', order.recipientAddress],
    ['recipientCode', order.recipientCode],
  ];
  return (
    <section className="deposit-recipient" aria-label={heading}>
      <h3>{heading}</h3>
      <dl>
        {rows
          .filter(([, value]) => value !== '')
          .map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {children}
      </dl>
      {note}
    </section>
  );
}

function CancelControl({ deposit, t }: { deposit: DepositOrderState; t: T }) {
  const [count, setCount] = useState<{ count: number; limit: number } | null>(null);
  if (!count) {
    return (
      <button type="button" className="button secondary" disabled={deposit.busy} onClick={() => void deposit.cancelCount().then(setCount)}>
        {t('cancel')}
      </button>
    );
  }
  return (
    <div className="deposit-cancel" role="group" aria-label={t('cancel')}>
      <p>{t('cancelConfirm', count)}</p>
      <button type="button" className="button" disabled={deposit.busy} onClick={() => void deposit.act('cancel').then(() => setCount(null))}>
        {t('cancelYes')}
      </button>
      <button type="button" className="button secondary" onClick={() => setCount(null)}>
        {t('back')}
      </button>
    </div>
  );
}

function DepositAppeal({ deposit, t }: { deposit: DepositOrderState; t: T }) {
  if (deposit.order?.appealed) return <p role="status">{t('appealed')}</p>;
  return <AppealForm texts={{ open: t('appeal'), content: t('appealContent'), send: t('appealSend') }} busy={deposit.busy} onSend={(content) => deposit.appeal(content)} />;
}

/**
 * The order as it stands: steps, amounts, the countdown to orderTimeOut while pending
 * payment, the bank details of a transfer, and the actions of its state.
 */
export function OrderPanel({ deposit, t }: { deposit: DepositOrderState; t: T }) {
  const order = deposit.order!;
  const pendingPayment = order.orderState === DEPOSIT_STATE.pendingPayment;
  const left = useCountdown(pendingPayment ? order.expireTime : null, deposit.fetchedAtMs, () => void deposit.refresh());
  const { ended } = depositProgress(order.orderState);
  return (
    <section className="deposit-order" aria-labelledby="deposit-order-title">
      <h2 id="deposit-order-title">{t('order')}</h2>
      <Steps order={order} t={t} />
      <dl className="deposit-order-facts">
        <Fact term={t('billNo')}>{order.billNo}</Fact>
        <Fact term={t('orderAmount')}>{formatWire(order.orderAmount, 2)}</Fact>
        {order.discountAmount > 0 ? <Fact term={t('discount')}>{formatWire(order.discountAmount, 2)}</Fact> : null}
        <Fact term={t('payType')}>{order.payTypeName}</Fact>
        <Fact term={t('status')} valueProps={{ 'data-order-state': order.orderState }}>
          {order.statusName}
        </Fact>
      </dl>
      {pendingPayment ? (
        <p className="deposit-countdown">
          {t('payWithin', { minutes: order.orderTimeOut })} · {t('timeLeft')} <time role="timer">{formatClock(left ?? 0)}</time>
        </p>
      ) : null}
      {order.transfer && (pendingPayment || order.orderState === DEPOSIT_STATE.pendingConfirmation) ? <Recipient order={order} heading={t('recipient')} t={t} /> : null}
      {order.orderState === DEPOSIT_STATE.pendingConfirmation ? <p role="status">{t('waitingConfirm')}</p> : null}
      {order.orderState === DEPOSIT_STATE.completed ? <p role="status" className="deposit-done">{t('completed', { amount: formatWire(order.orderAmount, 2) })}</p> : null}
      {ended ? <p role="status">{t(ended)}</p> : null}
      {order.urgeCount > 0 && order.orderState === DEPOSIT_STATE.pendingConfirmation ? <p role="status">{t('urged', { count: order.urgeCount })}</p> : null}
      <div className="deposit-actions">
        {pendingPayment ? (
          <>
            <button type="button" className="button" disabled={deposit.busy} onClick={() => void deposit.act('alreadyPaid')}>
              {t('alreadyPaid')}
            </button>
            <CancelControl deposit={deposit} t={t} />
          </>
        ) : null}
        {order.orderState === DEPOSIT_STATE.pendingConfirmation ? (
          <button type="button" className="button secondary" disabled={deposit.busy} onClick={() => void deposit.act('urge')}>
            {t('urge')}
          </button>
        ) : null}
        <button type="button" className="button secondary" disabled={deposit.busy} onClick={() => void deposit.refresh()}>
          {t('refresh')}
        </button>
        {!pendingPayment && order.orderState !== DEPOSIT_STATE.pendingConfirmation ? (
          <button type="button" className="button secondary" onClick={deposit.clear}>
            {t('newDeposit')}
          </button>
        ) : null}
      </div>
      {order.orderState === DEPOSIT_STATE.pendingConfirmation || order.orderState === DEPOSIT_STATE.closed || order.orderState === DEPOSIT_STATE.expired ? <DepositAppeal deposit={deposit} t={t} /> : null}
    </section>
  );
}
