import { DEPOSIT_STATE } from '@lobby/sdk';

/**
 * The deposit order state machine (spec section 4) as a pure table: which event may move
 * an order from which state to which, and whether that step moves money. Only
 * confirmation moves money (payment clearing -> centre wallet, plus the discount from
 * the house). Closed, completed and expired are terminal.
 */
export type DepositState = (typeof DEPOSIT_STATE)[keyof typeof DEPOSIT_STATE];

export type DepositEvent =
  | 'memberPaid'
  | 'memberCancel'
  | 'providerPaid'
  | 'providerFailed'
  | 'operatorConfirm'
  | 'operatorReject'
  | 'expire';

/** What a step does to money: `credit` puts the amount (and discount) in the centre wallet. */
export type DepositMoney = 'none' | 'credit';

export interface DepositStep {
  from: readonly DepositState[];
  to: DepositState;
  money: DepositMoney;
}

const { pendingPayment, pendingConfirmation, closed, completed, expired } = DEPOSIT_STATE;

export const DEPOSIT_TRANSITIONS: Readonly<Record<DepositEvent, DepositStep>> = {
  memberPaid: { from: [pendingPayment], to: pendingConfirmation, money: 'none' },
  memberCancel: { from: [pendingPayment], to: closed, money: 'none' },
  providerPaid: { from: [pendingPayment, pendingConfirmation], to: completed, money: 'credit' },
  providerFailed: { from: [pendingPayment, pendingConfirmation], to: closed, money: 'none' },
  operatorConfirm: { from: [pendingPayment, pendingConfirmation], to: completed, money: 'credit' },
  operatorReject: { from: [pendingPayment, pendingConfirmation], to: closed, money: 'none' },
  expire: { from: [pendingPayment], to: expired, money: 'none' },
};

export const DEPOSIT_EVENTS = Object.keys(DEPOSIT_TRANSITIONS) as DepositEvent[];
export const DEPOSIT_STATES: readonly DepositState[] = [pendingPayment, pendingConfirmation, closed, completed, expired];
export const DEPOSIT_TERMINAL: readonly DepositState[] = [closed, completed, expired];
/** Active orders show on the floating ball (spec section 4). */
export const DEPOSIT_ACTIVE: readonly DepositState[] = [pendingPayment, pendingConfirmation];

/**
 * The step `event` takes from `state`, or null when the table does not allow it.
 *
 * @example depositStep(101, 'memberPaid') // { to: 102, money: 'none' }
 */
export function depositStep(state: DepositState, event: DepositEvent): { to: DepositState; money: DepositMoney } | null {
  const step = DEPOSIT_TRANSITIONS[event];
  return step.from.includes(state) ? { to: step.to, money: step.money } : null;
}

/** The name shown for a state (statusName). */
export const DEPOSIT_STATE_NAME: Readonly<Record<DepositState, string>> = {
  101: 'pending payment',
  102: 'pending confirmation',
  103: 'closed',
  104: 'completed',
  105: 'expired',
};
