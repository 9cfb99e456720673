import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { LedgerError, applyTransfers, ensureAccounts, houseKindFor } from '../ledger/index.js';

/**
 * Spec section 3, "Change-money config". The spec shows the fields, not the numbers: the
 * site buys a member's USDT at 7.15000 yuan and sells at 7.25000 (rates times 1e5, the
 * spec's precision), 10 conversions a member a day (Beijing days).
 */
export const CHANGE_MONEY_SETTINGS = { buyRateE5: 7_15000, sellRateE5: 7_25000, dailyLimit: 10 } as const;

/** Minor units: 1 USDT is 1e6, 1 yuan is 1e2; rates are yuan per USDT times 1e5. */
const SCALE = 1_000_000n * 100_000n / 100n;

/**
 * Yuan (fen) for `usdtMinor` at `rateE5`, rounded DOWN to the fen: the member never
 * receives a fraction the site did not hold. Exact BigInt arithmetic.
 *
 * @example rmbForUsdt(1_000_000, 7_15000) // 715 (1 USDT is 7.15 yuan)
 */
export function rmbForUsdt(usdtMinor: number, rateE5: number): number {
  return safe((BigInt(usdtMinor) * BigInt(rateE5)) / SCALE);
}

/**
 * Micro-USDT for `rmbMinor` at `rateE5`, rounded DOWN to the micro-USDT.
 *
 * @example usdtForRmb(725, 7_25000) // 1_000_000 (7.25 yuan is 1 USDT)
 */
export function usdtForRmb(rmbMinor: number, rateE5: number): number {
  return safe((BigInt(rmbMinor) * SCALE) / BigInt(rateE5));
}

function safe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`conversion result ${value} exceeds the safe integer range`);
  return Number(value);
}

export interface Conversion {
  billNo: string;
  rateE5: number;
  rmbMinor: number;
  usdtMinor: number;
  centreMinor: number;
  usdtBalanceMinor: number;
}

/**
 * Converts inside `tx` as one linked batch of two transfers with the house (the member's
 * house slot): USDT to RMB pays USDT in and yuan out; RMB to USDT the reverse. Refuses an
 * amount that converts to nothing, a short wallet, or the day's eleventh conversion.
 *
 * @example await convert(tx, memberId, 'usdt_to_rmb', 1_000_000, dayStartMs)
 */
export async function convert(tx: Queryable, memberId: number, direction: 'usdt_to_rmb' | 'rmb_to_usdt', amountMinor: number, dayStartMs: number): Promise<Conversion> {
  const toRmb = direction === 'usdt_to_rmb';
  const rateE5 = toRmb ? CHANGE_MONEY_SETTINGS.buyRateE5 : CHANGE_MONEY_SETTINGS.sellRateE5;
  const usdtMinor = toRmb ? amountMinor : usdtForRmb(amountMinor, rateE5);
  const rmbMinor = toRmb ? rmbForUsdt(amountMinor, rateE5) : amountMinor;
  if (usdtMinor <= 0 || rmbMinor <= 0) throw new BusinessError('conversionTooSmall', 'the amount converts to less than the smallest unit');
  const house = houseKindFor(memberId);
  const [centre, usdt, houseCny, houseUsdt] = await ensureAccounts(tx, [
    { memberId, kind: 'centre', currency: 'CNY' }, { memberId, kind: 'usdt', currency: 'USDT' },
    { memberId: null, kind: house, currency: 'CNY' }, { memberId: null, kind: house, currency: 'USDT' },
  ]);
  const billNo = `CV${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  const usdtLeg = { debitAccountId: toRmb ? usdt!.id : houseUsdt!.id, creditAccountId: toRmb ? houseUsdt!.id : usdt!.id, amountMinor: usdtMinor, currency: 'USDT' as const };
  const rmbLeg = { debitAccountId: toRmb ? houseCny!.id : centre!.id, creditAccountId: toRmb ? centre!.id : houseCny!.id, amountMinor: rmbMinor, currency: 'CNY' as const };
  let balances: Map<number, number>;
  try {
    ({ balancesMinor: balances } = await applyTransfers(tx, [
      { ...usdtLeg, code: direction, reference: `${billNo}:usdt`, orderReference: billNo },
      { ...rmbLeg, code: direction, reference: `${billNo}:rmb`, orderReference: billNo },
    ]));
  } catch (error) {
    if (error instanceof LedgerError && error.rule === 'exceedsBalance') throw new BusinessError('exceedsBalance', `the ${toRmb ? 'USDT' : 'centre'} wallet holds less than the amount`);
    throw error;
  }
  if ((await conversionsSince(tx, memberId, dayStartMs)) >= CHANGE_MONEY_SETTINGS.dailyLimit) {
    throw new BusinessError('conversionLimit', `at most ${CHANGE_MONEY_SETTINGS.dailyLimit} conversions a day`);
  }
  await tx.query(
    'INSERT INTO wallet_conversions (bill_no, member_id, direction, rmb_minor, usdt_minor, rate_e5) VALUES ($1, $2, $3, $4, $5, $6)',
    [billNo, memberId, direction, rmbMinor, usdtMinor, rateE5],
  );
  return { billNo, rateE5, rmbMinor, usdtMinor, centreMinor: balances.get(centre!.id)!, usdtBalanceMinor: balances.get(usdt!.id)! };
}

/** The member's conversions since an instant (the start of the day). */
export async function conversionsSince(q: Queryable, memberId: number, sinceMs: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM wallet_conversions WHERE member_id = $1 AND created_at >= to_timestamp($2::double precision / 1000)',
    [memberId, sinceMs],
  );
  return rows[0]!.n;
}
