import type { Migration } from '../migration.js';

/**
 * Red-packet rain, races and breakout (issue 20; docs/RED-PACKET-RAIN.md):
 * - `promo_rain_sessions`: one row per session of a rain, keyed by its opening time in
 *   seconds since the epoch, written (with its packets) before it opens; the split's seed is
 *   committed in the draws' fairness rounds under round key `rain:<session key>`.
 * - `promo_rain_packets`: the session's packets, amounts summing exactly to its budget. A grab
 *   takes the lowest unclaimed packet (`member_id IS NULL`, skipping rows another grab holds)
 *   and pays it through promo_claims and the ledger in the same transaction.
 * - `promo_race_results`: a race's final board, written once when its window closes, with the
 *   prize of each rank (paid through promo_claims under claim key `race:rank`).
 *   `promo_race_settlements` marks a race settled (also when nobody ranked).
 * Breakout needs no table: its points are read from bet and deposit records, its prizes are
 * promo_claims under `breakout:<barrier>:<step>`.
 */
export const rainRaceBreakoutMigration: Migration = {
  id: 940,
  name: 'red-packet rain, races, breakout',
  up: `
CREATE TABLE promo_rain_sessions (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  session_key bigint NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  budget_minor bigint NOT NULL CHECK (budget_minor > 0),
  packet_count integer NOT NULL CHECK (packet_count > 0),
  min_packet_minor bigint NOT NULL CHECK (min_packet_minor > 0),
  grabs_per_member integer NOT NULL CHECK (grabs_per_member > 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, session_key),
  CHECK (closes_at > opens_at)
);
CREATE TABLE promo_rain_packets (
  activity_id integer NOT NULL,
  session_key bigint NOT NULL,
  packet_no integer NOT NULL CHECK (packet_no >= 0),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  member_id bigint REFERENCES members (id) ON DELETE SET NULL,
  claimed_at timestamptz,
  PRIMARY KEY (activity_id, session_key, packet_no),
  FOREIGN KEY (activity_id, session_key) REFERENCES promo_rain_sessions (activity_id, session_key) ON DELETE CASCADE
);
CREATE INDEX promo_rain_packets_open ON promo_rain_packets (activity_id, session_key, packet_no) WHERE member_id IS NULL;
CREATE INDEX promo_rain_packets_member ON promo_rain_packets (member_id, activity_id, session_key) WHERE member_id IS NOT NULL;
CREATE TABLE promo_race_settlements (
  activity_id integer PRIMARY KEY REFERENCES promo_activities (id) ON DELETE CASCADE,
  settled_at timestamptz NOT NULL
);
CREATE TABLE promo_race_results (
  activity_id integer NOT NULL REFERENCES promo_race_settlements (activity_id) ON DELETE CASCADE,
  rank integer NOT NULL CHECK (rank >= 1),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  score_minor bigint NOT NULL CHECK (score_minor >= 0),
  prize_minor bigint NOT NULL CHECK (prize_minor >= 0),
  PRIMARY KEY (activity_id, rank),
  UNIQUE (activity_id, member_id)
);
`,
  down: `
DROP TABLE promo_race_results;
DROP TABLE promo_race_settlements;
DROP TABLE promo_rain_packets;
DROP TABLE promo_rain_sessions;
`,
};
