import type { Migration } from '../migration.js';

/**
 * Members and their sessions. A name is unique per site, stored lower-case. The password
 * column holds a salted scrypt hash of the client's MD5 hex, never the MD5 itself; the
 * session table holds the SHA-256 of each token, never the token.
 */
export const membersMigration: Migration = {
  id: 2,
  name: 'members and sessions',
  up: `
CREATE TABLE members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (site_id),
  name text NOT NULL CHECK (name = lower(name)),
  password_hash text NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  nick_name text NOT NULL DEFAULT '',
  real_name text NOT NULL DEFAULT '',
  area_code text NOT NULL DEFAULT '+86',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  grade smallint NOT NULL DEFAULT 0 CHECK (grade BETWEEN 0 AND 10),
  is_agent boolean NOT NULL DEFAULT false,
  is_chat_admin boolean NOT NULL DEFAULT false,
  register_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, name)
);

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_member ON sessions (member_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);`,
  down: `
DROP TABLE sessions;
DROP TABLE members;`,
};
