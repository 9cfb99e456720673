import type { Migration } from '../migration.js';

/**
 * The seamless wallet (issue 18, docs/SEAMLESS-WALLET.md): every request a provider made
 * to lobby's endpoint, by the provider's transaction id, with the answer lobby gave
 * (serialized, so a repeat gets it byte for byte), and the provider's rounds, so that none
 * stays open past its bound. A row with a null `body_hash` is a tombstone: a rollback
 * came before the bet it names, and that bet, should it arrive, is refused.
 */
export const seamlessWalletMigration: Migration = {
  id: 730,
  name: 'seamless wallet',
  up: `
CREATE TABLE seamless_rounds (
  provider_id text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'completed', 'cancelled')),
  opened_at timestamptz NOT NULL,
  last_activity_at timestamptz NOT NULL,
  ended_at timestamptz,
  PRIMARY KEY (provider_id, round_id)
);
CREATE INDEX seamless_rounds_open ON seamless_rounds (last_activity_at) WHERE status = 'open';
CREATE TABLE seamless_transactions (
  provider_id text NOT NULL,
  transaction_id text NOT NULL,
  operation text NOT NULL CHECK (operation IN ('bet', 'win', 'rollback')),
  body_hash text,
  round_id text,
  member_id bigint,
  venue_code text,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  debit_state text CHECK (debit_state IN ('debited', 'credited', 'settled', 'rolled_back', 'refused')),
  answer text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, transaction_id)
);
CREATE INDEX seamless_transactions_round_bets ON seamless_transactions (provider_id, round_id) WHERE operation = 'bet';
`,
  down: 'DROP TABLE seamless_transactions; DROP TABLE seamless_rounds;',
};
