import type { Queryable } from '../db/database.js';
import type { Currency } from './ledger-types.js';

/** An account named in an audit finding. */
export interface AuditedAccount {
  id: number;
  memberId: number | null;
  kind: string;
  currency: Currency;
  balanceMinor: number;
}

/** An account whose posted amounts differ from the sums of its transfers. */
export interface UntraceableAccount extends AuditedAccount {
  debitsPostedMinor: number;
  creditsPostedMinor: number;
  transferDebitsMinor: number;
  transferCreditsMinor: number;
}

/** What the ledger's invariants look like right now; `ok` when every one holds. */
export interface LedgerAudit {
  ok: boolean;
  /** Sum of balances per currency: always zero in a sound ledger. */
  sumByCurrency: Partial<Record<Currency, number>>;
  /** Member accounts below zero: always none. */
  negativeMemberAccountIds: number[];
  negativeMemberAccounts: AuditedAccount[];
  /** Accounts whose posted amounts differ from the sum of their transfers: always none. */
  untraceableAccountIds: number[];
  untraceableAccounts: UntraceableAccount[];
}

const ACCOUNT_COLUMNS = `a.id, a.member_id AS "memberId", a.kind, a.currency, a.balance_minor::bigint AS "balanceMinor"`;

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
  const negative = await q.query<AuditedAccount>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts a WHERE a.member_id IS NOT NULL AND a.balance_minor < 0 ORDER BY a.id`,
  );
  const untraceable = await q.query<UntraceableAccount>(`
    SELECT ${ACCOUNT_COLUMNS}, a.debits_posted_minor::bigint AS "debitsPostedMinor", a.credits_posted_minor::bigint AS "creditsPostedMinor",
           COALESCE(d.total, 0)::bigint AS "transferDebitsMinor", COALESCE(c.total, 0)::bigint AS "transferCreditsMinor"
    FROM ledger_accounts a
    LEFT JOIN (SELECT debit_account_id AS id, SUM(amount_minor)::bigint AS total FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
    LEFT JOIN (SELECT credit_account_id AS id, SUM(amount_minor)::bigint AS total FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
    WHERE a.debits_posted_minor <> COALESCE(d.total, 0) OR a.credits_posted_minor <> COALESCE(c.total, 0)
    ORDER BY a.id`);
  const sumByCurrency = Object.fromEntries(sums.rows.map((row) => [row.currency, row.sum]));
  const negativeMemberAccounts = negative.rows;
  const untraceableAccounts = untraceable.rows;
  const ok = sums.rows.every((row) => row.sum === 0) && negativeMemberAccounts.length === 0 && untraceableAccounts.length === 0;
  return {
    ok,
    sumByCurrency,
    negativeMemberAccountIds: negativeMemberAccounts.map((account) => account.id),
    negativeMemberAccounts,
    untraceableAccountIds: untraceableAccounts.map((account) => account.id),
    untraceableAccounts,
  };
}

