import type { Migration } from '../migration.js';
import { rpHoursAdd1150, rpHoursLimitRemoved1150, rpHoursLimitSet1150 } from './1150-responsible-window-hours.js';

/**
 * Responsible play: a member's hourly totals (`rp_hours`, migration 1150) complete from the
 * moment the first loss or wager limit is set (issue 22 benchmark; docs/RESPONSIBLE-PLAY.md
 * "Where money moves"). Before, totals began ten seconds after the limit and every check of a
 * limit younger than its window also summed the rows before that (four index scans per window,
 * about a fifth of a limited member's seamless bet and purchase); now they are filled from the
 * rows at once and the checks read the totals alone.
 *
 * - `rp_members.hours_from` keeps its meaning (every counted entry created from it on is in
 *   `rp_hours`) and is now set in the past: the hour a month and a day before the limit (the
 *   longest window, and a day for the app's clock against the database's).
 * - `rp_hours_track(member)`: takes the member's tracking lock exclusively, then fills
 *   `rp_hours` hour by hour from the rows (`rp_windows_use`, the window sums of migration 1160,
 *   one window per hour holding an entry) and sets `hours_from`. Run by the limit trigger.
 * - The entry triggers (`rp_hours_add_many`; a batch of coin orders once per statement, from
 *   its transition table) take the same lock shared before they look at
 *   `hours_from`: an entry in flight when the limit is set commits before the fill reads the
 *   rows (the fill counts it), and an entry after the fill waits for the limit to commit (its
 *   trigger counts it), so none is missed and none counted twice. The lock is a transaction
 *   advisory lock (`rp_hours_lock_key`): in memory, held to commit, shared between entries.
 * - A win's hour counts it when its round opened within the day before the hour (the window
 *   sums' rule for a window starting then): never more got back than the rows.
 * - Removing the last loss or wager limit takes the lock exclusively too, so no entry in
 *   flight adds to totals being dropped.
 * - Members tracked before this migration are filled again the same way.
 */
const HORIZON = "interval '1 month 1 day'";
/** The origin of the hours of `rp_hours` (`date_bin`). */
export const HOUR_ORIGIN = "timestamptz '2000-01-01 00:00:00+00'";

/** rp_hours_add as this migration made it (migration 1190 replaces it and restores it on the way down). */
export const rpHoursAdd1170 = `rp_hours_add(p_member bigint, p_at timestamptz, p_put bigint, p_back bigint, p_wager bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_member IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(rp_hours_lock_key(p_member));
  IF NOT EXISTS (SELECT 1 FROM rp_members WHERE member_id = p_member AND hours_from <= p_at) THEN RETURN; END IF;
  PERFORM rp_hours_add_many(ARRAY[p_member], ARRAY[p_at], ARRAY[p_put], ARRAY[p_back], ARRAY[p_wager]);
END $$;
`;

