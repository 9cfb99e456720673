import type { Migration } from '../migration.js';
import { rpDoorClear1030 } from './1030-responsible-enforcement.js';

/**
 * Responsible play: the rolling windows of a member with a loss or wager limit kept as hourly
 * totals (issue 22 benchmark; docs/RESPONSIBLE-PLAY.md "Where money moves"), so the
 * one-statement check of a coin purchase or a seamless bet no longer sums every row of the
 * window (its cost grew with the member's play).
 *
 * - `rp_members.hours_from`: set when the member's first loss or wager limit is written (the
 *   latest of the database's clock, the limit's and the member's newest entry, plus
 *   TRACKING_MARGIN, so a request already in flight when the limit commits is older than it);
 *   cleared, with the totals, when the member's last loss or wager limit is removed. Every
 *   counted entry created at or after it is added to `rp_hours` by triggers on the tables the money is
 *   recorded in: a coin order, a venue transfer in (pending or completed) or out (completed),
 *   a seamless bet when lobby answers it taken, a seamless win when lobby answers it paid (its
 *   round opened within the day before it, as the window sums count it). Entries before it
 *   are summed row by row, as before.
 * - The totals never count less put into play or wagered, nor more got back, than the rows:
 *   entries that stop counting later (a bet rolled back, a transfer in failed) stay counted,
 *   and the hour holding the window's start counts whole for put and wagered and not at all
 *   for got back. So `rp_door_clear` lets a request through on the totals only when the exact
 *   sums would too; otherwise it sums the rows as before (and defers to the play guard).
 * - Totals are rows updated in place, so a member's entries of one hour serialize on one row,
 *   as they already do on the member's wallet. Plans made while `rp_hours` was empty were
 *   slow once it filled (autovacuum's ANALYZE re-plans in service; the bench analyzes after
 *   its warm-up).
 */
const TRACKING_MARGIN = "interval '10 seconds'";

const countedBet = (r: string) =>
  `${r}.operation = 'bet' AND ${r}.body_hash IS NOT NULL AND ${r}.amount_minor > 0 AND ${r}.debit_state IN ('debited', 'credited', 'settled')`;

/** rp_hours_add, rp_hours_limit_set and rp_hours_limit_removed as this migration made them (migration 1170 replaces them and restores them on the way down). */
export const rpHoursAdd1150 = `rp_hours_add(p_member bigint, p_at timestamptz, p_put bigint, p_back bigint, p_wager bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  hour_start timestamptz;
BEGIN
  IF p_member IS NULL OR NOT EXISTS (SELECT 1 FROM rp_members WHERE member_id = p_member AND hours_from <= p_at) THEN RETURN; END IF;
  hour_start := date_bin('1 hour', p_at, timestamptz '2000-01-01 00:00:00+00');
  -- The hour's row exists for all but its first entry: UPDATE it, INSERT only when it does not.
  UPDATE rp_hours SET put_minor = put_minor + p_put, back_minor = back_minor + p_back, wager_minor = wager_minor + p_wager
   WHERE member_id = p_member AND hour = hour_start;
  IF FOUND THEN RETURN; END IF;
  INSERT INTO rp_hours AS h (member_id, hour, put_minor, back_minor, wager_minor) VALUES (p_member, hour_start, p_put, p_back, p_wager)
  ON CONFLICT (member_id, hour) DO UPDATE
    SET put_minor = h.put_minor + EXCLUDED.put_minor, back_minor = h.back_minor + EXCLUDED.back_minor, wager_minor = h.wager_minor + EXCLUDED.wager_minor;
END $$;
`;

export const rpHoursLimitSet1150 = `rp_hours_limit_set() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM rp_members WHERE member_id = NEW.member_id AND hours_from IS NOT NULL) THEN RETURN NULL; END IF;
  -- After every entry the member has (an app clock ahead of the database's included), then the margin.
  INSERT INTO rp_members AS m (member_id, hours_from)
  VALUES (NEW.member_id, greatest(now(), NEW.set_at,
    (SELECT max(created_at) FROM coin_orders WHERE member_id = NEW.member_id),
    (SELECT max(created_at) FROM venue_transfers WHERE member_id = NEW.member_id),
    (SELECT max(created_at) FROM seamless_transactions WHERE member_id = NEW.member_id),
    (SELECT max(w.created_at) FROM seamless_rounds r JOIN seamless_transactions w ON w.provider_id = r.provider_id AND w.round_id = r.round_id
      WHERE r.member_id = NEW.member_id AND w.operation = 'win')) + ${TRACKING_MARGIN})
  ON CONFLICT (member_id) DO UPDATE SET hours_from = EXCLUDED.hours_from WHERE m.hours_from IS NULL;
  RETURN NULL;
END $$;
`;

