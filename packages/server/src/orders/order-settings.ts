import { randomInt } from 'node:crypto';

/**
 * Order settings of a brand, where the spec says "not shown" (decisions in docs/ORDERS.md).
 * Every brand uses these until a back office edits them; site 8 (aurora) has USDT
 * withdrawals switched off, so the supportUsdt refusal can be seen and tested.
 */
export interface OrderSettings {
  /** Minutes a deposit order waits for payment before it expires (orderTimeOut). */
  depositTimeoutMinutes: number;
  /** Member cancellations a day before cancelling is refused (tooMany). */
  depositCancelsPerDay: number;
  /** Seconds between two urges of one order. */
  urgeIntervalSeconds: number;
  /** Minutes a withdrawal draw waits to be matched and paid (orderTimeOut). */
  withdrawTimeoutMinutes: number;
  withdrawMinMinor: number;
  withdrawMaxMinor: number;
  withdrawsPerDay: number;
  /** USDT withdrawals allowed (spec section 6: supportUsdt). */
  supportUsdt: boolean;
  usdtMinMinor: number;
  usdtMaxMinor: number;
  /** Fast withdrawal: split into draws of at most this many fen each, at most drawCount draws. */
  fastDrawMaxMinor: number;
  fastDrawCount: number;
}

const DEFAULTS: OrderSettings = {
  depositTimeoutMinutes: 15,
  depositCancelsPerDay: 3,
  urgeIntervalSeconds: 60,
  withdrawTimeoutMinutes: 30,
  withdrawMinMinor: 100_00,
  withdrawMaxMinor: 500_000_00,
  withdrawsPerDay: 10,
  supportUsdt: true,
  usdtMinMinor: 10_000_000,
  usdtMaxMinor: 100_000_000_000,
  fastDrawMaxMinor: 1_000_00,
  fastDrawCount: 5,
};

/** @example orderSettings(8).supportUsdt // false */
export function orderSettings(siteId: number): OrderSettings {
  return siteId === 8 ? { ...DEFAULTS, supportUsdt: false } : DEFAULTS;
}

/**
 * A bill number: a prefix, the UTC date and 14 random digits (two orders of one day share
 * a number with odds of about 1 in 20,000 at 100,000 orders a day; the unique index stops it).
 *
 * @example newBillNo('D', Date.now()) // 'D2026112112345678901234'
 */
export function newBillNo(prefix: 'D' | 'W', nowMs: number): string {
  const date = new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '');
  const random = randomInt(10 ** 7).toString().padStart(7, '0') + randomInt(10 ** 7).toString().padStart(7, '0');
  return `${prefix}${date}${random}`;
}

/** Start of the UTC day of `nowMs`, for daily limits. */
export function dayStartMs(nowMs: number): number {
  return nowMs - (nowMs % 86_400_000);
}
