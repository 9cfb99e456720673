import type { Migration } from '../migration.js';

/**
 * Games (issue 18): lobby's record of every bet a member placed at a venue, whichever
 * wallet model the venue uses. Seamless venues write it from the provider's bet, win and
 * rollback calls; transfer venues from the bet records lobby pulls. The bet-record pages,
 * turnover (VIP progress, flow rate) and the member's transaction records read it.
 * A correction of a settled bet bumps `version` and posts a compensating ledger entry;
 * the ledger rows it posted are never edited.
 */
export const gameBetsMigration: Migration = {
  id: 700,
  name: 'game bets',
  up: `
CREATE TABLE game_bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_code text NOT NULL,
  provider_bet_id text NOT NULL,
  round_id text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  member_id bigint NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL DEFAULT 'CNY',
  stake_minor bigint NOT NULL CHECK (stake_minor >= 0),
  valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (valid_bet_minor >= 0),
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  status text NOT NULL CHECK (status IN ('open', 'settled', 'void', 'cancelled')),
  result text NOT NULL DEFAULT '',
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (venue_code, provider_bet_id)
);
CREATE INDEX game_bets_member_placed ON game_bets (member_id, placed_at DESC);
CREATE INDEX game_bets_open ON game_bets (placed_at) WHERE status = 'open';
`,
  down: 'DROP TABLE game_bets;',
};
