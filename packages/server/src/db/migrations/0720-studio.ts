import type { Migration } from '../migration.js';

/**
 * The sandbox studio's own books (issue 18; docs/STUDIO.md): a game provider that keeps
 * its sessions, seed pairs, rounds and bet-record feed in tables of its own (prefix
 * `studio_`), as a remote system would. Transfer venues play against the sandbox venue's
 * `sandbox_venue_wallets`; seamless venues against lobby's seamless wallet; demo sessions
 * hold fun money in the session row.
 */
export const studioMigration: Migration = {
  id: 720,
  name: 'sandbox studio',
  up: `
CREATE TABLE studio_sessions (
  session_hash text PRIMARY KEY,
  member_id bigint,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  wallet_model text NOT NULL CHECK (wallet_model IN ('transfer', 'seamless', 'demo')),
  language text NOT NULL,
  launch_token_hash text UNIQUE,
  demo_balance_minor bigint CHECK (demo_balance_minor >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK ((member_id IS NULL) = (wallet_model = 'demo'))
);

CREATE TABLE studio_seed_pairs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner text NOT NULL,
  venue_code text NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL,
  revealed_at timestamptz
);
CREATE UNIQUE INDEX studio_seed_pairs_active ON studio_seed_pairs (owner, venue_code) WHERE revealed_at IS NULL;

CREATE TABLE studio_rounds (
  round_id text PRIMARY KEY,
  session_hash text NOT NULL,
  request_id text NOT NULL,
  member_id bigint,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  wallet_model text NOT NULL CHECK (wallet_model IN ('transfer', 'seamless', 'demo')),
  seed_pair_id bigint NOT NULL REFERENCES studio_seed_pairs (id),
  client_seed text NOT NULL,
  nonce integer NOT NULL,
  bet jsonb NOT NULL,
  outcome jsonb,
  result text NOT NULL DEFAULT '',
  stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  status text NOT NULL CHECK (status IN ('open', 'completed', 'cancelled')),
  wallet_step text NOT NULL DEFAULT 'done' CHECK (wallet_step IN ('debit', 'credit', 'rollback', 'done')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (session_hash, request_id),
  UNIQUE (seed_pair_id, nonce)
);
CREATE INDEX studio_rounds_member ON studio_rounds (member_id, venue_code, game_code, created_at DESC);
CREATE INDEX studio_rounds_session ON studio_rounds (session_hash, created_at DESC);
CREATE INDEX studio_rounds_open ON studio_rounds (created_at) WHERE status = 'open';

CREATE TABLE studio_wallet_moves (
  bet_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stake', 'payout', 'refund', 'correction')),
  version integer NOT NULL DEFAULT 1,
  venue_code text NOT NULL,
  member_id bigint NOT NULL,
  amount_minor bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (bet_id, kind, version)
);

CREATE TABLE studio_feed_heads (
  venue_code text PRIMARY KEY,
  last_sequence bigint NOT NULL DEFAULT 0
);

CREATE TABLE studio_bet_feed (
  venue_code text NOT NULL,
  sequence bigint NOT NULL,
  bet_id text NOT NULL,
  round_id text NOT NULL,
  version integer NOT NULL,
  member_id bigint NOT NULL,
  game_code text NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
  valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor >= 0),
  payout_minor bigint NOT NULL CHECK (payout_minor >= 0),
  status text NOT NULL CHECK (status IN ('settled', 'void', 'cancelled')),
  result text NOT NULL,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (venue_code, sequence),
  UNIQUE (venue_code, bet_id, version)
);
`,
  down: 'DROP TABLE studio_bet_feed; DROP TABLE studio_feed_heads; DROP TABLE studio_wallet_moves; DROP TABLE studio_rounds; DROP TABLE studio_seed_pairs; DROP TABLE studio_sessions;',
};
