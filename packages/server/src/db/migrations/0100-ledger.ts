import type { Migration } from '../migration.js';

/**
 * The double-entry ledger (issue 3), shaped like TigerBeetle: accounts with posted
 * debits and credits, and immutable transfers. The database itself keeps the rules a bug
 * must never break:
 * - a member account never goes below zero (flag bit 1, `debits_must_not_exceed_credits`,
 *   which every member account must carry);
 * - a balance changes only by inserting a transfer (a trigger applies it; a direct
 *   UPDATE of posted amounts is refused), so every change is traceable to its transfer;
 * - a transfer is immutable, positive, between two different accounts of its currency.
 * All amounts are integers of minor units (CNY 2 decimals, USDT 6, COIN 0).
 */
export const ledgerMigration: Migration = {
  id: 100,
  name: 'ledger accounts and transfers',
  up: `
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint,
  kind text NOT NULL CHECK (kind ~ '^[a-z_]+(:[A-Za-z0-9_.-]{1,64})?$'),
  currency text NOT NULL CHECK (currency IN ('CNY', 'USDT', 'COIN')),
  flags integer NOT NULL DEFAULT 0,
  debits_posted_minor bigint NOT NULL DEFAULT 0 CHECK (debits_posted_minor >= 0),
  credits_posted_minor bigint NOT NULL DEFAULT 0 CHECK (credits_posted_minor >= 0),
  balance_minor bigint GENERATED ALWAYS AS (credits_posted_minor - debits_posted_minor) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_member_flagged CHECK (member_id IS NULL OR (flags & 1) = 1),
  CONSTRAINT ledger_accounts_debits_must_not_exceed_credits
    CHECK ((flags & 1) = 0 OR debits_posted_minor <= credits_posted_minor),
  CONSTRAINT ledger_accounts_identity UNIQUE NULLS NOT DISTINCT (member_id, kind, currency),
  CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency)
);

CREATE TABLE ledger_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  debit_account_id bigint NOT NULL,
  credit_account_id bigint NOT NULL,
  amount_minor bigint NOT NULL CONSTRAINT ledger_transfers_amount_positive CHECK (amount_minor > 0),
  currency text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$'),
  order_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transfers_reference UNIQUE (reference),
  CONSTRAINT ledger_transfers_accounts_must_be_different CHECK (debit_account_id <> credit_account_id),
  CONSTRAINT ledger_transfers_debit_account FOREIGN KEY (debit_account_id, currency)
    REFERENCES ledger_accounts (id, currency),
  CONSTRAINT ledger_transfers_credit_account FOREIGN KEY (credit_account_id, currency)
    REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_transfers_by_debit ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_by_credit ON ledger_transfers (credit_account_id, id);
CREATE INDEX ledger_transfers_by_order ON ledger_transfers (order_reference) WHERE order_reference IS NOT NULL;

-- Applies a new transfer to both accounts. The caller has already locked the rows in id
-- order; the CHECK constraints above refuse an overdraft even if the caller did not look.
CREATE FUNCTION ledger_apply_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET debits_posted_minor = debits_posted_minor + NEW.amount_minor
    WHERE id = NEW.debit_account_id;
  UPDATE ledger_accounts SET credits_posted_minor = credits_posted_minor + NEW.amount_minor
    WHERE id = NEW.credit_account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_transfers_apply AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_transfer();

CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable' USING ERRCODE = 'LG001';
END $$;
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_immutable();

-- Accounts are never deleted, keep their identity, start empty, and change their posted
-- amounts only from ledger_apply_transfer (trigger depth 2).
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'LG002';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.debits_posted_minor <> 0 OR NEW.credits_posted_minor <> 0 THEN
      RAISE EXCEPTION 'ledger accounts start empty' USING ERRCODE = 'LG003';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.id <> OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id
     OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'ledger account identity is immutable' USING ERRCODE = 'LG004';
  END IF;
  IF pg_trigger_depth() < 2 AND (NEW.debits_posted_minor <> OLD.debits_posted_minor
     OR NEW.credits_posted_minor <> OLD.credits_posted_minor) THEN
    RAISE EXCEPTION 'ledger balances change only through transfers' USING ERRCODE = 'LG005';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
`,
  down: `
DROP TABLE ledger_transfers;
DROP TABLE ledger_accounts;
DROP FUNCTION ledger_apply_transfer();
DROP FUNCTION ledger_transfers_immutable();
DROP FUNCTION ledger_accounts_guard();
`,
};
