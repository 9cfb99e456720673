import type { Migration } from '../migration.js';

/**
 * Yuebao interest accruals (one row per member and day, so accrual is idempotent), bank
 * cards, virtual currency and e-wallet addresses, and USDT conversions (issue 3).
 */
export const yuebaoBanksMigration: Migration = {
  id: 151,
  name: 'yuebao, banks and conversions',
  up: `
CREATE TABLE yuebao_accruals (
  member_id bigint NOT NULL,
  accrual_date date NOT NULL,
  balance_minor bigint NOT NULL CHECK (balance_minor >= 0),
  interest_minor bigint NOT NULL CHECK (interest_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, accrual_date)
);
CREATE TABLE member_bank_cards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL,
  card_type smallint NOT NULL CHECK (card_type IN (0, 1)),
  bank_name text NOT NULL,
  card_no text NOT NULL,
  real_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, card_no)
);
CREATE TABLE member_virtual_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL,
  protocol smallint NOT NULL CHECK (protocol BETWEEN 0 AND 8),
  address text NOT NULL,
  alias text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, protocol, address)
);
CREATE TABLE wallet_conversions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL,
  direction text NOT NULL CHECK (direction IN ('usdt_to_rmb', 'rmb_to_usdt')),
  rmb_minor bigint NOT NULL CHECK (rmb_minor > 0),
  usdt_minor bigint NOT NULL CHECK (usdt_minor > 0),
  rate_e5 integer NOT NULL CHECK (rate_e5 > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_conversions_by_member ON wallet_conversions (member_id, created_at);
`,
  down: `DROP TABLE wallet_conversions; DROP TABLE member_virtual_addresses; DROP TABLE member_bank_cards; DROP TABLE yuebao_accruals;`,
};