export const rpHoursLimitRemoved1150 = `rp_hours_limit_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rp_limits WHERE member_id = OLD.member_id AND kind IN ('loss', 'wager')) THEN
    UPDATE rp_members SET hours_from = NULL WHERE member_id = OLD.member_id AND hours_from IS NOT NULL;
    DELETE FROM rp_hours WHERE member_id = OLD.member_id;
  END IF;
  RETURN NULL;
END $$;
`;

/** rp_rows_use as this migration made it (migration 1160 replaces it and restores it on the way down). */
export const rpRowsUse1150 = `rp_rows_use(p_member bigint, p_from timestamptz, p_to timestamptz, OUT put bigint, OUT back bigint, OUT wager bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT coalesce(sum(e.put), 0)::bigint, coalesce(sum(e.back), 0)::bigint, coalesce(sum(e.wag), 0)::bigint INTO put, back, wager FROM (
    SELECT CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END AS put, CASE WHEN direction = 'out' THEN amount_minor ELSE 0 END AS back,
           CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END AS wag
      FROM venue_transfers WHERE member_id = p_member AND created_at > p_from AND created_at < p_to
       AND ((direction = 'in' AND state IN ('pending', 'completed')) OR (direction = 'out' AND state = 'completed'))
    UNION ALL
    SELECT amount_minor, 0, amount_minor
      FROM seamless_transactions WHERE member_id = p_member AND created_at > p_from AND created_at < p_to AND body_hash IS NOT NULL AND amount_minor > 0
       AND operation = 'bet' AND debit_state IN ('debited', 'credited', 'settled')
    UNION ALL
    SELECT 0, w.amount_minor, 0
      FROM seamless_rounds r JOIN seamless_transactions w ON w.provider_id = r.provider_id AND w.round_id = r.round_id AND w.operation = 'win'
     WHERE r.member_id = p_member AND r.opened_at > p_from - interval '1 day' AND w.created_at > p_from AND w.created_at < p_to
       AND w.body_hash IS NOT NULL AND w.amount_minor > 0 AND w.debit_state IS DISTINCT FROM 'refused'
    UNION ALL
    SELECT money_minor, 0, 0 FROM coin_orders WHERE member_id = p_member AND created_at > p_from AND created_at < p_to) AS e;
END $$;
`;

