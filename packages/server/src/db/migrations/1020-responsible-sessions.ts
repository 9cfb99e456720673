import type { Migration } from '../migration.js';

/**
 * Responsible play: sessions, reality checks and the play history review (issue 22, items
 * 3 and 5; docs/RESPONSIBLE-PLAY.md). Owned by helper R4; the range 1020-1029 is its.
 *
 * A play session is the member's login session (`sessions`: started at login, ended by
 * logout, a reality check's stop, or expiry); with several live logins the play session
 * runs from the earliest one. These tables keep what the member chose and answered:
 * - `rp_reality_check_settings`: the member's reality-check interval in minutes (0 off)
 *   and when it was set (the first prompt after a change is one interval after it);
 * - `rp_reality_checks`: every answer to a prompt (continue, stop, history) with the play
 *   session it belonged to, when the prompt was due, and the elapsed time and net result
 *   the member was shown;
 * - `rp_history_reviews`: every acknowledged 6-monthly review of the play history.
 */
export const responsibleSessionsMigration: Migration = {
  id: 1020,
  name: 'responsible play: sessions and reality checks',
  up: `
CREATE TABLE rp_reality_check_settings (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  interval_minutes integer NOT NULL CHECK (interval_minutes IN (0, 15, 30, 45, 60, 90, 120)),
  set_at timestamptz NOT NULL
);
CREATE TABLE rp_reality_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  session_id bigint NOT NULL,
  session_started_at timestamptz NOT NULL,
  due_at timestamptz,
  choice text NOT NULL CHECK (choice IN ('continue', 'stop', 'history')),
  elapsed_seconds integer NOT NULL CHECK (elapsed_seconds >= 0),
  net_minor bigint NOT NULL,
  acknowledged_at timestamptz NOT NULL
);
CREATE INDEX rp_reality_checks_member ON rp_reality_checks (member_id, session_id, acknowledged_at DESC);
CREATE TABLE rp_history_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  due_at timestamptz NOT NULL,
  acknowledged_at timestamptz NOT NULL
);
CREATE INDEX rp_history_reviews_member ON rp_history_reviews (member_id, acknowledged_at DESC);
`,
  down: 'DROP TABLE IF EXISTS rp_history_reviews; DROP TABLE IF EXISTS rp_reality_checks; DROP TABLE IF EXISTS rp_reality_check_settings;',
};
