import { useState, type FormEvent } from 'react';
import { DEPOSIT_STATE, formatClock, type SpeedToCardInfo } from '@lobby/sdk';
import { useCountdown } from '../../../modules/countdown.js';
import { formatWire } from '../../../modules/wallet-amount.js';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { depositProgress } from '../deposit-logic.js';
import { Recipient, Steps } from '../order-panel.js';
import { RefusalNotice } from '../refusal-notice.js';
import type { DepositOrderState } from '../use-deposit-order.js';
import type { DepositTextKey } from '../texts.js';
import { clockTime, speedActions } from './speed-logic.js';
import { speedTexts, type SpeedTextKey } from './speed-texts.js';
import { useSpeedOrder, type SpeedOrderState } from './use-speed-order.js';

type T = PageTextLookup<DepositTextKey>;
type S = PageTextLookup<SpeedTextKey>;

/** The card to pay to and the exact amount, while the order waits for payment. */
function PayTo({ info, t, s }: { info: SpeedToCardInfo; t: T; s: S }) {
  const { order } = info;
  return (
    <Recipient order={order} heading={s('payTo')} t={t} note={<p className="deposit-note">{s('amountExact')}</p>}>
      <div>
        <dt>{s('amount')}</dt>
        <dd data-speed-amount="">{formatWire(order.orderAmount, 2)}</dd>
      </div>
    </Recipient>
  );
}

function ConfirmPaid({ speed, s }: { speed: SpeedOrderState; s: S }) {
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(name.trim() === '');
    if (name.trim() !== '') void speed.confirm(name.trim());
  };
  return (
    <form className="stack-form narrow" onSubmit={submit} noValidate aria-label={s('confirmPaid')}>
      <label>
        {s('payerName')}
        <input value={name} maxLength={40} autoComplete="name" aria-invalid={empty} aria-describedby="speed-payer-hint" onChange={(event) => setName(event.target.value)} />
      </label>
      <p id="speed-payer-hint" className="deposit-note">
        {s('payerNameHint')}
      </p>
      {empty ? (
        <p className="deposit-problem" role="alert">
          {s('payerNameEmpty')}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={speed.busy}>
        {s('confirmPaid')}
      </button>
    </form>
  );
}

function CancelSpeed({ speed, info, s }: { speed: SpeedOrderState; info: SpeedToCardInfo; s: S }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button secondary" disabled={speed.busy} onClick={() => setAsking(true)}>
        {s('cancel')}
      </button>
    );
  }
  return (
    <div className="deposit-cancel" role="group" aria-label={s('cancel')}>
      <p>{s('cancelAsk', { count: info.cancelCount, limit: info.cancelLimit })}</p>
      <button type="button" className="button" disabled={speed.busy} onClick={() => void speed.cancel().then(() => setAsking(false))}>
        {s('cancelYes')}
      </button>
      <button type="button" className="button secondary" onClick={() => setAsking(false)}>
        {s('back')}
      </button>
    </div>
  );
}

