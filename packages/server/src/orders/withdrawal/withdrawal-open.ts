import { WITHDRAW_TYPE, fromMinor } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { dayStartMs, newBillNo, orderSettings } from '../order-settings.js';
import { recordOrderEvent } from '../order-events.js';
import { DRAW_COLUMNS, ORDER_COLUMNS, type DrawRow, type WithdrawalOrderRow } from './withdrawal-repository.js';
import { expireDueDraws, lockWithdrawal } from './withdrawal-service.js';

export interface OpenWithdrawalInput {
  memberId: number;
  siteId: number;
  currency: 'CNY' | 'USDT';
  amountMinor: number;
  /** 0 normal, 1 fast (split into draws of type 88888), 3 EbPay, 4 KoiPay, 30000 USDT. */
  withdrawType: number;
  /** Where the money goes (bank card, or USDT protocol and address), kept with the order. */
  payout: Record<string, string>;
}

/**
 * Splits a fast withdrawal into draws of at most `maxMinor` each.
 *
 * @example splitDraws(2_500_00, 1_000_00) // [1_000_00, 1_000_00, 500_00]
 */
export function splitDraws(amountMinor: number, maxMinor: number): number[] {
  const parts: number[] = [];
  for (let left = amountMinor; left > 0; left -= Math.min(left, maxMinor)) parts.push(Math.min(left, maxMinor));
  return parts;
}

/**
 * Opens a withdrawal: checks the amount and today's count, locks the amount (free wallet
 * -> locked wallet) and inserts the order and its draws, all matching (4011).
 *
 * @example const { order, draws } = await openWithdrawal(tx, { memberId, siteId: 4, currency: 'CNY', amountMinor: 200_00, withdrawType: 0, payout }, Date.now());
 */
export async function openWithdrawal(tx: Queryable, input: OpenWithdrawalInput, nowMs: number): Promise<{ order: WithdrawalOrderRow; draws: DrawRow[] }> {
  const settings = orderSettings(input.siteId);
  const [min, max, decimals] = input.currency === 'CNY' ? [settings.withdrawMinMinor, settings.withdrawMaxMinor, 2 as const] : [settings.usdtMinMinor, settings.usdtMaxMinor, 6 as const];
  if (input.amountMinor < min || input.amountMinor > max) throw new BusinessError('amountOutOfRange', `amount: must be between ${fromMinor(min, decimals)} and ${fromMinor(max, decimals)}`);
  const fast = input.withdrawType === WITHDRAW_TYPE.fast;
  const parts = fast ? splitDraws(input.amountMinor, settings.fastDrawMaxMinor) : [input.amountMinor];
  if (parts.length > settings.fastDrawCount) {
    throw new BusinessError('amountOutOfRange', `amount: a fast withdrawal is at most ${settings.fastDrawCount} draws of ${fromMinor(settings.fastDrawMaxMinor, 2)}`);
  }
  await expireDueDraws(tx, input.memberId, nowMs);
  const today = await tx.query<{ n: number; total: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= to_timestamp($2::float8 / 1000.0))::int AS n, count(*)::int AS total FROM withdrawal_orders WHERE member_id = $1`,
    [input.memberId, dayStartMs(nowMs)],
  );
  if (today.rows[0]!.n >= settings.withdrawsPerDay) throw new BusinessError('withdrawLimitReached', `at most ${settings.withdrawsPerDay} withdrawals a day`);
  const billNo = newBillNo('W', nowMs);
  const { rows } = await tx.query<WithdrawalOrderRow>(
    `INSERT INTO withdrawal_orders (bill_no, member_id, site_id, withdraw_type, currency, amount_minor, payout, first_draw, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9::float8 / 1000.0)) RETURNING ${ORDER_COLUMNS}`,
    [billNo, input.memberId, input.siteId, input.withdrawType, input.currency, input.amountMinor, JSON.stringify(input.payout), today.rows[0]!.total === 0, nowMs],
  );
  await lockWithdrawal(tx, input.memberId, input.currency, input.amountMinor, billNo);
  const draws: DrawRow[] = [];
  for (const [i, amountMinor] of parts.entries()) {
    const drawBill = fast ? `${billNo}-${i + 1}` : billNo;
    const inserted = await tx.query<DrawRow>(
      `INSERT INTO withdrawal_draws (bill_no, order_bill_no, member_id, withdraw_type, currency, amount_minor, state, timeout_minutes, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 4011, $7, to_timestamp($9::float8 / 1000.0), to_timestamp($8::float8 / 1000.0)) RETURNING ${DRAW_COLUMNS}`,
      [drawBill, billNo, input.memberId, fast ? WITHDRAW_TYPE.fastSplit : input.withdrawType, input.currency, amountMinor, settings.withdrawTimeoutMinutes, nowMs, nowMs + settings.withdrawTimeoutMinutes * 60_000],
    );
    draws.push(inserted.rows[0]!);
    await recordOrderEvent(tx, { kind: 'withdrawal', billNo: drawBill, event: 'open', from: null, to: 4011, actor: `member:${input.memberId}`, atMs: nowMs });
  }
  return { order: rows[0]!, draws };
}
