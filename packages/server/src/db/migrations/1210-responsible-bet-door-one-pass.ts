import type { Migration } from '../migration.js';
import { rpGated1030, rpSeamlessBet1030 } from './1030-responsible-enforcement.js';

/** rp_seamless_bet as this migration defines it (the text after CREATE OR REPLACE FUNCTION), for a later migration's down. */
export const rpSeamlessBet1210 = `rp_seamless_bet(
  p_provider text, p_tx text, p_hash text, p_round text, p_member bigint, p_venue text, p_game text, p_amount bigint,
  p_at timestamptz, p_play text, p_reference text, p_ok text, p_funds text, p_closed text, p_late text
) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rp_lock_members(ARRAY[p_member]);
  -- A transaction id lobby has seen goes on to its kept answer; a new one only when every limit leaves room.
  IF NOT rp_bet_clear(p_member, p_amount, p_at)
     AND NOT EXISTS (SELECT 1 FROM seamless_transactions WHERE provider_id = p_provider AND transaction_id = p_tx) THEN
    RETURN NULL;
  END IF;
  RETURN seamless_bet(p_provider, p_tx, p_hash, p_round, p_member, p_venue, p_game, p_amount, p_at, p_play, p_reference, p_ok, p_funds, p_closed, p_late);
END $$;
`;

/**
 * Responsible play: the door of a seamless bet in one query after the member's lock (issue 22
 * benchmark; docs/RESPONSIBLE-PLAY.md "Where money moves"). The rules are those of
 * `rp_door_clear` (migration 1150) for the door 'seamlessBet'; only the shape of the work
 * changes, as migration 1200 did for the purchase batch.
 *
 * - `rp_bet_clear(member, amount, at)`: false for a member in a break, with a session-time
 *   limit or a stake limit under the amount; true for a member without a stake, loss or wager
 *   limit, or whose hourly totals clear every loss and wager limit; otherwise `rp_door_clear`
 *   decides on the exact sums. One query for the limits and their totals, where
 *   `rp_door_clear` runs one per limit after a probe of `rp_members`.
 * - `rp_seamless_bet` locks the member first, every member (a transaction advisory lock in
 *   memory), and asks `rp_bet_clear`; before, `rp_gated` (a probe of the limits, then of the
 *   breaks) chose whether to lock and check, and the check read the breaks again. A
 *   transaction id lobby has seen still goes on to its kept answer whatever the limits say.
 *   `rp_gated` goes: nothing else called it.
 */
export const responsibleBetDoorOnePassMigration: Migration = {
  id: 1210,
  name: 'responsible play: a seamless bet door in one pass',
  up: `
-- May a new seamless bet of this member go on without the guard (the door 'seamlessBet')?
CREATE FUNCTION rp_bet_clear(p_member bigint, p_amount bigint, p_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  held boolean;
  clear boolean;
BEGIN
  IF cardinality(rp_in_break_of(ARRAY[p_member])) > 0 THEN RETURN false; END IF;
  -- No rows (no such limit): both null.
  SELECT bool_or(l.kind = 'session' OR (l.kind = 'stake' AND p_amount > l.value)),
         bool_and(l.kind NOT IN ('loss', 'wager') OR (
           rm.hours_from IS NOT NULL AND rm.hours_from <= p_at - p.span AND (
             -- The totals: never less put in or wagered, nor more got back, than the rows.
             SELECT CASE l.kind WHEN 'loss' THEN coalesce(sum(h.put_minor), 0) - coalesce(sum(h.back_minor) FILTER (WHERE h.hour > p_at - p.span), 0)
                                ELSE coalesce(sum(h.wager_minor), 0) END
               FROM rp_hours h WHERE h.member_id = p_member AND h.hour > p_at - p.span - interval '1 hour') + p_amount <= l.value))
    INTO held, clear
    FROM rp_limits l
    LEFT JOIN rp_members rm ON rm.member_id = l.member_id
    CROSS JOIN LATERAL (SELECT CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END AS span) AS p
   WHERE l.member_id = p_member AND l.kind IN ('session', 'stake', 'loss', 'wager');
  IF held THEN RETURN false; END IF;
  IF clear IS NULL OR clear THEN RETURN true; END IF;
  -- Near a limit, or not covered by the totals: the exact sums.
  RETURN rp_door_clear(p_member, 'seamlessBet', p_amount, p_at);
END $$;

CREATE OR REPLACE FUNCTION ${rpSeamlessBet1210}
DROP FUNCTION rp_gated(bigint);
`,
  down: `
CREATE FUNCTION ${rpGated1030}
CREATE OR REPLACE FUNCTION ${rpSeamlessBet1030}
DROP FUNCTION rp_bet_clear(bigint, bigint, timestamptz);
`,
};
