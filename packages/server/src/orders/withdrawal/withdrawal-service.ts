import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { LedgerError, createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../../ledger/index.js';
import { recordOrderEvent } from '../order-events.js';
import { DRAW_COLUMNS, type DrawRow } from './withdrawal-repository.js';
import { DRAW_STATE_NAME, drawStep, type DrawEvent } from './withdrawal-machine.js';

/** The member wallet and its locked twin of each currency, and where paid-out money goes. */
const WALLETS = {
  CNY: { free: 'centre', locked: 'locked', clearing: 'payment_clearing:withdrawal' },
  USDT: { free: 'usdt', locked: 'usdt_locked', clearing: 'payment_clearing:usdt' },
} as const;

/**
 * Locks a new order's amount: free wallet -> locked wallet, refused with exceedsBalance
 * when the wallet holds less.
 *
 * @example await lockWithdrawal(tx, memberId, 'CNY', 100_00, billNo);
 */
export async function lockWithdrawal(tx: Queryable, memberId: number, currency: 'CNY' | 'USDT', amountMinor: number, billNo: string): Promise<void> {
  const accounts = await ensureMemberAccounts(tx, memberId);
  const kinds = WALLETS[currency];
  try {
    await createTransfer(tx, {
      debitAccountId: accounts[kinds.free].id, creditAccountId: accounts[kinds.locked].id, amountMinor, currency,
      code: 'withdrawal_lock', reference: `withdrawal_lock:${billNo}`, orderReference: billNo,
    });
  } catch (error) {
    if (error instanceof LedgerError && error.rule === 'exceedsBalance') throw new BusinessError('exceedsBalance', `the ${kinds.free} wallet holds less than the amount`);
    throw error;
  }
}

/**
 * Moves a locked draw by `event` through the table of withdrawal-machine.ts (illegal:
 * illegalTransition). `release` pays the draw out of the locked wallet; `return` gives
 * it back to the member's wallet; each by a transfer named for the draw.
 *
 * @example await transitionDraw(tx, draw, 'memberConfirm', 'member:7', Date.now());
 */
export async function transitionDraw(tx: Queryable, draw: DrawRow, event: DrawEvent, actor: string, nowMs: number, note = ''): Promise<DrawRow> {
  const step = drawStep(draw.state, event);
  if (!step) throw new BusinessError('illegalTransition', `withdrawal ${draw.bill_no} is ${DRAW_STATE_NAME[draw.state]} (${draw.state}): ${event} is not allowed`);
  if (step.money !== 'none') await moveDrawMoney(tx, draw, step.money);
  const matchResult = step.to === 4013 ? 1 : step.to === 4011 ? 0 : draw.match_result;
  const { rows } = await tx.query<DrawRow>(
    `UPDATE withdrawal_draws SET state = $2, match_result = $3, note = CASE WHEN $4 = '' THEN note ELSE $4 END,
       updated_at = to_timestamp($5::float8 / 1000.0) WHERE id = $1 RETURNING ${DRAW_COLUMNS}`,
    [draw.id, step.to, matchResult, note, nowMs],
  );
  await recordOrderEvent(tx, { kind: 'withdrawal', billNo: draw.bill_no, event, from: draw.state, to: step.to, actor, atMs: nowMs });
  return rows[0]!;
}

async function moveDrawMoney(tx: Queryable, draw: DrawRow, money: 'release' | 'return'): Promise<void> {
  const accounts = await ensureMemberAccounts(tx, draw.member_id);
  const kinds = WALLETS[draw.currency];
  const locked = accounts[kinds.locked];
  const target = money === 'return' ? accounts[kinds.free] : await ensureSystemAccount(tx, kinds.clearing, draw.currency);
  await createTransfer(tx, {
    debitAccountId: locked.id, creditAccountId: target.id, amountMinor: draw.amount_minor, currency: draw.currency,
    code: money === 'return' ? 'withdrawal_return' : 'withdrawal_paid', reference: `withdrawal_${money}:${draw.bill_no}`, orderReference: draw.order_bill_no,
  });
}

/** Expires the member's draws still matching or waiting after their time (the lock returns). */
export async function expireDueDraws(tx: Queryable, memberId: number, nowMs: number): Promise<void> {
  const { rows } = await tx.query<DrawRow>(
    `SELECT ${DRAW_COLUMNS} FROM withdrawal_draws WHERE member_id = $1 AND state IN (4011, 4012)
       AND expires_at <= to_timestamp($2::float8 / 1000.0) ORDER BY id FOR UPDATE`,
    [memberId, nowMs],
  );
  for (const draw of rows) await transitionDraw(tx, draw, 'expire', 'system', nowMs);
}
