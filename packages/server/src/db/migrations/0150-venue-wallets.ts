import type { Migration } from '../migration.js';

/**
 * Venue wallets (issue 3): our side of every venue transfer, the per-member throttle
 * counters and wallet settings, and the sandbox venue's own books (what a remote venue
 * keeps on its side; only the sandbox provider reads or writes them).
 */
export const venueWalletsMigration: Migration = {
  id: 150,
  name: 'venue wallets',
  up: `
CREATE TABLE venue_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id text NOT NULL UNIQUE,
  member_id bigint NOT NULL,
  venue_code text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  state text NOT NULL CHECK (state IN ('pending', 'completed', 'failed')),
  request_key text NOT NULL,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (member_id, request_key, venue_code)
);
CREATE INDEX venue_transfers_pending ON venue_transfers (member_id) WHERE state = 'pending';
CREATE TABLE member_throttles (
  member_id bigint NOT NULL,
  action text NOT NULL,
  last_at_ms bigint NOT NULL,
  PRIMARY KEY (member_id, action)
);
CREATE TABLE member_wallet_settings (
  member_id bigint PRIMARY KEY,
  wallet_type smallint NOT NULL DEFAULT 1 CHECK (wallet_type IN (1, 2)),
  auto_transfer smallint NOT NULL DEFAULT 0 CHECK (auto_transfer IN (0, 1))
);
CREATE TABLE sandbox_venue_wallets (
  venue_code text NOT NULL,
  member_id bigint NOT NULL,
  balance_minor bigint NOT NULL DEFAULT 0 CHECK (balance_minor >= 0),
  PRIMARY KEY (venue_code, member_id)
);
CREATE TABLE sandbox_venue_transfers (
  transfer_id text PRIMARY KEY,
  venue_code text NOT NULL,
  member_id bigint NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  state text NOT NULL CHECK (state IN ('succeeded', 'failed')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  down: `DROP TABLE sandbox_venue_transfers; DROP TABLE sandbox_venue_wallets; DROP TABLE member_wallet_settings;
DROP TABLE member_throttles; DROP TABLE venue_transfers;`,
};
