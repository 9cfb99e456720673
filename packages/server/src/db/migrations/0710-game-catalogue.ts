import type { Migration } from '../migration.js';

/**
 * Games (issue 18; docs/GAMES.md): the game catalogue of every venue, copied from the
 * venue's provider (`GameProvider.catalogue`) by the catalogue sync; members' favourite
 * games; one-time launch tokens (stored as SHA-256, never the token itself).
 * A venue code is one venue across brands (YBHX is listed by two brands), so the
 * catalogue is per venue code; a brand sees the games of its own venues only.
 */
export const gameCatalogueMigration: Migration = {
  id: 710,
  name: 'game catalogue, favourites and launch tokens',
  up: `
CREATE TABLE games (
  venue_code text NOT NULL,
  game_code text NOT NULL,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  category smallint NOT NULL CHECK (category BETWEEN 1 AND 7),
  image_url text NOT NULL,
  studio text NOT NULL,
  rtp_basis_points integer NOT NULL CHECK (rtp_basis_points BETWEEN 0 AND 10000),
  volatility text NOT NULL CHECK (volatility IN ('low', 'medium', 'high')),
  demo boolean NOT NULL,
  hot boolean NOT NULL,
  released_at timestamptz NOT NULL,
  maintenance boolean NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  synced_at timestamptz NOT NULL,
  PRIMARY KEY (venue_code, game_code)
);
CREATE INDEX games_category ON games (category) WHERE NOT hidden;

CREATE TABLE game_favourites (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, venue_code, game_code),
  FOREIGN KEY (venue_code, game_code) REFERENCES games (venue_code, game_code)
);

CREATE TABLE game_launch_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  venue_code text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX game_launch_tokens_expires ON game_launch_tokens (expires_at);
`,
  down: 'DROP TABLE game_launch_tokens; DROP TABLE game_favourites; DROP TABLE games;',
};
