import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { createTransfers, ensureMemberAccounts, ensureSystemAccount, type TransferInput } from '../../ledger/index.js';
import { dayStartMs } from '../order-settings.js';
import { recordOrderEvent } from '../order-events.js';
import { DEPOSIT_STATE_NAME, depositStep, type DepositEvent } from './deposit-machine.js';
import type { DepositRow } from './deposit-repository.js';
import { payChannelOf } from './pay-channels.js';
import { creditUsdtDeposit, usdtDepositOf } from './usdt/usdt-credit.js';

const COLUMNS = `id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
  recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`;

/**
 * Moves a locked order by `event` through the table of deposit-machine.ts, refusing an
 * illegal step with illegalTransition. A `credit` step moves the amount from the
 * provider's clearing account to the centre wallet (and the discount from the house),
 * by transfers named for the order, so money moves at most once per order.
 *
 * @example const done = await transitionDeposit(tx, locked, 'operatorConfirm', 'operator:ops', Date.now());
 */
export async function transitionDeposit(tx: Queryable, row: DepositRow, event: DepositEvent, actor: string, nowMs: number, note = ''): Promise<DepositRow> {
  const step = depositStep(row.state, event);
  if (!step) {
    throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${DEPOSIT_STATE_NAME[row.state]} (${row.state}): ${event} is not allowed`);
  }
  const discountMinor = step.money === 'credit' ? await creditDeposit(tx, row, nowMs) : 0;
  const { rows } = await tx.query<DepositRow>(
    `UPDATE deposit_orders SET state = $2, discount_minor = discount_minor + $3, note = CASE WHEN $4 = '' THEN note ELSE $4 END,
       updated_at = to_timestamp($5::float8 / 1000.0)
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [row.id, step.to, discountMinor, note, nowMs],
  );
  await recordOrderEvent(tx, { kind: 'deposit', billNo: row.bill_no, event, from: row.state, to: step.to, actor, atMs: nowMs });
  return rows[0]!;
}

/** Credits the centre wallet (a USDT order: its route's wallet); answers the discount paid with it. */
async function creditDeposit(tx: Queryable, row: DepositRow, nowMs: number): Promise<number> {
  const usdt = await usdtDepositOf(tx, row.bill_no);
  if (usdt) {
    await creditUsdtDeposit(tx, row, usdt);
    return 0;
  }
  const { centre } = await ensureMemberAccounts(tx, row.member_id);
  const clearing = await ensureSystemAccount(tx, `payment_clearing:${row.provider}`, 'CNY');
  const transfers: TransferInput[] = [
    { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor: row.amount_minor, currency: 'CNY', code: 'deposit', reference: `deposit:${row.bill_no}`, orderReference: row.bill_no },
  ];
  const discountMinor = await discountFor(tx, row, nowMs);
  if (discountMinor > 0) {
    const house = await ensureSystemAccount(tx, 'house', 'CNY');
    transfers.push({ debitAccountId: house.id, creditAccountId: centre.id, amountMinor: discountMinor, currency: 'CNY', code: 'deposit_discount', reference: `deposit_discount:${row.bill_no}`, orderReference: row.bill_no });
  }
  await createTransfers(tx, transfers);
  return discountMinor;
}

/** The channel's discount (basis points, integer fen, rounded down), capped by what is left of today's maximum. */
async function discountFor(tx: Queryable, row: DepositRow, nowMs: number): Promise<number> {
  const channel = payChannelOf(row.site_id, row.pay_type_id);
  if (!channel || channel.discountBp === 0) return 0;
  const used = await discountUsedToday(tx, row.member_id, row.pay_type_id, nowMs);
  const left = Math.max(0, channel.maxDailyDiscountMinor - used);
  // Integer division rounding down, without a float quotient: amount times basis points
  // stays a safe integer (at most 2^53 / 10_000 fen before this refuses).
  const product = row.amount_minor * channel.discountBp;
  if (!Number.isSafeInteger(product)) throw new Error(`deposit ${row.bill_no}: discount out of the safe integer range`);
  return Math.min((product - (product % 10_000)) / 10_000, left);
}

/** Discount the member received today on one pay type, in fen. */
export async function discountUsedToday(q: Queryable, memberId: number, payTypeId: string, nowMs: number): Promise<number> {
  const { rows } = await q.query<{ used: number }>(
    `SELECT coalesce(sum(discount_minor), 0)::bigint AS used FROM deposit_orders
     WHERE member_id = $1 AND pay_type_id = $2 AND state = 104 AND updated_at >= to_timestamp($3::float8 / 1000.0)`,
    [memberId, payTypeId, dayStartMs(nowMs)],
  );
  return rows[0]!.used;
}

/**
 * Expires the member's orders whose payment time is over (101 -> 105). Runs before the
 * member's deposit calls read or open orders, so an expired order never shows as open.
 */
export async function expireDueDeposits(tx: Queryable, memberId: number, nowMs: number): Promise<void> {
  const { rows } = await tx.query<DepositRow>(
    `SELECT ${COLUMNS} FROM deposit_orders WHERE member_id = $1 AND state = 101 AND expires_at <= to_timestamp($2::float8 / 1000.0) FOR UPDATE`,
    [memberId, nowMs],
  );
  for (const row of rows) await transitionDeposit(tx, row, 'expire', 'system', nowMs);
}
