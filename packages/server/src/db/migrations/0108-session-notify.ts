import type { Migration } from '../migration.js';

/**
 * Tells every server instance when a session may have ended or changed, so the session
 * caches of the HTTP layer (docs/WALLET.md, "Read path caches") drop what they hold: any
 * UPDATE or DELETE of `sessions` (logout, password change, forgotten password, purge, an
 * operator's SQL), and a member's name or site changing or the member going (what a
 * cached session carries), notify channel `lobby_sessions` on commit. The payload is
 * empty: a cache drops every session it holds (revocations are rare beside reads, and
 * PostgreSQL folds the notifications of one transaction into one).
 */
export const sessionNotifyMigration: Migration = {
  id: 108,
  name: 'session changes notify the session caches',
  up: `
CREATE FUNCTION sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lobby_sessions', '');
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify();
CREATE TRIGGER members_session_notify AFTER UPDATE OF name, site_id OR DELETE OR TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify();
`,
  down: `
DROP TRIGGER members_session_notify ON members;
DROP TRIGGER sessions_notify ON sessions;
DROP FUNCTION sessions_notify();
`,
};
