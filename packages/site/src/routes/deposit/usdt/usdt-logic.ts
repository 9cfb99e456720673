import { DEPOSIT_STATE, MoneyFormatError, fromMinor, toMinor, type DepositOrder, type UsdtDepositRoute } from '@lobby/sdk';
import type { USDT_DEPOSIT_STEPS } from '../deposit-logic.js';

export type UsdtStep = (typeof USDT_DEPOSIT_STEPS)[UsdtDepositRoute][number];

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
  const value = text.trim();
  if (value === '') return 'usdtAmountEmpty';
  if (!/^\d+(\.\d+)?$/.test(value) && !/^\.\d+$/.test(value)) return 'usdtAmountNotNumber';
  const decimals = usdtRouteDecimals(route);
  let minor: number;
  try {
    minor = toMinor(value.startsWith('.') ? `0${value}` : value, decimals);
  } catch (error) {
    if (error instanceof MoneyFormatError && /decimals/.test(error.message)) return 'usdtAmountDecimals';
    return 'usdtAmountNotNumber';
  }
  return minor < toMinor(range.min, decimals) || minor > toMinor(range.max, decimals) ? 'usdtAmountOutOfRange' : null;
}

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

/** The wire amount of a checked text (no float arithmetic: through minor units). */
export function usdtAmountWire(text: string, route: UsdtDepositRoute): number {
  const value = text.trim();
  const decimals = usdtRouteDecimals(route);
  return fromMinor(toMinor(value.startsWith('.') ? `0${value}` : value, decimals), decimals);
}
