import type { Migration } from '../migration.js';

/**
 * The ledger's two pattern checks in an equivalent form without a bounded repetition
 * (`{0,63}`, `{1,64}`). PostgreSQL's regex engine expands a bounded repetition into one
 * state per repeat, so each check cost about 7 us a row: on every transfer inserted
 * (`code`) and, since a CHECK is evaluated on every UPDATE, on every account a posting
 * updates (`kind`); about an eighth of a bet-sync page (issue 18 benchmark). The same
 * strings pass and fail; a length test bounds what the repetition bounded (about 1 us a row).
 * - `ledger_transfers.code`: `^[a-z][a-z0-9_]{0,63}$` = `^[a-z][a-z0-9_]*$` and at most
 *   64 characters.
 * - `ledger_accounts.kind`: `^[a-z_]+(:[A-Za-z0-9_.-]{1,64})?$` = `^[a-z_]+(:[A-Za-z0-9_.-]+)?$`
 *   and, when there is a `:` (the first is the separator: the prefix has none), at most
 *   64 characters after it.
 */
export const ledgerChecksWithoutBoundedRegexMigration: Migration = {
  id: 1180,
  name: 'ledger pattern checks without bounded repetition',
  up: `
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_code_check,
  ADD CONSTRAINT ledger_transfers_code_check CHECK (code ~ '^[a-z][a-z0-9_]*$' AND length(code) <= 64);
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check,
  ADD CONSTRAINT ledger_accounts_kind_check
    CHECK (kind ~ '^[a-z_]+(:[A-Za-z0-9_.-]+)?$' AND (position(':' in kind) = 0 OR length(kind) - position(':' in kind) <= 64));
`,
  down: `
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check,
  ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind ~ '^[a-z_]+(:[A-Za-z0-9_.-]{1,64})?$');
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_code_check,
  ADD CONSTRAINT ledger_transfers_code_check CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$');
`,
};
