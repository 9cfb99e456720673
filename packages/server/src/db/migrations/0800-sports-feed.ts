import type { Migration } from '../migration.js';

/**
 * lobby's sports store (issue 19; docs/SPORTS.md), kept current by the feed consumer.
 * - `feed_version`: the odds feed's own version of the row; a message applies only when it
 *   brings a higher one (repeats and late, reordered messages change nothing);
 * - `version`: lobby's version of the row as served (Fixture.version, Market.version):
 *   grows with every applied change, including lobby's own suspension of a silent producer;
 * - `sports_markets.feed_suspended`: lobby suspended the market because its producer went
 *   silent or skipped a sequence; served as `suspended` until the snapshot recovery clears it;
 * - `sports_market_outcomes`: each market's last stated outcome (settled, cancelled, open
 *   after a rollback), `version` grows with every outcome applied;
 * - `sports_feed_positions`: per producer, the highest contiguous sequence applied and
 *   whether the producer is up or suspended (down).
 */
export const sportsFeedMigration: Migration = {
  id: 800,
  name: 'sports feed store',
  up: `
CREATE TABLE sports_fixtures (
  id text PRIMARY KEY,
  producer text NOT NULL CHECK (producer IN ('sports', 'esports')),
  sport text NOT NULL,
  league_id text NOT NULL,
  league_en text NOT NULL,
  league_zh text NOT NULL,
  home_en text NOT NULL,
  home_zh text NOT NULL,
  away_en text NOT NULL,
  away_zh text NOT NULL,
  starts_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('scheduled', 'live', 'ended', 'cancelled')),
  minute integer NOT NULL DEFAULT 0,
  home_score integer NOT NULL DEFAULT 0,
  away_score integer NOT NULL DEFAULT 0,
  events jsonb NOT NULL DEFAULT '[]',
  periods jsonb NOT NULL DEFAULT '[]',
  feed_version bigint NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sports_fixtures_by_start ON sports_fixtures (producer, starts_at);
CREATE INDEX sports_fixtures_live ON sports_fixtures (producer) WHERE status = 'live';

CREATE TABLE sports_markets (
  fixture_id text NOT NULL REFERENCES sports_fixtures (id),
  market_id text NOT NULL,
  type text NOT NULL,
  line integer,
  status text NOT NULL CHECK (status IN ('active', 'suspended', 'inactive', 'settled', 'cancelled', 'handed_over')),
  feed_suspended boolean NOT NULL DEFAULT false,
  selections jsonb NOT NULL,
  feed_version bigint NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  suspended_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (fixture_id, market_id)
);

CREATE TABLE sports_market_outcomes (
  fixture_id text NOT NULL,
  market_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('settled', 'cancelled', 'open')),
  results jsonb NOT NULL DEFAULT '{}',
  void_from timestamptz,
  void_to timestamptz,
  reason text NOT NULL DEFAULT '',
  feed_version bigint NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  at timestamptz NOT NULL,
  PRIMARY KEY (fixture_id, market_id),
  FOREIGN KEY (fixture_id, market_id) REFERENCES sports_markets (fixture_id, market_id)
);
CREATE INDEX sports_market_outcomes_by_time ON sports_market_outcomes (at);

CREATE TABLE sports_feed_positions (
  producer text PRIMARY KEY,
  last_sequence bigint NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'down' CHECK (state IN ('up', 'down')),
  alive_at timestamptz,
  changed_at timestamptz NOT NULL,
  recoveries integer NOT NULL DEFAULT 0
);
`,
  down: 'DROP TABLE sports_feed_positions; DROP TABLE sports_market_outcomes; DROP TABLE sports_markets; DROP TABLE sports_fixtures;',
};
