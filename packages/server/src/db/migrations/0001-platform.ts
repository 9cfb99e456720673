import type { Migration } from '../migration.js';

/**
 * Platform state every instance shares: request nonces (replay refusal), rate-limit
 * counters, and the brands (sites) with their base config and phone rules.
 */
export const platformMigration: Migration = {
  id: 1,
  name: 'nonces, rate counters, sites',
  up: `
CREATE TABLE request_nonces (
  device_id text NOT NULL,
  nonce text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (device_id, nonce)
);
CREATE INDEX request_nonces_seen_at ON request_nonces (seen_at);

CREATE TABLE rate_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_counters_window_end ON rate_counters (window_end);

CREATE TABLE sites (
  site_id integer PRIMARY KEY CHECK (site_id > 0),
  brand text NOT NULL UNIQUE,
  config jsonb NOT NULL,
  phone_rules jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
  down: `
DROP TABLE sites;
DROP TABLE rate_counters;
DROP TABLE request_nonces;`,
};
