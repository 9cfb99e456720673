import type { Queryable } from '../db/database.js';
import { ensureMemberAccounts, ensureSystemAccount } from './account-repository.js';
import { createTransfer } from './ledger-repository.js';
import type { Transfer } from './ledger-types.js';

/** The demo member's opening centre balance: 10,000.00 yuan (issue 3, item 10). */
export const DEMO_OPENING_BALANCE_MINOR = 10_000_00;

/**
 * Credits a member's centre wallet from the sandbox payment clearing account, as a
 * ledger transfer coded `seed_deposit` (seeding and tests only; real deposits move money
 * when a payment provider confirms). `reference` makes a repeated seed a no-op.
 *
 * @example await seedDeposit(tx, demo.id, DEMO_OPENING_BALANCE_MINOR, `seed:${demo.id}`);
 */
export async function seedDeposit(tx: Queryable, memberId: number, amountMinor: number, reference: string): Promise<Transfer | undefined> {
  const existing = await tx.query('SELECT 1 FROM ledger_transfers WHERE reference = $1', [reference]);
  if (existing.rows.length > 0) return undefined;
  const { centre } = await ensureMemberAccounts(tx, memberId);
  const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
  return createTransfer(tx, {
    debitAccountId: clearing.id,
    creditAccountId: centre.id,
    amountMinor,
    currency: 'CNY',
    code: 'seed_deposit',
    reference,
  });
}
