import type { Migration } from '../migration.js';

/** Captcha challenges (sandbox provider) and phone verification codes. */
export const verificationMigration: Migration = {
  id: 3,
  name: 'captcha challenges and phone codes',
  up: `
CREATE TABLE captcha_challenges (
  id text PRIMARY KEY,
  site_id integer NOT NULL,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captcha_challenges_expires_at ON captcha_challenges (expires_at);

CREATE TABLE phone_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  full_phone text NOT NULL,
  purpose smallint NOT NULL,
  code text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX phone_codes_phone ON phone_codes (site_id, full_phone, created_at DESC);`,
  down: `
DROP TABLE phone_codes;
DROP TABLE captcha_challenges;`,
};
