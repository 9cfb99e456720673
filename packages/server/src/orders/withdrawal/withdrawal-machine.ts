import { WITHDRAW_STATE } from '@lobby/sdk';

/**
 * The withdrawal draw state machine (spec section 4: 4011 matching, 4012 waiting to pay,
 * 4013 to be confirmed, 4014 frozen; 4015 completed and 4016 expired are terminal) as a
 * pure table. The amount is locked when the order is made; only completion (the lock
 * leaves to the payout) and expiry (the lock returns to the wallet) move money.
 */
export type DrawState = (typeof WITHDRAW_STATE)[keyof typeof WITHDRAW_STATE];

export type DrawEvent = 'match' | 'pay' | 'memberConfirm' | 'memberAppeal' | 'operatorComplete' | 'freeze' | 'unfreeze' | 'expire';

/** `release`: locked -> payment clearing; `return`: locked -> the member's wallet. */
export type DrawMoney = 'none' | 'release' | 'return';

export interface DrawStep {
  from: readonly DrawState[];
  to: DrawState;
  money: DrawMoney;
}

const { matching, waiting, toConfirm, frozen, completed, expired } = WITHDRAW_STATE;

export const DRAW_TRANSITIONS: Readonly<Record<DrawEvent, DrawStep>> = {
  match: { from: [matching], to: waiting, money: 'none' },
  pay: { from: [waiting], to: toConfirm, money: 'none' },
  memberConfirm: { from: [toConfirm], to: completed, money: 'release' },
  memberAppeal: { from: [toConfirm], to: frozen, money: 'none' },
  operatorComplete: { from: [toConfirm, frozen], to: completed, money: 'release' },
  freeze: { from: [matching, waiting, toConfirm], to: frozen, money: 'none' },
  unfreeze: { from: [frozen], to: matching, money: 'none' },
  expire: { from: [matching, waiting, frozen], to: expired, money: 'return' },
};

export const DRAW_EVENTS = Object.keys(DRAW_TRANSITIONS) as DrawEvent[];
export const DRAW_STATES: readonly DrawState[] = [matching, waiting, toConfirm, frozen, completed, expired];
export const DRAW_TERMINAL: readonly DrawState[] = [completed, expired];

/**
 * The step `event` takes from `state`, or null when the table does not allow it.
 *
 * @example drawStep(4013, 'memberConfirm') // { to: 4015, money: 'release' }
 */
export function drawStep(state: DrawState, event: DrawEvent): { to: DrawState; money: DrawMoney } | null {
  const step = DRAW_TRANSITIONS[event];
  return step.from.includes(state) ? { to: step.to, money: step.money } : null;
}

export const DRAW_STATE_NAME: Readonly<Record<DrawState, string>> = {
  4011: 'matching',
  4012: 'waiting to pay',
  4013: 'to be confirmed',
  4014: 'frozen',
  4015: 'completed',
  4016: 'expired',
};

/**
 * The state an order shows from its draws: the least advanced active draw (frozen first,
 * then to be confirmed, waiting, matching); once all are final, completed when any draw
 * completed, else expired.
 *
 * @example orderStateOf([4015, 4012]) // 4012
 */
export function orderStateOf(draws: readonly DrawState[]): DrawState {
  for (const state of [frozen, toConfirm, waiting, matching] as const) if (draws.includes(state)) return state;
  return draws.includes(completed) ? completed : expired;
}

/**
 * Spec section 4, withdrawal status: 0 processing (4011; also frozen, the back office
 * holds it), 1 matching or waiting (4012), 2 to be confirmed (4013 with matchResult 1),
 * 3 manual or special source (orderSource 1 or 2); -1 once final.
 *
 * @example withdrawalStatusOf(4013, 1, 0) // 2
 */
export function withdrawalStatusOf(state: DrawState, matchResult: number, orderSource: number): number {
  if (orderSource === 1 || orderSource === 2) return 3;
  if (state === matching) return 0;
  if (state === waiting) return 1;
  if (state === toConfirm && matchResult === 1) return 2;
  if (state === frozen) return 0;
  if (state === toConfirm) return 1;
  return -1;
}
