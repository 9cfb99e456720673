import type { Migration } from '../migration.js';

/**
 * The download SDK (issue 5): agents' app keys with their public keys (the private key is
 * the agent's; only the sandbox keeps the demo key's, for the demo page), whitelisted
 * hosts, download URLs per platform, the iOS descriptor, and the reports the SDK sends.
 */
export const downloadMigration: Migration = {
  id: 400,
  name: 'download sdk',
  up: `
CREATE TABLE download_app_keys (
  app_key text PRIMARY KEY,
  site_id integer NOT NULL,
  agent text NOT NULL,
  public_key_pem text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  team_id text NOT NULL DEFAULT '',
  desc_addr text NOT NULL DEFAULT '',
  landing_url text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE download_whitelist (
  app_key text NOT NULL REFERENCES download_app_keys (app_key) ON DELETE CASCADE,
  host text NOT NULL,
  PRIMARY KEY (app_key, host)
);
CREATE TABLE download_urls (
  app_key text NOT NULL REFERENCES download_app_keys (app_key) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('windows', 'mac', 'android', 'ios', 'testflight')),
  url text NOT NULL,
  PRIMARY KEY (app_key, platform)
);
CREATE TABLE download_sandbox_keys (
  app_key text PRIMARY KEY REFERENCES download_app_keys (app_key) ON DELETE CASCADE,
  private_key_pem text NOT NULL
);
CREATE TABLE download_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_key text NOT NULL REFERENCES download_app_keys (app_key) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('node', 'params')),
  type text NOT NULL,
  invite_code text,
  referral_code text,
  url text,
  screen text,
  platform text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_reports_key ON download_reports (app_key, id DESC);
CREATE INDEX download_reports_invite ON download_reports (app_key, invite_code, id DESC);`,
  down: `DROP TABLE download_reports; DROP TABLE download_sandbox_keys; DROP TABLE download_urls; DROP TABLE download_whitelist; DROP TABLE download_app_keys;`,
};
