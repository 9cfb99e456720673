import type { Queryable } from '../db/database.js';
import type { Currency } from './ledger-types.js';

/** What the ledger's invariants look like right now; `ok` when every one holds. */
export interface LedgerAudit {
  ok: boolean;
  /** Sum of balances per currency: always zero in a sound ledger. */
  sumByCurrency: Partial<Record<Currency, number>>;
  /** Member accounts below zero: always none. */
  negativeMemberAccountIds: number[];
  /** Accounts whose posted amounts differ from the sum of their transfers: always none. */
  untraceableAccountIds: number[];
}

/**
 * Checks the invariants of issue 3 over the whole ledger: per-currency sums are zero,
 * no member balance is negative, every posted amount is the sum of its transfers.
 *
 * @example expect((await auditLedger(db)).ok).toBe(true);
 */
export async function auditLedger(q: Queryable): Promise<LedgerAudit> {
  const sums = await q.query<{ currency: Currency; sum: number }>(
    'SELECT currency, SUM(balance_minor)::bigint AS sum FROM ledger_accounts GROUP BY currency ORDER BY currency',
  );
  const negative = await q.query<{ id: number }>(
    'SELECT id FROM ledger_accounts WHERE member_id IS NOT NULL AND balance_minor < 0 ORDER BY id',
  );
  const untraceable = await q.query<{ id: number }>(`
    SELECT a.id FROM ledger_accounts a
    LEFT JOIN (SELECT debit_account_id AS id, SUM(amount_minor)::bigint AS total FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
    LEFT JOIN (SELECT credit_account_id AS id, SUM(amount_minor)::bigint AS total FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
    WHERE a.debits_posted_minor <> COALESCE(d.total, 0) OR a.credits_posted_minor <> COALESCE(c.total, 0)
    ORDER BY a.id`);
  const sumByCurrency = Object.fromEntries(sums.rows.map((row) => [row.currency, row.sum]));
  const negativeMemberAccountIds = negative.rows.map((row) => row.id);
  const untraceableAccountIds = untraceable.rows.map((row) => row.id);
  const ok =
    sums.rows.every((row) => row.sum === 0) && negativeMemberAccountIds.length === 0 && untraceableAccountIds.length === 0;
  return { ok, sumByCurrency, negativeMemberAccountIds, untraceableAccountIds };
}