function SpeedAppeal({ speed, s }: { speed: SpeedOrderState; s: S }) {
  const reasons = speed.appealConfig?.reasons ?? [];
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof reasons)[number] | ''>('');
  const [content, setContent] = useState('');
  if (!open || reasons.length === 0) {
    return (
      <button type="button" className="button secondary" disabled={reasons.length === 0} onClick={() => setOpen(true)}>
        {s('appeal')}
      </button>
    );
  }
  const chosen = reason || reasons[0]!;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() !== '') void speed.appeal(chosen, content.trim());
  };
  return (
    <form className="stack-form narrow" onSubmit={submit} aria-label={s('appeal')}>
      <label>
        {s('appealReason')}
        <select value={chosen} onChange={(event) => setReason(event.target.value as typeof chosen)}>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {s(`reason${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {s('appealContent')}
        <textarea value={content} maxLength={speed.appealConfig?.maxLength ?? 500} required onChange={(event) => setContent(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={speed.busy}>
        {s('appealSend')}
      </button>
    </form>
  );
}

/** The reminder: sent now, after the wait (counted down), or none left. */
function Remind({ speed, info, s }: { speed: SpeedOrderState; info: SpeedToCardInfo; s: S }) {
  const wait = useCountdown(info.remindAfter > 0 ? info.remindAfter : null, speed.fetchedAtMs) ?? 0;
  const action = speedActions(info, wait, speed.appealConfig?.states ?? []).remind;
  return (
    <div className="deposit-actions" role="group" aria-label={s('remind')}>
      {action === 'none' ? <p>{s('remindNone')}</p> : (
        <button type="button" className="button secondary" disabled={speed.busy || action !== 'now'} onClick={() => void speed.remind()}>
          {s('remind')}
        </button>
      )}
      {action === 'wait' ? <p>{s('remindWait', { seconds: wait })}</p> : null}
      {info.remindCount > 0 ? <p role="status">{s('reminded', { count: info.remindCount, limit: info.remindLimit })}</p> : null}
    </div>
  );
}

function SpeedInfo({ deposit, speed, info, t, s }: { deposit: DepositOrderState; speed: SpeedOrderState; info: SpeedToCardInfo; t: T; s: S }) {
  const state = info.order.orderState;
  const reload = () => {
    void speed.load();
    void deposit.refresh();
  };
  const payLeft = useCountdown(state === DEPOSIT_STATE.pendingPayment ? info.payExpireTime : null, speed.fetchedAtMs, reload);
  const confirmLeft = useCountdown(state === DEPOSIT_STATE.pendingConfirmation ? info.confirmExpireTime : null, speed.fetchedAtMs);
  const actions = speedActions(info, 0, speed.appealConfig?.states ?? []);
  const { ended } = depositProgress(state);
  return (
    <>
      <dl className="deposit-order-facts">
        <div>
          <dt>{t('billNo')}</dt>
          <dd>{info.order.billNo}</dd>
        </div>
        <div>
          <dt>{t('orderAmount')}</dt>
          <dd>{formatWire(info.order.orderAmount, 2)}</dd>
        </div>
        {info.order.discountAmount > 0 ? (
          <div>
            <dt>{t('discount')}</dt>
            <dd>{formatWire(info.order.discountAmount, 2)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('status')}</dt>
          <dd data-order-state={state}>{info.order.statusName}</dd>
        </div>
        {info.payerName ? (
          <div>
            <dt>{s('payerName')}</dt>
            <dd>{info.payerName}</dd>
          </div>
        ) : null}
      </dl>
      {state === DEPOSIT_STATE.pendingPayment ? (
        <>
          <p className="deposit-countdown">
            {s('payBy', { time: clockTime(info.payDeadline) })} · {s('payTime')}{' '}
            <time role="timer" aria-label={s('payTime')}>
              {formatClock(payLeft ?? 0)}
            </time>
          </p>
          <PayTo info={info} t={t} s={s} />
          <ConfirmPaid speed={speed} s={s} />
        </>
      ) : null}
      {state === DEPOSIT_STATE.pendingConfirmation ? (
        <>
          <p role="status">{s('waiting')}</p>
          <p className="deposit-countdown">
            {s('confirmBy', { time: clockTime(info.confirmDeadline) })} · {s('confirmTime')}{' '}
            <time role="timer" aria-label={s('confirmTime')}>
              {formatClock(confirmLeft ?? 0)}
            </time>
          </p>
          {confirmLeft === 0 ? <p role="status">{s('confirmOverdue')}</p> : null}
          <Remind speed={speed} info={info} s={s} />
        </>
      ) : null}
      {state === DEPOSIT_STATE.completed ? (
        <p role="status" className="deposit-done">
          {t('completed', { amount: formatWire(info.order.orderAmount, 2) })}
        </p>
      ) : null}
      {ended ? <p role="status">{t(ended)}</p> : null}
      {info.appealReason ? <p role="status">{s('appealed', { reason: s(`reason${info.appealReason}` as SpeedTextKey) })}</p> : null}
      <div className="deposit-actions">
        {state === DEPOSIT_STATE.pendingPayment ? <CancelSpeed speed={speed} info={info} s={s} /> : null}
        <button type="button" className="button secondary" disabled={speed.busy} onClick={reload}>
          {t('refresh')}
        </button>
        {ended || state === DEPOSIT_STATE.completed ? (
          <button type="button" className="button secondary" onClick={deposit.clear}>
            {t('newDeposit')}
          </button>
        ) : null}
      </div>
      {state === DEPOSIT_STATE.pendingPayment ? <p className="deposit-note">{t('cancelCount', { count: info.cancelCount, limit: info.cancelLimit })}</p> : null}
      {actions.appeal ? <SpeedAppeal speed={speed} s={s} /> : null}
    </>
  );
}

/**
 * A fast-to-card (912) order on the deposit page (spec section 7, "fast-to-card flow"):
 * the card to pay to and the exact amount, the time to pay and, once the member confirmed
 * paying with the payer's name, the time to confirm, both counted down; reminders, the
 * cancellation with today's count, the appeal with a reason, and each refusal's meaning.
 */
export function SpeedOrderPanel({ deposit, t }: { deposit: DepositOrderState; t: T }) {
  const s = usePageTexts(speedTexts);
  const order = deposit.order!;
  const speed = useSpeedOrder(order.billNo, order.orderState, () => void deposit.refresh());
  const info = speed.info;
  return (
    <section className="deposit-order" aria-labelledby="speed-order-title" data-speed-order={order.billNo}>
      <h2 id="speed-order-title">{s('title')}</h2>
      <Steps order={info?.order ?? order} t={t} />
      {speed.refusal ? (
        <RefusalNotice refusal={speed.refusal} recommended={undefined} onChoose={() => undefined} cancelCount={info ? { count: info.cancelCount, limit: info.cancelLimit } : null} t={t} />
      ) : null}
      {info ? <SpeedInfo deposit={deposit} speed={speed} info={info} t={t} s={s} /> : <p role="status">{s('loading')}</p>}
    </section>
  );
}
