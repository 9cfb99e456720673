import type { Migration } from '../migration.js';

/**
 * Common and member calls (issue 21; docs/MEMBER-CALLS.md): free call-backs, special
 * notices and their dismissals, short links, member preferences, avatars, the login
 * history behind security notices, password changes and the operator's flag, member
 * moves and gee-test challenges. Owned by helper C1; the range 1120-1129 is its.
 */
export const commonMemberMigration: Migration = {
  id: 1120,
  name: 'common and member calls',
  up: `
CREATE TABLE free_call_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  area_code text NOT NULL,
  phone text NOT NULL,
  note text NOT NULL DEFAULT '',
  member_id bigint,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  handled_at timestamptz,
  handled_by text NOT NULL DEFAULT ''
);
CREATE INDEX free_call_requests_phone ON free_call_requests (site_id, area_code, phone, created_at);
CREATE TABLE special_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  title_zh text NOT NULL,
  title_en text NOT NULL,
  content_zh text NOT NULL,
  content_en text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_by text NOT NULL DEFAULT ''
);
CREATE INDEX special_notices_site ON special_notices (site_id, starts_at);
CREATE TABLE special_notice_dismissals (
  notice_id bigint NOT NULL REFERENCES special_notices (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  dismissed_at timestamptz NOT NULL,
  PRIMARY KEY (notice_id, member_id)
);
CREATE TABLE short_links (
  token text PRIMARY KEY,
  site_id integer NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  url text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (member_id, url)
);
CREATE TABLE member_desires (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  venue_kinds text NOT NULL,
  languages text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE member_avatars (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  avatar_url text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE avatar_images (
  token text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  media_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX avatar_images_member ON avatar_images (member_id);
CREATE TABLE member_logins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip text NOT NULL,
  device_id text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX member_logins_member ON member_logins (member_id, at DESC);
CREATE TABLE security_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('newDevice', 'newIp')),
  ip text NOT NULL,
  device_id text NOT NULL,
  at timestamptz NOT NULL,
  dismissed_at timestamptz
);
CREATE INDEX security_notices_member ON security_notices (member_id, at DESC) WHERE dismissed_at IS NULL;
CREATE TABLE member_password_state (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  changed_at timestamptz,
  must_change boolean NOT NULL DEFAULT false
);
CREATE TABLE member_moves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  from_site_id integer NOT NULL,
  to_site_id integer NOT NULL,
  reason text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX member_moves_one_pending ON member_moves (member_id) WHERE status = 'pending';
CREATE TABLE geetest_challenges (
  challenge text PRIMARY KEY,
  site_id integer NOT NULL,
  validate text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);`,
  down: `
DROP TABLE geetest_challenges;
DROP TABLE member_moves;
DROP TABLE member_password_state;
DROP TABLE security_notices;
DROP TABLE member_logins;
DROP TABLE avatar_images;
DROP TABLE member_avatars;
DROP TABLE member_desires;
DROP TABLE short_links;
DROP TABLE special_notice_dismissals;
DROP TABLE special_notices;
DROP TABLE free_call_requests;`,
};
