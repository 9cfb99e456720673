import type { Migration } from '../migration.js';

/**
 * Forgotten password by email (issue 7): mailed verification codes and the one-time reset
 * tokens a right code buys. Only the SHA-256 of a reset token is stored.
 */
export const emailCodesMigration: Migration = {
  id: 551,
  name: 'email codes and password reset tokens',
  up: `
CREATE TABLE email_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL,
  email text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  code text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_codes_email ON email_codes (site_id, email, created_at DESC);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);`,
  down: `
DROP TABLE password_reset_tokens;
DROP TABLE email_codes;`,
};
