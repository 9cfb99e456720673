import { DEPOSIT_BIG_RECHARGE_BASES, DEPOSIT_QUICK_AMOUNT_COUNT, DEPOSIT_QUICK_BASES } from '../contract/limits.js';

/** A source of numbers in [0, 1), like Math.random; injectable so tests are deterministic. */
export type RandomSource = () => number;

export interface QuickAmountOptions {
  /** The pay channel's own quick amounts (fixed_amount); used when it has any. */
  channelAmounts?: readonly number[] | null;
  /** The channel's deposit_min_amount and deposit_max_amount, in yuan. */
  minYuan: number;
  maxYuan: number;
  /** Big recharge (pay type 112) uses 500, 800, 1000, 1500, 1999 as bases. */
  bigRecharge?: boolean;
  random?: RandomSource;
}

function randomInt(random: RandomSource, low: number, high: number): number {
  return low + Math.min(high - low, Math.floor(random() * (high - low + 1)));
}

/**
 * A base with a random 2-digit suffix 01 to 99: 1 -> 101..199, 5 -> 503. The tail is
 * never 00, so each deposit amount is odd-looking and easy to match to its payer.
 *
 * @example withRandomSuffix(5, () => 0.03) // 503
 */
export function withRandomSuffix(baseYuan: number, random: RandomSource = Math.random): number {
  return baseYuan * 100 + randomInt(random, 1, 99);
}

/** A random amount in [low, high] whose last digit is not 0, when the range has one. */
function randomInRange(random: RandomSource, low: number, high: number): number {
  const value = randomInt(random, low, high);
  if (value % 10 !== 0) return value;
  return value + 1 <= high ? value + 1 : value - 1 >= low ? value - 1 : value;
}

/**
 * The deposit quick amounts (spec section 5), whole yuan, ascending. The channel's own
 * amounts when it supplies some (at most 5); otherwise 5 values within min and max: the
 * default bases 1, 5, 10, 20, 49 (big recharge: 500, 800, 1000, 1500, 1999) each with a
 * random 2-digit suffix, and a random in-range odd-tailed amount for each that falls
 * outside. Fewer than 5 when the range holds fewer whole amounts.
 *
 * @example depositQuickAmounts({ minYuan: 100, maxYuan: 50000, random: () => 0 }) // [101, 501, 1001, 2001, 4901]
 */
export function depositQuickAmounts(options: QuickAmountOptions): number[] {
  const { channelAmounts, bigRecharge = false, random = Math.random } = options;
  if (channelAmounts && channelAmounts.length > 0) return channelAmounts.slice(0, DEPOSIT_QUICK_AMOUNT_COUNT);
  const low = Math.ceil(options.minYuan);
  const high = Math.floor(options.maxYuan);
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high) return [];
  const wanted = Math.min(DEPOSIT_QUICK_AMOUNT_COUNT, high - low + 1);
  const chosen = new Set<number>();
  for (const base of bigRecharge ? DEPOSIT_BIG_RECHARGE_BASES : DEPOSIT_QUICK_BASES) {
    const amount = withRandomSuffix(base, random);
    chosen.add(amount >= low && amount <= high ? amount : randomInRange(random, low, high));
  }
  // Duplicates from the random fill are replaced; a bounded walk keeps this finite for any random source.
  for (let attempt = 0; chosen.size < wanted && attempt < 100; attempt++) chosen.add(randomInRange(random, low, high));
  for (let amount = low; chosen.size < wanted && amount <= high; amount++) chosen.add(amount);
  return [...chosen].slice(0, wanted).sort((a, b) => a - b);
}
