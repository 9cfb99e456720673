import type { Migration } from '../migration.js';

/**
 * The sportsbook (issue 19; docs/SPORTSBOOK.md): lobby's own book at the sports and
 * e-sports venues, kept like a remote venue's system (prefix `sportsbook_`).
 * - `sportsbook_slips`: one row per member and slip id, with the slip's fingerprint and its
 *   first answer (a repeat answers it, another slip under the id is refused);
 * - `sportsbook_bets` / `sportsbook_legs`: each bet (a single is one bet per leg) and its
 *   legs as taken (odds, market version, names shown); `payout_minor` is the settlement's
 *   figure, `paid_minor` what the venue wallet actually got back for the bet (stake not
 *   counted), `in_books` whether the bet's newest feed entry is a settled one (the audit's
 *   open stakes leave it out);
 * - `sportsbook_market_results`: each market's outcome as last applied (state, results,
 *   cancel windows), from which every bet on it is recomputed; `settled_version` is the
 *   version every bet on the market was brought to (a crash between chunks leaves it behind);
 * - `sportsbook_stake_moves`: the stake and refund moves of the venue wallet, once per bet
 *   and kind (settlement moves are the feed entries' `delta_minor`, once per bet version);
 * - `sportsbook_bet_feed` / `sportsbook_feed_heads`: the venue's gap-free bet-record feed (member,
 *   sport, stake and placement time come from the bet's row);
 * - `sportsbook_member_settings`: the member's odds format.
 */
export const sportsbookMigration: Migration = {
  id: 820,
  name: 'sportsbook',
  up: `
CREATE TABLE sportsbook_slips (
  member_id bigint NOT NULL,
  slip_id text NOT NULL,
  venue_code text NOT NULL,
  fingerprint text NOT NULL,
  answer jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, slip_id)
);

CREATE TABLE sportsbook_bets (
  bet_id text PRIMARY KEY,
  slip_id text NOT NULL,
  member_id bigint NOT NULL,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('single', 'accumulator', 'trixie', 'yankee', 'lucky15', 'n_from_m')),
  size integer,
  lines jsonb NOT NULL,
  line_count integer NOT NULL CHECK (line_count >= 1),
  stake_per_line_minor bigint NOT NULL CHECK (stake_per_line_minor > 0),
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  potential_payout_minor bigint NOT NULL CHECK (potential_payout_minor >= 0),
  policy text NOT NULL CHECK (policy IN ('accept_any', 'accept_higher', 'accept_none')),
  status text NOT NULL CHECK (status IN ('pending', 'open', 'settled', 'void', 'rejected', 'cashed_out')),
  outcome text CHECK (outcome IN ('won', 'lost', 'void', 'partial')),
  payout_minor bigint CHECK (payout_minor >= 0),
  paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (valid_bet_minor >= 0),
  in_books boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  reason text NOT NULL DEFAULT '',
  placed_at timestamptz NOT NULL,
  accept_at timestamptz,
  settled_at timestamptz
);
CREATE INDEX sportsbook_bets_member ON sportsbook_bets (member_id, placed_at DESC, bet_id);
CREATE INDEX sportsbook_bets_pending ON sportsbook_bets (accept_at) WHERE status = 'pending';
CREATE INDEX sportsbook_bets_open_stakes ON sportsbook_bets (venue_code, member_id) WHERE status IN ('pending', 'open');

CREATE TABLE sportsbook_legs (
  bet_id text NOT NULL REFERENCES sportsbook_bets (bet_id),
  leg_index smallint NOT NULL,
  fixture_id text NOT NULL,
  market_id text NOT NULL,
  selection_id text NOT NULL,
  odds integer NOT NULL CHECK (odds >= 1001),
  market_version integer NOT NULL,
  live boolean NOT NULL,
  shown jsonb NOT NULL,
  PRIMARY KEY (bet_id, leg_index)
);
CREATE INDEX sportsbook_legs_market ON sportsbook_legs (fixture_id, market_id, bet_id);

CREATE TABLE sportsbook_market_results (
  fixture_id text NOT NULL,
  market_id text NOT NULL,
  version integer NOT NULL,
  settled_version integer NOT NULL DEFAULT 0,
  state text NOT NULL CHECK (state IN ('settled', 'cancelled', 'window', 'open')),
  results jsonb NOT NULL,
  void_windows jsonb NOT NULL DEFAULT '[]',
  reason text NOT NULL,
  applied_at timestamptz NOT NULL,
  PRIMARY KEY (fixture_id, market_id)
);

CREATE TABLE sportsbook_stake_moves (
  bet_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stake', 'refund')),
  venue_code text NOT NULL,
  member_id bigint NOT NULL,
  amount_minor bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (bet_id, kind)
);

CREATE TABLE sportsbook_feed_heads (
  venue_code text PRIMARY KEY,
  last_sequence bigint NOT NULL DEFAULT 0
);

CREATE TABLE sportsbook_bet_feed (
  venue_code text NOT NULL,
  sequence bigint NOT NULL,
  bet_id text NOT NULL,
  version integer NOT NULL,
  valid_bet_minor bigint NOT NULL,
  payout_minor bigint NOT NULL,
  delta_minor bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('settled', 'void', 'cancelled')),
  bet_status text NOT NULL,
  result text NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (venue_code, sequence),
  UNIQUE (bet_id, version)
);

CREATE TABLE sportsbook_member_settings (
  member_id bigint PRIMARY KEY,
  odds_format text NOT NULL CHECK (odds_format IN ('decimal', 'hongkong', 'malay', 'indonesian', 'american'))
);

CREATE TABLE sportsbook_settlement_cursor (
  id smallint PRIMARY KEY CHECK (id = 1),
  swept_to timestamptz NOT NULL
);
`,
  down: `DROP TABLE sportsbook_settlement_cursor; DROP TABLE sportsbook_member_settings; DROP TABLE sportsbook_bet_feed; DROP TABLE sportsbook_feed_heads;
DROP TABLE sportsbook_stake_moves; DROP TABLE sportsbook_market_results; DROP TABLE sportsbook_legs; DROP TABLE sportsbook_bets; DROP TABLE sportsbook_slips;`,
};