export const responsibleHoursBackfilledMigration: Migration = {
  id: 1170,
  name: 'responsible play: hourly totals filled when the limit is set',
  up: `
CREATE FUNCTION rp_hours_lock_key(p_member bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtextextended('rp-hours:' || p_member, 0) $$;

CREATE FUNCTION rp_hours_track(p_member bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  from_hour timestamptz := date_bin('1 hour', now() - ${HORIZON}, ${HOUR_ORIGIN});
  hours timestamptz[];
BEGIN
  -- Entries in flight commit first (their triggers hold the lock shared); later ones wait for this transaction.
  PERFORM pg_advisory_xact_lock(rp_hours_lock_key(p_member));
  -- The hours holding an entry of the member from from_hour on (a win by its round's member).
  hours := ARRAY(SELECT DISTINCT date_bin('1 hour', e.t, ${HOUR_ORIGIN}) FROM (
      SELECT created_at FROM venue_transfers WHERE member_id = p_member AND created_at >= from_hour
      UNION ALL
      SELECT created_at FROM seamless_transactions WHERE member_id = p_member AND created_at >= from_hour
      UNION ALL
      SELECT w.created_at FROM seamless_rounds r JOIN seamless_transactions w ON w.provider_id = r.provider_id AND w.round_id = r.round_id AND w.operation = 'win'
       WHERE r.member_id = p_member AND r.opened_at > from_hour - interval '1 day' AND w.created_at >= from_hour
      UNION ALL
      SELECT created_at FROM coin_orders WHERE member_id = p_member AND created_at >= from_hour) AS e(t) ORDER BY 1);
  DELETE FROM rp_hours WHERE member_id = p_member;
  -- Each hour as the window [hour, hour + 1 hour): rp_windows_use's bounds are open, so it starts a microsecond before.
  INSERT INTO rp_hours (member_id, hour, put_minor, back_minor, wager_minor)
  SELECT p_member, hours[u.o_key], u.o_put, u.o_back, u.o_wager
    FROM rp_windows_use(
      ARRAY(SELECT k::integer FROM generate_subscripts(hours, 1) AS k), array_fill(p_member, ARRAY[cardinality(hours)]),
      ARRAY(SELECT h - interval '1 microsecond' FROM unnest(hours) WITH ORDINALITY AS x(h, o) ORDER BY o),
      ARRAY(SELECT h + interval '1 hour' FROM unnest(hours) WITH ORDINALITY AS x(h, o) ORDER BY o)) AS u
   WHERE u.o_put <> 0 OR u.o_back <> 0 OR u.o_wager <> 0;
  INSERT INTO rp_members AS m (member_id, hours_from) VALUES (p_member, from_hour)
  ON CONFLICT (member_id) DO UPDATE SET hours_from = EXCLUDED.hours_from;
END $$;

CREATE OR REPLACE FUNCTION rp_hours_limit_set() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rp_members WHERE member_id = NEW.member_id AND hours_from IS NOT NULL) THEN
    PERFORM rp_hours_track(NEW.member_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION rp_hours_limit_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rp_limits WHERE member_id = OLD.member_id AND kind IN ('loss', 'wager')) THEN
    PERFORM pg_advisory_xact_lock(rp_hours_lock_key(OLD.member_id));
    UPDATE rp_members SET hours_from = NULL WHERE member_id = OLD.member_id AND hours_from IS NOT NULL;
    DELETE FROM rp_hours WHERE member_id = OLD.member_id;
  END IF;
  RETURN NULL;
END $$;

-- Entries added to the totals of the tracked members among them, in one statement (any number of members and hours).
CREATE FUNCTION rp_hours_add_many(p_members bigint[], p_ats timestamptz[], p_puts bigint[], p_backs bigint[], p_wagers bigint[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- Held to commit: a limit being set for one of these members waits for these entries, or they for it (rp_hours_track).
  PERFORM pg_advisory_xact_lock_shared(rp_hours_lock_key(d.m)) FROM (SELECT DISTINCT u.m FROM unnest(p_members) AS u(m) WHERE u.m IS NOT NULL ORDER BY 1) AS d;
  INSERT INTO rp_hours AS h (member_id, hour, put_minor, back_minor, wager_minor)
  SELECT u.m, date_bin('1 hour', u.t, ${HOUR_ORIGIN}), sum(u.put), sum(u.back), sum(u.wag)
    FROM unnest(p_members, p_ats, p_puts, p_backs, p_wagers) AS u(m, t, put, back, wag)
    JOIN rp_members rm ON rm.member_id = u.m AND rm.hours_from <= u.t
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (member_id, hour) DO UPDATE
    SET put_minor = h.put_minor + EXCLUDED.put_minor, back_minor = h.back_minor + EXCLUDED.back_minor, wager_minor = h.wager_minor + EXCLUDED.wager_minor;
END $$;

-- One entry (a seamless bet or win, a venue transfer): the lock and a probe, the upsert only for a tracked member.
CREATE OR REPLACE FUNCTION ${rpHoursAdd1170}

-- A batch of coin orders (one INSERT) adds to the totals once, not once per order.
DROP TRIGGER coin_orders_rp_hours ON coin_orders;
DROP FUNCTION rp_hours_coin_order();
CREATE FUNCTION rp_hours_coin_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  members bigint[];
  ats timestamptz[];
  moneys bigint[];
BEGIN
  SELECT array_agg(member_id), array_agg(created_at), array_agg(money_minor) INTO members, ats, moneys FROM new_orders;
  IF members IS NOT NULL THEN
    PERFORM rp_hours_add_many(members, ats, moneys, array_fill(0::bigint, ARRAY[cardinality(members)]), array_fill(0::bigint, ARRAY[cardinality(members)]));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER coin_orders_rp_hours AFTER INSERT ON coin_orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION rp_hours_coin_orders();

SELECT rp_hours_track(member_id) FROM rp_members WHERE hours_from IS NOT NULL;
`,
  down: `
DROP TRIGGER coin_orders_rp_hours ON coin_orders;
DROP FUNCTION rp_hours_coin_orders();
CREATE FUNCTION rp_hours_coin_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rp_hours_add(NEW.member_id, NEW.created_at, NEW.money_minor, 0, 0);
  RETURN NULL;
END $$;
CREATE TRIGGER coin_orders_rp_hours AFTER INSERT ON coin_orders
  FOR EACH ROW WHEN (NEW.money_minor > 0) EXECUTE FUNCTION rp_hours_coin_order();
CREATE OR REPLACE FUNCTION ${rpHoursAdd1150}
CREATE OR REPLACE FUNCTION ${rpHoursLimitRemoved1150}
CREATE OR REPLACE FUNCTION ${rpHoursLimitSet1150}
DROP FUNCTION rp_hours_add_many(bigint[], timestamptz[], bigint[], bigint[], bigint[]);
DROP FUNCTION rp_hours_track(bigint);
DROP FUNCTION rp_hours_lock_key(bigint);
`,
};
