import { FLOW_MULTIPLE, fromMinor, type CallResponse, type flowRate } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/**
 * Turnover (valid bet) of a member: the valid bets of its settled bets, settled at or
 * after `since` when given. Open, void and cancelled bets count nothing; a corrected bet
 * counts its latest version (the row holds it).
 *
 * @example await turnoverMinorOf(db, memberId) // 5_000_00: VIP progress reads it
 */
export async function turnoverMinorOf(db: Queryable, memberId: number, since: Date | null = null): Promise<number> {
  const { rows } = await db.query<{ turnover: string | number }>(
    `SELECT coalesce(sum(valid_bet_minor), 0) AS turnover FROM game_bets
      WHERE member_id = $1 AND status = 'settled' AND ($2::timestamptz IS NULL OR settled_at >= $2)`,
    [memberId, since],
  );
  return Number(rows[0]?.turnover ?? 0);
}

/** Ledger codes whose credit to the centre wallet asks for turnover before a withdrawal. */
const FLOW_CODES = ['deposit', 'deposit_usdt_rmb', 'deposit_discount'];

/** Percent of a requirement met, whole and capped at 100; nothing required is met. */
function percentMet(doneMinor: number, requiredMinor: number): number {
  return requiredMinor <= 0 ? 100 : Math.min(100, Math.floor((doneMinor * 100) / requiredMinor));
}

/**
 * The flow rate (spec section 7, "Finance"): since the member's last paid withdrawal (or
 * ever), yuan deposits and deposit discounts credited to the centre wallet x FLOW_MULTIPLE
 * is the turnover required; valid bets settled since then are the turnover done.
 *
 * @example await flowRateOf(db, memberId) // { requiredFlow: 1000, doneFlow: 250, needFlow: 750, percent: 25, ... }
 */
export async function flowRateOf(db: Queryable, memberId: number): Promise<CallResponse<typeof flowRate>> {
  const last = await db.query<{ at: Date | null }>(
    `SELECT max(t.created_at) AS at FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.member_id = $1 AND t.code = 'withdrawal_paid'`,
    [memberId],
  );
  const since = last.rows[0]?.at ? new Date(last.rows[0].at) : null;
  const deposits = await db.query<{ amount: string | number }>(
    `SELECT coalesce(sum(t.amount_minor), 0) AS amount FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.member_id = $1 AND a.kind = 'centre' AND t.code = ANY($2::text[]) AND ($3::timestamptz IS NULL OR t.created_at > $3)`,
    [memberId, FLOW_CODES, since],
  );
  const depositsMinor = Number(deposits.rows[0]?.amount ?? 0);
  const requiredMinor = depositsMinor * FLOW_MULTIPLE;
  const doneMinor = await turnoverMinorOf(db, memberId, since);
  return {
    multiple: FLOW_MULTIPLE,
    since: since ? since.toISOString() : null,
    deposits: fromMinor(depositsMinor, 2),
    requiredFlow: fromMinor(requiredMinor, 2),
    doneFlow: fromMinor(doneMinor, 2),
    needFlow: fromMinor(Math.max(0, requiredMinor - doneMinor), 2),
    percent: percentMet(doneMinor, requiredMinor),
  };
}
