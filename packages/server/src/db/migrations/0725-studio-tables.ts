import type { Migration } from '../migration.js';

/**
 * The studio's shared rounds (issue 18; docs/STUDIO.md "Live table and lottery draws"):
 * a live baccarat table per live venue and a 3-dice draw per lottery venue, both rounds on
 * a fixed schedule that every viewer shares.
 * - `studio_table_seeds`: each table's server seeds, one per block of rounds; the hash is
 *   published before the block's first round, the seed once the next block begins.
 * - `studio_table_rounds`: a round's result once dealt (`outcome`: the engine's display and
 *   result line).
 * - `studio_table_bets`: members' bets on a round (`bet`: stakes by spot, as the engines
 *   take table bets); `bet_id` is unique, so a repeated request places its bet once. Settled once: `status` leaves 'open' in one UPDATE.
 * - `studio_draws`: the lottery draws as the results pages read them (a view).
 */
export const studioTablesMigration: Migration = {
  id: 725,
  name: 'studio shared rounds: live table and lottery draws',
  up: `
CREATE TABLE studio_table_seeds (
  table_id text NOT NULL,
  block integer NOT NULL CHECK (block >= 0),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  PRIMARY KEY (table_id, block)
);
CREATE TABLE studio_table_rounds (
  table_id text NOT NULL,
  round_no bigint NOT NULL,
  venue_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('baccarat', 'dice')),
  result_at timestamptz NOT NULL,
  seed_block integer NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  outcome jsonb NOT NULL,
  PRIMARY KEY (table_id, round_no)
);
CREATE INDEX studio_table_rounds_recent ON studio_table_rounds (table_id, result_at DESC);
CREATE TABLE studio_table_bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bet_id text NOT NULL UNIQUE,
  table_id text NOT NULL,
  round_no bigint NOT NULL,
  venue_code text NOT NULL,
  member_id bigint NOT NULL,
  bet jsonb NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  placed_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX studio_table_bets_open ON studio_table_bets (table_id, round_no) WHERE status = 'open';
CREATE INDEX studio_table_bets_member ON studio_table_bets (member_id, placed_at DESC);
CREATE VIEW studio_draws AS
  SELECT r.venue_code, r.round_no AS draw_no, r.result_at AS draw_at, r.outcome -> 'display' -> 'dice' AS dice, r.outcome ->> 'result' AS result,
         r.server_seed_hash, r.client_seed, r.round_no AS nonce,
         CASE WHEN EXISTS (SELECT 1 FROM studio_table_seeds n WHERE n.table_id = r.table_id AND n.block > r.seed_block)
              THEN s.server_seed END AS server_seed
    FROM studio_table_rounds r
    JOIN studio_table_seeds s ON s.table_id = r.table_id AND s.block = r.seed_block
   WHERE r.kind = 'dice';
`,
  down: 'DROP VIEW studio_draws; DROP TABLE studio_table_bets; DROP TABLE studio_table_rounds; DROP TABLE studio_table_seeds;',
};
