import type { WalletBalance } from '../contract/index.js';
import { toMinor } from '../money/money.js';

/** Spec section 3: the USDT rate carries 5 decimals ("rate precision multiplies by 1e5"). */
export const RATE_SCALE = 100_000;
const RATE_DECIMALS = 5;

/**
 * Divides two integers and rounds half up, meaning half away from zero: 0.5 fen becomes
 * 1 fen, -0.5 becomes -1. Exact for any size (BigInt).
 *
 * @example divideHalfUp(15n, 10n) // 2n
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * A wire rate (yuan per USDT) as an integer of 1e-5 units. The contract allows 6
 * decimals; a sixth decimal is rounded half up to the spec's 5.
 *
 * @example rateUnits(7.12345) // 712345n
 */
export function rateUnits(rate: number | string): bigint {
  const micro = BigInt(toMinor(rate, 6));
  return divideHalfUp(micro, 10n ** BigInt(6 - RATE_DECIMALS));
}

/**
 * Total funds in fen (spec section 3): member total + sum of RMB venue money + (sum of
 * USDT venue money) times baseRate. Every amount becomes an integer first (yuan: 2
 * decimals, USDT: 6, rate: 5); the USDT part is summed exactly and rounded half up to the
 * fen once, at the end. Throws MoneyFormatError on an amount with too many decimals.
 *
 * @example totalFundsMinor({ ...wallet, memberTotalBalance: 10, venueList: [usdtVenue(1)], baseRate: 7.12345 }) // 1712
 */
export function totalFundsMinor(wallet: Pick<WalletBalance, 'memberTotalBalance' | 'venueList' | 'baseRate'>): number {
  let rmbFen = BigInt(toMinor(wallet.memberTotalBalance, 2));
  let usdtMicro = 0n;
  for (const venue of wallet.venueList) {
    if (venue.currency === 'USDT') usdtMicro += BigInt(toMinor(venue.money, 6));
    else rmbFen += BigInt(toMinor(venue.money, 2));
  }
  // micro-USDT (1e-6) times rate units (1e-5) is 1e-11 yuan; a fen is 1e-2 yuan.
  const usdtFen = divideHalfUp(usdtMicro * rateUnits(wallet.baseRate), 10n ** 9n);
  const total = rmbFen + usdtFen;
  if (total > BigInt(Number.MAX_SAFE_INTEGER) || total < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`total funds out of range: ${total}`);
  }
  return Number(total);
}
