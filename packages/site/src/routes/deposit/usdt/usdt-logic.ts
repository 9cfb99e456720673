import { DEPOSIT_STATE, fromMinor, toMinor, type DepositOrder, type UsdtDepositRoute } from '@lobby/sdk';
import { parseAmount, type AmountProblem } from '../../../modules/wallet-amount.js';

/** Why a typed USDT deposit amount cannot be sent (keys of the USDT texts). */
export type UsdtAmountProblem = 'usdtAmountEmpty' | 'usdtAmountNotNumber' | 'usdtAmountDecimals' | 'usdtAmountOutOfRange';

/** The range one merchant takes on a route, in the route's unit (USDT or yuan), as the server answered it. */
export interface UsdtRange {
  min: number;
  max: number;
}

/** Decimals of a route's amount: USDT 6 (micro-USDT), yuan 2 (fen). */
export const usdtRouteDecimals = (route: UsdtDepositRoute): 2 | 6 => (route === 'usdt' ? 6 : 2);

/**
 * The rules of a USDT deposit amount, checked before anything is sent: not empty, a plain
 * decimal number, at most 6 decimals (route 'usdt') or 2 (route 'rmb'), inside the
 * merchant's range, compared exactly in minor units.
 *
 * @example usdtAmountProblem('10.1234567', 'usdt', { min: 10, max: 100000 }) // 'usdtAmountDecimals'
 */
export function usdtAmountProblem(text: string, route: UsdtDepositRoute, range: UsdtRange): UsdtAmountProblem | null {
  const decimals = usdtRouteDecimals(route);
  const parsed = parseAmount(text, { decimals });
  if (!parsed.ok) return PROBLEM_OF[parsed.problem];
  return parsed.minor < toMinor(range.min, decimals) || parsed.minor > toMinor(range.max, decimals) ? 'usdtAmountOutOfRange' : null;
}

/** The site's amount parser's problems (modules/wallet-amount.ts) as this form names them. */
const PROBLEM_OF: Record<AmountProblem, UsdtAmountProblem> = {
  amountEmpty: 'usdtAmountEmpty',
  amountNotNumber: 'usdtAmountNotNumber',
  amountNotPositive: 'usdtAmountNotNumber',
  amountTooManyDecimals: 'usdtAmountDecimals',
  amountTooLarge: 'usdtAmountOutOfRange',
  amountOverBalance: 'usdtAmountOutOfRange',
};

/**
 * Where the member stands on the route's steps (spec section 4): the index of the current
 * step and whether the last one is reached. Route 'usdt': cold wallet, protocol, amount,
 * then completed once the order exists; route 'rmb': amount, then sending the USDT while
 * the order is open, completed once credited.
 *
 * @example usdtStepIndex('usdt', { merchantNo: 'M', protocol: '', order: null }) // { current: 1, done: false }
 */
export function usdtStepIndex(route: UsdtDepositRoute, progress: { merchantNo: string; protocol: string; order: Pick<DepositOrder, 'orderState'> | null }): { current: number; done: boolean } {
  const credited = progress.order?.orderState === DEPOSIT_STATE.completed;
  if (route === 'rmb') {
    if (!progress.order) return { current: 0, done: false };
    return credited ? { current: 2, done: true } : { current: 1, done: false };
  }
  if (progress.order) return { current: 3, done: credited };
  if (!progress.merchantNo) return { current: 0, done: false };
  if (!progress.protocol) return { current: 1, done: false };
  return { current: 2, done: false };
}

/** The wire amount of a checked text (through integer minor units, no float arithmetic). */
export function usdtAmountWire(text: string, route: UsdtDepositRoute): number {
  const decimals = usdtRouteDecimals(route);
  const parsed = parseAmount(text, { decimals });
  if (!parsed.ok) throw new RangeError(`not a checked amount: ${text}`);
  return fromMinor(parsed.minor, decimals);
}
