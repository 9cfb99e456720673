import type { Migration } from '../migration.js';
import { HOUR_ORIGIN, rpHoursAdd1170 } from './1170-responsible-hours-backfilled.js';

/**
 * Responsible play: one entry of a tracked member (a seamless bet or win, a venue transfer)
 * adds to its hour's totals with one UPDATE of the hour's row (issue 22 benchmark;
 * docs/RESPONSIBLE-PLAY.md "Where money moves"). Every entry of an hour but its first finds
 * the row; only the first goes through `rp_hours_add_many` (migration 1170), which inserts it.
 * Before, every entry went through that set form (arrays, a join, a grouping and an upsert,
 * the tracking lock taken a second time): about as much as the rest of a limited member's
 * extra work in a seamless round. The totals, the tracking lock and who is tracked are
 * unchanged (migrations 1150, 1170).
 */
export const responsibleHourUpdatedInPlaceMigration: Migration = {
  id: 1190,
  name: 'responsible play: entries update their hour in place',
  up: `
CREATE OR REPLACE FUNCTION rp_hours_add(p_member bigint, p_at timestamptz, p_put bigint, p_back bigint, p_wager bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_member IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(rp_hours_lock_key(p_member));
  IF NOT EXISTS (SELECT 1 FROM rp_members WHERE member_id = p_member AND hours_from <= p_at) THEN RETURN; END IF;
  UPDATE rp_hours SET put_minor = put_minor + p_put, back_minor = back_minor + p_back, wager_minor = wager_minor + p_wager
   WHERE member_id = p_member AND hour = date_bin('1 hour', p_at, ${HOUR_ORIGIN});
  IF NOT FOUND THEN
    PERFORM rp_hours_add_many(ARRAY[p_member], ARRAY[p_at], ARRAY[p_put], ARRAY[p_back], ARRAY[p_wager]);
  END IF;
END $$;
`,
  down: `
CREATE OR REPLACE FUNCTION ${rpHoursAdd1170}
`,
};
