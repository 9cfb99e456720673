import type { Migration } from '../migration.js';

/** Responsible play: time-outs and self-exclusion (issue 22; docs/RESPONSIBLE-PLAY.md). Owned by helper R3; the range 1010-1019 is its. */
export const responsibleExclusionMigration: Migration = {
  id: 1010,
  name: 'responsible play: time-outs and self-exclusion',
  up: `
-- One break from play a member took: a time-out (1 to 42 days) or a self-exclusion (6 months,
-- 1 year, 5 years, permanent: ends_at NULL). In force from started_at; never lifted early.
-- After ends_at a 24-hour cooling-off, then the member's confirmation (returned_at) reopens play.
CREATE TABLE rp_exclusions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  site_id integer NOT NULL REFERENCES sites (site_id),
  kind text NOT NULL CHECK (kind IN ('timeOut', 'selfExclusion')),
  period text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('operator', 'brand')),
  started_at timestamptz NOT NULL,
  ends_at timestamptz,
  returned_at timestamptz,
  request_key text NOT NULL,
  CHECK (ends_at IS NULL OR ends_at > started_at),
  CHECK (kind = 'selfExclusion' OR ends_at IS NOT NULL),
  UNIQUE (member_id, request_key)
);
CREATE INDEX rp_exclusions_open ON rp_exclusions (member_id) WHERE returned_at IS NULL;

-- The identity of the person who took an operator-wide break, as it was then: the bound phone
-- with its area code, and each real name with a bank card. A member of another brand holding
-- one of these keys is the same person and is covered (docs/DECISIONS.md).
CREATE TABLE rp_exclusion_keys (
  exclusion_id bigint NOT NULL REFERENCES rp_exclusions (id),
  key text NOT NULL,
  PRIMARY KEY (exclusion_id, key)
);
CREATE INDEX rp_exclusion_keys_key ON rp_exclusion_keys (key);
`,
  down: 'DROP TABLE IF EXISTS rp_exclusion_keys; DROP TABLE IF EXISTS rp_exclusions;',
};
