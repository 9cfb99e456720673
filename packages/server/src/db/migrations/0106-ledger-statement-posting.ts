import type { Migration } from '../migration.js';

/** The statement-level posting function of this migration, after `CREATE [OR REPLACE] FUNCTION ` (migration 0110's down restores it). */
export const ledgerApplyTransfers106 = `ledger_apply_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text;
BEGIN
  WITH moves AS (
    SELECT debit_account_id AS account_id, amount_minor AS debit, 0::bigint AS credit FROM new_transfers
    UNION ALL
    SELECT credit_account_id, 0::bigint, amount_minor FROM new_transfers
  ), sums AS (
    SELECT account_id, sum(debit)::bigint AS debits, sum(credit)::bigint AS credits FROM moves GROUP BY account_id
  ), posted AS (
    UPDATE ledger_accounts a
       SET debits_posted_minor = a.debits_posted_minor + s.debits,
           credits_posted_minor = a.credits_posted_minor + s.credits
      FROM sums s
     WHERE a.id = s.account_id
    RETURNING a.member_id
  )
  SELECT string_agg(DISTINCT member_id::text, ',') INTO members FROM posted WHERE member_id IS NOT NULL;
  IF members IS NOT NULL THEN
    PERFORM pg_notify('lobby_ledger', CASE WHEN length(members) > 7000 THEN '*' ELSE members END);
  END IF;
  RETURN NULL;
END $$;
`;

/**
 * Posts transfers once per INSERT statement instead of once per row (issue 3: a batch of
 * coin purchases moves the same house slot many times; per row, each transfer was two
 * account UPDATEs, each a new row version of the account). The AFTER INSERT trigger now
 * reads the statement's new transfers (a transition table), sums them per account and
 * updates every touched account once. The rules stay where they were:
 * - a balance still changes only through an inserted transfer: the guard trigger of
 *   migration 0100 still refuses any other change of posted amounts (trigger depth < 2);
 * - a member balance below zero is still refused by the CHECK constraint, now checked on
 *   the statement's net effect per account (every statement still leaves every member
 *   account at or above zero; `createTransfers` and the purchase functions check each
 *   transfer in order before inserting, so they still name the first broken rule);
 * - transfers stay immutable, and the sum of one currency's balances stays zero (each
 *   transfer adds its amount to one account's debits and one account's credits).
 * It also tells every server instance whose money moved: `pg_notify('lobby_ledger', ids)`
 * with the member ids whose accounts the statement touched, comma separated (or `*` when
 * the list would be long), delivered on commit only. The balance caches of the HTTP layer
 * listen to it (docs/WALLET.md, "Read path caches").
 */
export const ledgerStatementPostingMigration: Migration = {
  id: 106,
  name: 'ledger posts transfers per statement and notifies money moves',
  up: `
CREATE FUNCTION ${ledgerApplyTransfers106}DROP TRIGGER ledger_transfers_apply ON ledger_transfers;
CREATE TRIGGER ledger_transfers_apply AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS new_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_transfers();
`,
  down: `
DROP TRIGGER ledger_transfers_apply ON ledger_transfers;
CREATE TRIGGER ledger_transfers_apply AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_transfer();
DROP FUNCTION ledger_apply_transfers();
`,
};
