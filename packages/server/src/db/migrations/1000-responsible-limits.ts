import type { Migration } from '../migration.js';

/**
 * Responsible play: limits (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"); migrations 1000-1009.
 * - `rp_members`: one row per member who met a responsible-play door; the guard locked it
 *   (FOR UPDATE) so a member's requests racing a limit were serialised. Migration 1160 replaced
 *   that row lock with a transaction advisory lock (`rp_lock_members`); since migration 1150 the
 *   row keeps `hours_from`, where the member's hourly totals start.
 * - `rp_limits`: the limits in force, one per member, kind and period (money in fen; kind
 *   'session' has period 'session' and its value is minutes). Several periods of one kind may
 *   stand together; the tightest wins. `set_at` is the app clock's time of the change.
 * - `rp_limit_changes`: an increase or removal the member asked for; it may be confirmed
 *   from `effective_at` (24 hours after `requested_at`) and applies only then. One open change
 *   per limit; `state` pending, confirmed or cancelled (a decrease cancels an open increase).
 * - `rp_limit_audit`: every change of a limit: who (member, operator, system), when, from and
 *   to (null = no limit), and what happened (set, requested, confirmed, cancelled, lowered).
 * Indexes for the rolling windows (responsible/limits/windows.ts) on the tables the windows read.
 */
export const responsibleLimitsMigration: Migration = {
  id: 1000,
  name: 'responsible play: limits',
  up: `
CREATE TABLE rp_members (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rp_limits (
  member_id bigint REFERENCES members (id),
  kind text CHECK (kind IN ('deposit', 'loss', 'wager', 'stake', 'session')),
  period text CHECK (period IN ('day', 'week', 'month', 'session')),
  value bigint NOT NULL CHECK (value > 0),
  set_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind, period),
  CONSTRAINT rp_limits_session_period CHECK ((kind = 'session') = (period = 'session'))
);

CREATE TABLE rp_limit_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'stake', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
  from_value bigint,
  to_value bigint CHECK (to_value IS NULL OR to_value > 0),
  requested_at timestamptz NOT NULL,
  effective_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'cancelled')),
  decided_at timestamptz,
  CHECK (effective_at > requested_at)
);
CREATE UNIQUE INDEX rp_limit_changes_one_pending ON rp_limit_changes (member_id, kind, period) WHERE state = 'pending';
CREATE INDEX rp_limit_changes_by_member ON rp_limit_changes (member_id, id);

CREATE TABLE rp_limit_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  period text NOT NULL,
  action text NOT NULL CHECK (action IN ('set', 'requested', 'confirmed', 'cancelled', 'lowered')),
  actor text NOT NULL CHECK (actor IN ('member', 'operator', 'system')),
  actor_id bigint,
  from_value bigint,
  to_value bigint,
  at timestamptz NOT NULL
);
CREATE INDEX rp_limit_audit_by_member ON rp_limit_audit (member_id, id);

-- The rolling windows read each source by member and time.
CREATE INDEX rp_deposit_orders_window ON deposit_orders (member_id, created_at) INCLUDE (amount_minor, state);
CREATE INDEX rp_venue_transfers_window ON venue_transfers (member_id, created_at) INCLUDE (direction, state, amount_minor);
CREATE INDEX rp_seamless_window ON seamless_transactions (member_id, created_at) INCLUDE (operation, debit_state, amount_minor) WHERE member_id IS NOT NULL;
CREATE INDEX rp_coin_orders_window ON coin_orders (member_id, created_at) INCLUDE (money_minor);
-- A seamless win row names no member: the windows find a member's wins through its rounds.
CREATE INDEX rp_seamless_rounds_window ON seamless_rounds (member_id, opened_at);
CREATE INDEX rp_seamless_round_wins ON seamless_transactions (provider_id, round_id) INCLUDE (amount_minor, debit_state, created_at) WHERE operation = 'win';
`,
  down: `
DROP INDEX IF EXISTS rp_seamless_round_wins;
DROP INDEX IF EXISTS rp_seamless_rounds_window;
DROP INDEX IF EXISTS rp_coin_orders_window;
DROP INDEX IF EXISTS rp_seamless_window;
DROP INDEX IF EXISTS rp_venue_transfers_window;
DROP INDEX IF EXISTS rp_deposit_orders_window;
DROP TABLE IF EXISTS rp_limit_audit;
DROP TABLE IF EXISTS rp_limit_changes;
DROP TABLE IF EXISTS rp_limits;
DROP TABLE IF EXISTS rp_members;
`,
};
