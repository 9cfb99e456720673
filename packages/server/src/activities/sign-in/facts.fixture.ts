import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../../ledger/index.js';

/**
 * Test fixtures of the facts sign-in and new-member tasks read: a confirmed deposit as the
 * deposit flow leaves it (order state 104 completed at `at`, the money in the centre wallet
 * through a `deposit` transfer) and a completed withdrawal (draw state 4015 at `at`).
 */
export async function confirmedDeposit(db: Database, memberId: number, amountMinor: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const billNo = `T${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const { rows } = await tx.query<{ site_id: number }>('SELECT site_id FROM members WHERE id = $1', [memberId]);
    await tx.query(
      `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, '1', $4, 104, 'sandbox', 30, $5, $5, $5)`,
      [billNo, memberId, rows[0]!.site_id, amountMinor, at],
    );
    const { centre } = await ensureMemberAccounts(tx, memberId);
    const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
    await createTransfer(tx, { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor, currency: 'CNY', code: 'deposit', reference: `deposit:${billNo}` });
  });
}

/** A withdrawal whose draw completed (4015) at `at` (the money movement is not part of this fixture). */
export async function completedWithdrawal(db: Database, memberId: number, amountMinor: number, at: Date): Promise<void> {
  const billNo = `W${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const { rows } = await db.query<{ site_id: number }>('SELECT site_id FROM members WHERE id = $1', [memberId]);
  await db.query(
    `INSERT INTO withdrawal_orders (bill_no, member_id, site_id, withdraw_type, currency, amount_minor, created_at) VALUES ($1, $2, $3, 0, 'CNY', $4, $5)`,
    [billNo, memberId, rows[0]!.site_id, amountMinor, at],
  );
  await db.query(
    `INSERT INTO withdrawal_draws (bill_no, order_bill_no, member_id, withdraw_type, currency, amount_minor, state, timeout_minutes, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, 0, 'CNY', $4, 4015, 30, $5, $5, $5)`,
    [`${billNo}-1`, billNo, memberId, amountMinor, at],
  );
}
