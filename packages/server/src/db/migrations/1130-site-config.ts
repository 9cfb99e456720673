import type { Migration } from '../migration.js';

/**
 * Finance and site calls, control switches, identity (issue 21; docs/SITE-CONFIG.md). Owned
 * by helper C2; the range 1130-1139 is its.
 *
 * - `site_config_values`: the operator's value of a config key for a brand; a key without
 *   a row has the brand's seeded default (site-config/defaults.ts).
 * - `site_control_switches`: general control switches 1 (football intelligence), 5 (world
 *   cup) and 6 (virtual currency); 2 lives in chat_switches, 3 and 4 in live_switches, so
 *   each switch has one home. A switch without a row is on.
 * - `member_submission_marks`: the duplicate-submission mark of a member and scene.
 * - `cs_secret_codes`: a member's customer-service secret code while it is valid.
 * - `member_identity`: a member's verified ID card (its SHA-256 and last 4 characters,
 *   never the number) and today's failed attempts.
 */
export const siteConfigMigration: Migration = {
  id: 1130,
  name: 'finance and site calls, control switches, identity',
  up: `
CREATE TABLE site_config_values (
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  key_code text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, key_code)
);
CREATE TABLE site_control_switches (
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  switch_type smallint NOT NULL CHECK (switch_type IN (1, 5, 6)),
  open boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, switch_type)
);
CREATE TABLE member_submission_marks (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  scene text NOT NULL,
  until timestamptz NOT NULL,
  PRIMARY KEY (member_id, scene)
);
CREATE TABLE cs_secret_codes (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  code text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE member_identity (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  id_card_sha256 text,
  id_card_last4 text,
  verified_at timestamptz,
  fail_day date,
  fail_count integer NOT NULL DEFAULT 0 CHECK (fail_count >= 0)
);`,
  down: `DROP TABLE member_identity; DROP TABLE cs_secret_codes; DROP TABLE member_submission_marks; DROP TABLE site_control_switches; DROP TABLE site_config_values;`,
};