export const responsibleWindowHoursMigration: Migration = {
  id: 1150,
  name: 'responsible play: hourly window totals',
  up: `
ALTER TABLE rp_members ADD COLUMN hours_from timestamptz;
CREATE TABLE rp_hours (
  member_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  put_minor bigint NOT NULL DEFAULT 0,
  back_minor bigint NOT NULL DEFAULT 0,
  wager_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, hour)
);

CREATE FUNCTION ${rpHoursAdd1150}

CREATE FUNCTION ${rpHoursLimitSet1150}
CREATE TRIGGER rp_limits_hours AFTER INSERT OR UPDATE ON rp_limits
  FOR EACH ROW WHEN (NEW.kind IN ('loss', 'wager')) EXECUTE FUNCTION rp_hours_limit_set();
-- The last loss or wager limit removed: the totals stop (a later limit starts them afresh).
CREATE FUNCTION ${rpHoursLimitRemoved1150}
CREATE TRIGGER rp_limits_hours_removed AFTER DELETE ON rp_limits
  FOR EACH ROW WHEN (OLD.kind IN ('loss', 'wager')) EXECUTE FUNCTION rp_hours_limit_removed();

CREATE FUNCTION rp_hours_coin_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rp_hours_add(NEW.member_id, NEW.created_at, NEW.money_minor, 0, 0);
  RETURN NULL;
END $$;
CREATE TRIGGER coin_orders_rp_hours AFTER INSERT ON coin_orders
  FOR EACH ROW WHEN (NEW.money_minor > 0) EXECUTE FUNCTION rp_hours_coin_order();

CREATE FUNCTION rp_hours_venue_transfer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.direction = 'in' THEN
    PERFORM rp_hours_add(NEW.member_id, NEW.created_at, NEW.amount_minor, 0, NEW.amount_minor);
  ELSE
    PERFORM rp_hours_add(NEW.member_id, NEW.created_at, 0, NEW.amount_minor, 0);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER venue_transfers_rp_hours AFTER INSERT ON venue_transfers
  FOR EACH ROW WHEN ((NEW.direction = 'in' AND NEW.state IN ('pending', 'completed')) OR (NEW.direction = 'out' AND NEW.state = 'completed'))
  EXECUTE FUNCTION rp_hours_venue_transfer();
CREATE TRIGGER venue_transfers_rp_hours_state AFTER UPDATE OF state ON venue_transfers
  FOR EACH ROW WHEN (
    (NEW.direction = 'in' AND NEW.state IN ('pending', 'completed') AND OLD.state NOT IN ('pending', 'completed'))
    OR (NEW.direction = 'out' AND NEW.state = 'completed' AND OLD.state <> 'completed'))
  EXECUTE FUNCTION rp_hours_venue_transfer();

CREATE FUNCTION rp_hours_seamless() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r seamless_rounds;
BEGIN
  IF NEW.operation = 'bet' THEN
    PERFORM rp_hours_add(NEW.member_id, NEW.created_at, NEW.amount_minor, 0, NEW.amount_minor);
  ELSE
    SELECT * INTO r FROM seamless_rounds WHERE provider_id = NEW.provider_id AND round_id = NEW.round_id;
    IF FOUND AND r.opened_at > NEW.created_at - interval '1 day' THEN
      PERFORM rp_hours_add(r.member_id, NEW.created_at, 0, NEW.amount_minor, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER seamless_transactions_rp_hours AFTER UPDATE OF answer ON seamless_transactions
  FOR EACH ROW WHEN (OLD.answer IS NULL AND NEW.answer IS NOT NULL AND (
    (${countedBet('NEW')})
    OR (NEW.operation = 'win' AND NEW.body_hash IS NOT NULL AND NEW.amount_minor > 0 AND NEW.debit_state IS DISTINCT FROM 'refused')))
  EXECUTE FUNCTION rp_hours_seamless();

-- What the rows of the tables money is recorded in hold between two times (the window sums of migration 1030).
-- PL/pgSQL, not SQL: its plan is kept per connection (a SQL function's is made at every call).
CREATE FUNCTION ${rpRowsUse1150}

CREATE OR REPLACE FUNCTION rp_door_clear(p_member bigint, p_door text, p_amount bigint, p_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  kinds text[] := CASE p_door WHEN 'coinPurchase' THEN ARRAY['loss'] WHEN 'seamlessBet' THEN ARRAY['stake', 'loss', 'wager'] END;
  l record;
  since timestamptz;
  tracked timestamptz;
  put bigint;
  back bigint;
  wag bigint;
  early record;
BEGIN
  IF kinds IS NULL OR rp_in_break(p_member) THEN RETURN false; END IF;
  SELECT hours_from INTO tracked FROM rp_members WHERE member_id = p_member;
  FOR l IN SELECT kind, period, value FROM rp_limits WHERE member_id = p_member AND (kind = 'session' OR kind = ANY (kinds)) LOOP
    IF l.kind = 'session' THEN RETURN false; END IF;
    IF l.kind = 'stake' THEN
      IF p_amount > l.value THEN RETURN false; END IF;
      CONTINUE;
    END IF;
    since := p_at - CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END;
    IF tracked IS NOT NULL THEN
      -- The hourly totals: never less put in or wagered, nor more got back, than the rows.
      SELECT coalesce(sum(put_minor), 0), coalesce(sum(back_minor) FILTER (WHERE hour > since), 0), coalesce(sum(wager_minor), 0)
        INTO put, back, wag FROM rp_hours WHERE member_id = p_member AND hour > since - interval '1 hour';
      IF tracked > since THEN
        SELECT * INTO early FROM rp_rows_use(p_member, since, tracked);
        put := put + early.put; back := back + early.back; wag := wag + early.wager;
      END IF;
      IF (l.kind = 'loss' AND put - back + p_amount <= l.value) OR (l.kind = 'wager' AND wag + p_amount <= l.value) THEN CONTINUE; END IF;
    END IF;
    SELECT * INTO early FROM rp_rows_use(p_member, since, 'infinity');
    IF l.kind = 'loss' AND early.put - early.back + p_amount > l.value THEN RETURN false; END IF;
    IF l.kind = 'wager' AND early.wager + p_amount > l.value THEN RETURN false; END IF;
  END LOOP;
  RETURN true;
END $$;
`,
  down: `
CREATE OR REPLACE FUNCTION ${rpDoorClear1030}
DROP FUNCTION rp_rows_use(bigint, timestamptz, timestamptz);
DROP TRIGGER seamless_transactions_rp_hours ON seamless_transactions;
DROP TRIGGER venue_transfers_rp_hours_state ON venue_transfers;
DROP TRIGGER venue_transfers_rp_hours ON venue_transfers;
DROP TRIGGER coin_orders_rp_hours ON coin_orders;
DROP TRIGGER rp_limits_hours_removed ON rp_limits;
DROP TRIGGER rp_limits_hours ON rp_limits;
DROP FUNCTION rp_hours_limit_removed();
DROP FUNCTION rp_hours_seamless();
DROP FUNCTION rp_hours_venue_transfer();
DROP FUNCTION rp_hours_coin_order();
DROP FUNCTION rp_hours_limit_set();
DROP FUNCTION rp_hours_add(bigint, timestamptz, bigint, bigint, bigint);
DROP TABLE rp_hours;
ALTER TABLE rp_members DROP COLUMN hours_from;
`,
};
