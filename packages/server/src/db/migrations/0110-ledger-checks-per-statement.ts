import type { Migration } from '../migration.js';
import { ledgerApplyTransfers106 } from './0106-ledger-statement-posting.js';

/**
 * The ledger's account rules checked once per statement instead of once per row (issue 3:
 * the coin purchase batch spent about a quarter of its database time in 40 foreign-key
 * lookups per 10 purchases, and a PL/pgSQL guard call per account it posted). The rules
 * are the same; where they are enforced changed:
 * - A transfer must name two existing accounts of its own currency. The two foreign keys
 *   `(debit_account_id, currency)` and `(credit_account_id, currency)` are dropped; the
 *   statement-level posting trigger (`ledger_apply_transfers`, migration 0106) now posts
 *   only to accounts whose id AND currency match its transfers, and refuses the whole
 *   statement (SQLSTATE 23503, constraint `ledger_transfers_account_currency`) when any
 *   (account, currency) pair of its transfers found no account. What the foreign keys
 *   also kept, that no account a transfer names can disappear or change currency, the
 *   accounts guard keeps: accounts are never deleted and their identity never changes.
 * - The accounts guard (migration 0100) runs for UPDATE only when an UPDATE breaks a rule:
 *   the trigger's WHEN clause holds the same test as the function (identity changed, or
 *   posted amounts changed outside a trigger: `pg_trigger_depth() < 1` in WHEN, which is
 *   evaluated before the guard is entered, is the function's `pg_trigger_depth() < 2`), so
 *   a legal posting no longer calls PL/pgSQL per account. INSERT and DELETE still always
 *   run the guard.
 */
export const ledgerChecksPerStatementMigration: Migration = {
  id: 110,
  name: 'ledger account rules checked per statement',
  up: `
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_debit_account;
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_credit_account;
CREATE OR REPLACE FUNCTION ledger_apply_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text;
  wanted integer;
  posted integer;
BEGIN
  WITH moves AS (
    SELECT debit_account_id AS account_id, currency, amount_minor AS debit, 0::bigint AS credit FROM new_transfers
    UNION ALL
    SELECT credit_account_id, currency, 0::bigint, amount_minor FROM new_transfers
  ), sums AS (
    SELECT account_id, currency, sum(debit)::bigint AS debits, sum(credit)::bigint AS credits
      FROM moves GROUP BY account_id, currency
  ), applied AS (
    UPDATE ledger_accounts a
       SET debits_posted_minor = a.debits_posted_minor + s.debits,
           credits_posted_minor = a.credits_posted_minor + s.credits
      FROM sums s
     WHERE a.id = s.account_id AND a.currency = s.currency
    RETURNING a.member_id
  )
  SELECT (SELECT count(*) FROM sums), count(*), string_agg(DISTINCT member_id::text, ',')
    INTO wanted, posted, members FROM applied;
  IF posted <> wanted THEN
    RAISE EXCEPTION 'a transfer names an account that does not exist or holds another currency'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_transfers_account_currency', TABLE = 'ledger_transfers';
  END IF;
  IF members IS NOT NULL THEN
    PERFORM pg_notify('lobby_ledger', CASE WHEN length(members) > 7000 THEN '*' ELSE members END);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_guard_update BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW
  WHEN (NEW.id <> OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency
        OR ((NEW.debits_posted_minor <> OLD.debits_posted_minor OR NEW.credits_posted_minor <> OLD.credits_posted_minor)
            AND pg_trigger_depth() < 1))
  EXECUTE FUNCTION ledger_accounts_guard();
`,
  down: `
DROP TRIGGER ledger_accounts_guard_update ON ledger_accounts;
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE OR REPLACE FUNCTION ${ledgerApplyTransfers106}ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_debit_account FOREIGN KEY (debit_account_id, currency)
  REFERENCES ledger_accounts (id, currency);
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_credit_account FOREIGN KEY (credit_account_id, currency)
  REFERENCES ledger_accounts (id, currency);
`,
};
