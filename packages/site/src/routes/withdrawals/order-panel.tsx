import { formatClock, WITHDRAW_STATE, type WithdrawalOrder } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { AppealForm } from '../../modules/appeal-form.js';
import { useCountdown } from '../../modules/countdown.js';
import { Fact } from '../../modules/fact.js';
import { StepList } from '../../modules/step-list.js';
import { formatWire } from '../../modules/wallet-amount.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { EXPIRED_STEPS, WITHDRAW_STEPS, drawsOf, drawsToConfirm, isActiveWithdrawal, withdrawProgress } from './withdraw-logic.js';
import type { Withdrawals } from './use-withdrawals.js';
import type { WithdrawTextKey } from './texts.js';

type T = PageTextLookup<WithdrawTextKey>;
type Draw = WithdrawalOrder['subDraws'][number];

const decimalsOf = (draw: Draw) => (draw.currency === 'USDT' ? 6 : 2);

/** The order's steps (spec section 4), or the expired steps once it timed out. */
function Steps({ order, t }: { order: WithdrawalOrder; t: T }) {
  const draws = drawsOf(order);
  const expired = draws.every((draw) => draw.orderState === WITHDRAW_STATE.expired);
  const state = expired ? WITHDRAW_STATE.expired : Math.min(...draws.filter((draw) => draw.orderState !== WITHDRAW_STATE.expired).map((draw) => (draw.orderState === WITHDRAW_STATE.frozen ? WITHDRAW_STATE.matching : draw.orderState)));
  const { steps, step } = withdrawProgress(state);
  const names = steps === 'expired' ? EXPIRED_STEPS : WITHDRAW_STEPS;
  return <StepList className="withdraw-steps" label={t('steps')} names={names.map((name) => t(`step${name}`))} step={step} completed={state === WITHDRAW_STATE.completed} dataSteps={steps} />;
}

/** One draw: its state, amount, countdown while waiting, and confirm or appeal when to be confirmed. */
function DrawRow({ draw, withdrawals, t }: { draw: Draw; withdrawals: Withdrawals; t: T }) {
  const waiting = draw.orderState === WITHDRAW_STATE.waiting || draw.orderState === WITHDRAW_STATE.toConfirm;
  const left = useCountdown(waiting ? draw.expireTime : null, withdrawals.fetchedAtMs, () => void withdrawals.refresh());
  const toConfirm = draw.orderState === WITHDRAW_STATE.toConfirm && draw.matchResult === 1;
  const stateKey = `state${draw.orderState}` as WithdrawTextKey;
  return (
    <li className="withdraw-draw" data-bill={draw.billNo} data-order-state={draw.orderState}>
      <span>
        {t('billNo')} {draw.billNo}
      </span>
      <span>
        {t('orderAmount')} {formatWire(draw.amount, decimalsOf(draw))} {draw.currency}
      </span>
      <span>
        {t('drawState')}: {draw.orderSource === 1 || draw.orderSource === 2 ? t('manual') : t(stateKey)}
      </span>
      {waiting && left !== null ? (
        <span>
          {toConfirm ? t('toConfirmPrompt') : t('timeLeft')} <time role="timer">{formatClock(left)}</time>
        </span>
      ) : null}
      {toConfirm ? (
        <div className="withdraw-actions">
          <button type="button" className="button" disabled={withdrawals.busy} onClick={() => void withdrawals.confirm(draw.billNo)}>
            {t('confirm')}
          </button>
          <AppealForm texts={{ open: t('appeal'), content: t('appealContent'), send: t('appealSend') }} busy={withdrawals.busy} onSend={(content) => withdrawals.appeal(draw.billNo, content)} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The followed withdrawal order: steps, amount, when it is expected to be confirmed, the
 * count of draws waiting for the member, and every draw (split orders of a speed
 * withdrawal) with its countdown and the to-be-confirmed confirmation.
 */
export function WithdrawOrderPanel({ withdrawals, t }: { withdrawals: Withdrawals; t: T }) {
  const order = withdrawals.order!;
  const draws = drawsOf(order);
  const toConfirm = drawsToConfirm(order).length;
  const expectedBy = new Date(Date.parse(order.createdAt) + order.orderTimeOut * 60_000);
  const active = isActiveWithdrawal(order);
  return (
    <section className="withdraw-order" aria-labelledby="withdraw-order-title">
      <h2 id="withdraw-order-title">{t('order')}</h2>
      <Steps order={order} t={t} />
      <dl className="withdraw-order-facts">
        <Fact term={t('billNo')}>{order.billNo}</Fact>
        <Fact term={t('orderAmount')}>
          {formatWire(order.amount, decimalsOf(order))} {order.currency}
        </Fact>
        <Fact term={t('created')}><DateTime at={order.createdAt} /></Fact>
        {active ? <Fact term={t('expectedBy')}><DateTime at={expectedBy.getTime()} /></Fact> : null}
      </dl>
      {toConfirm > 0 ? (
        <p className="withdraw-to-confirm" role="status">
          {t('toConfirmCount', { count: toConfirm })}
        </p>
      ) : null}
      {order.subDraws.length > 0 ? <h3>{t('draws')}</h3> : null}
      <ul className="withdraw-draws">
        {draws.map((draw) => (
          <DrawRow key={draw.billNo} draw={draw} withdrawals={withdrawals} t={t} />
        ))}
      </ul>
      {!active && draws.some((draw) => draw.orderState === WITHDRAW_STATE.completed) ? (
        <p role="status" className="withdraw-done">
          {t('completed')}
        </p>
      ) : null}
      {!active && draws.every((draw) => draw.orderState === WITHDRAW_STATE.expired) ? <p role="status">{t('expiredNote')}</p> : null}
      <div className="withdraw-actions">
        <button type="button" className="button secondary" disabled={withdrawals.busy} onClick={() => void withdrawals.refresh()}>
          {t('refresh')}
        </button>
        {!active ? (
          <button type="button" className="button secondary" onClick={withdrawals.clear}>
            {t('newWithdrawal')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
