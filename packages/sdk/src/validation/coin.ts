import { rateUnits, RATE_SCALE } from '../stores/total-funds.js';
import { COIN_AMOUNT_MAX, COIN_AMOUNT_MIN, COIN_RATE_DEFAULT } from '../contract/limits.js';

export interface CoinAmountInput {
  /** The amount in whole yuan; null when the field is empty. */
  amountYuan: number | null;
  /** The quick pick is cleared on any typing (spec section 5). */
  quickPick: null;
  /** Set when the input was cut down to the maximum. */
  message?: 'amountUpTo500000';
}

/**
 * The coin amount field's filter (spec section 5): digits only; empty clears amount and
 * quick pick; below the minimum becomes 1; above the maximum becomes 500000 with
 * 'Amount up to 500000'.
 *
 * @example sanitizeCoinAmount('600000') // { amountYuan: 500000, quickPick: null, message: 'amountUpTo500000' }
 */
export function sanitizeCoinAmount(input: string): CoinAmountInput {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return { amountYuan: null, quickPick: null };
  if (digits.length > String(COIN_AMOUNT_MAX).length || Number(digits) > COIN_AMOUNT_MAX) {
    return { amountYuan: COIN_AMOUNT_MAX, quickPick: null, message: 'amountUpTo500000' };
  }
  return { amountYuan: Math.max(COIN_AMOUNT_MIN, Number(digits)), quickPick: null };
}

/**
 * Coins bought for an amount: amount times the rate (default 10 per yuan). A configured
 * rate with decimals is taken to 5 decimals and the coin count rounded down.
 *
 * @example coinsFor(58) // 580
 */
export function coinsFor(amountYuan: number, coinsPerYuan: number = COIN_RATE_DEFAULT): number {
  if (!Number.isSafeInteger(amountYuan) || amountYuan < 0) throw new RangeError(`not a whole yuan amount: ${amountYuan}`);
  return Number((BigInt(amountYuan) * rateUnits(coinsPerYuan)) / BigInt(RATE_SCALE));
}

/**
 * The buy button (spec section 5): disabled when the amount is empty or zero or above the
 * centre wallet balance (fen); an unknown balance disables it too.
 *
 * @example canBuyCoins(18, 1800) // true
 */
export function canBuyCoins(amountYuan: number | null, centerBalanceMinor: number | null): boolean {
  if (amountYuan === null || amountYuan <= 0) return false;
  return centerBalanceMinor !== null && amountYuan * 100 <= centerBalanceMinor;
}

/**
 * The balance bubble (spec section 5): shown when the amount is above the centre balance
 * (fen) or the balance is empty (not loaded, or zero).
 *
 * @example showsBalanceBubble(1, 0) // true
 */
export function showsBalanceBubble(amountYuan: number | null, centerBalanceMinor: number | null): boolean {
  if (centerBalanceMinor === null || centerBalanceMinor === 0) return true;
  return amountYuan !== null && amountYuan * 100 > centerBalanceMinor;
}
