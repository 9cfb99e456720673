import type { Migration } from '../migration.js';
import { rpDoorsClear1160, rpGatedOf1160, rpLedgerBuyCoinBatch1160, rpPurchasesClear1160 } from './1160-responsible-doors-batched.js';

/**
 * Responsible play: the door of a coin purchase batch in two statements, its probes by index
 * (issue 22 benchmark; docs/RESPONSIBLE-PLAY.md "Where money moves"). The rules are those of
 * `rp_door_clear` (migration 1150) for the door 'coinPurchase'; only the shape of the work
 * changes.
 *
 * - `rp_purchases_clear(members[], moneys[], ats[])`: locks every member of the batch
 *   (`rp_lock_members`, in member order), then decides every purchase in ONE query: a member in
 *   a break or with a session-time limit goes to the guard; a member without a loss limit goes;
 *   a member with one goes when its hourly totals clear the purchase together with the
 *   member's earlier purchases in the batch. The first purchase of a member the totals do not
 *   clear (near the limit, or a window the totals do not cover whole) is decided by
 *   `rp_door_clear` (the exact sums); a later one goes to the guard.
 *   Before, three passes: `rp_gated_of` (members with any limit or a break), then the lock,
 *   then `rp_doors_clear` for the first purchase of each, and the second purchase of a member
 *   went to the guard whatever its limit left.
 * - Members without limits are locked too: the lock is a transaction advisory lock in memory
 *   (about 0.6 us a member), and one lock pass costs less than first finding who needs it.
 * - `enable_seqscan = off` for these functions, for `rp_door_clear` (one member's door, the
 *   seamless bet's) and for `rp_hours_add_many` (the totals of a batch's coin orders): every
 *   query in them probes rows of a few members; with a few hundred members PostgreSQL's
 *   generic plans scanned `rp_limits`, `rp_members` and `rp_hours` whole (ten members:
 *   `rp_gated_of` 88 us, 34 us by index; `rp_doors_clear` 151 against 83 us; one member:
 *   `rp_door_clear` 44 against 29 us).
 * - `rp_doors_clear` and `rp_gated_of` go: nothing else called them.
 */
export const responsiblePurchaseDoorOnePassMigration: Migration = {
  id: 1200,
  name: 'responsible play: a purchase batch door in one pass',
  up: `
-- The purchases of a batch that may go (their indexes). Locks every member of the batch.
CREATE FUNCTION rp_purchases_clear(p_members bigint[], p_moneys bigint[], p_ats timestamptz[]) RETURNS integer[]
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  breaks bigint[];
  cleared integer[];
  exact integer[];
BEGIN
  IF coalesce(cardinality(p_members), 0) = 0 THEN RETURN '{}'; END IF;
  PERFORM rp_lock_members(p_members);
  breaks := rp_in_break_of(p_members);
  SELECT coalesce(array_agg(v.i ORDER BY v.i) FILTER (WHERE v.verdict = 'clear'), '{}'), coalesce(array_agg(v.i ORDER BY v.i) FILTER (WHERE v.verdict = 'exact'), '{}')
    INTO cleared, exact
    FROM (
      SELECT u.i, CASE WHEN u.m = ANY (breaks) OR w.session THEN 'guard'
                       WHEN w.loss IS NULL OR w.clear THEN 'clear'
                       WHEN u.first THEN 'exact'
                       ELSE 'guard' END AS verdict
        FROM (SELECT x.m, x.a, x.t, x.i::integer AS i, sum(x.a) OVER (PARTITION BY x.m ORDER BY x.i) AS upto,
                     row_number() OVER (PARTITION BY x.m ORDER BY x.i) = 1 AS first
                FROM unnest(p_members, p_moneys, p_ats) WITH ORDINALITY AS x(m, a, t, i)) AS u
        LEFT JOIN rp_members rm ON rm.member_id = u.m
        CROSS JOIN LATERAL (
          -- No rows (no session or loss limit): every aggregate is null.
          SELECT bool_or(l.kind = 'session') AS session, bool_or(l.kind = 'loss') AS loss,
                 bool_and(l.kind <> 'loss' OR (
                   rm.hours_from IS NOT NULL AND rm.hours_from <= u.t - p.span AND (
                     -- The totals: never less put in, nor more got back, than the rows.
                     SELECT coalesce(sum(h.put_minor), 0) - coalesce(sum(h.back_minor) FILTER (WHERE h.hour > u.t - p.span), 0)
                       FROM rp_hours h WHERE h.member_id = u.m AND h.hour > u.t - p.span - interval '1 hour') + u.upto <= l.value)) AS clear
            FROM rp_limits l
            CROSS JOIN LATERAL (SELECT CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END AS span) AS p
           WHERE l.member_id = u.m AND l.kind IN ('session', 'loss')) AS w) AS v;
  -- Near a limit, or not covered by the totals: rp_door_clear decides on the exact sums.
  RETURN ARRAY(SELECT k FROM unnest(cleared || ARRAY(SELECT k FROM unnest(exact) AS k WHERE rp_door_clear(p_members[k], 'coinPurchase', p_moneys[k], p_ats[k]))) AS k ORDER BY k);
END $$;

CREATE OR REPLACE FUNCTION rp_ledger_buy_coin_batch(
  p_scopes text[], p_keys text[], p_calls text[], p_hashes text[],
  p_members bigint[], p_moneys bigint[], p_coins bigint[], p_rates integer[], p_bills text[], p_houses text[],
  p_oks text[], p_refusals text[], p_ats timestamptz[])
RETURNS TABLE (o_index integer, o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_keys, 1), 0);
  keep integer[] := rp_purchases_clear(p_members, p_moneys, p_ats);
BEGIN
  IF cardinality(keep) = n THEN
    RETURN QUERY SELECT * FROM ledger_buy_coin_batch(p_scopes, p_keys, p_calls, p_hashes, p_members, p_moneys, p_coins, p_rates, p_bills, p_houses, p_oks, p_refusals);
    RETURN;
  END IF;
  IF cardinality(keep) > 0 THEN
    RETURN QUERY SELECT keep[b.o_index], b.o_outcome, b.o_call_name, b.o_request_hash, b.o_state, b.o_response,
                        b.o_order_id, b.o_created_at, b.o_centre_balance, b.o_coin_balance
      FROM ledger_buy_coin_batch(
        ARRAY(SELECT p_scopes[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_keys[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_calls[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_hashes[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_members[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_moneys[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_coins[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_rates[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_bills[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_houses[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_oks[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o),
        ARRAY(SELECT p_refusals[k] FROM unnest(keep) WITH ORDINALITY AS x(k, o) ORDER BY o)) AS b;
  END IF;
  RETURN QUERY SELECT h, 'guard'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::bigint
    FROM generate_subscripts(p_members, 1) AS h WHERE NOT (h = ANY (keep));
END $$;

DROP FUNCTION rp_purchases_clear(bigint[], bigint[], timestamptz[], bigint[]);
DROP FUNCTION rp_gated_of(bigint[]);
DROP FUNCTION rp_doors_clear(bigint[], text, bigint[], timestamptz[]);
ALTER FUNCTION rp_hours_add_many(bigint[], timestamptz[], bigint[], bigint[], bigint[]) SET enable_seqscan = off;
ALTER FUNCTION rp_door_clear(bigint, text, bigint, timestamptz) SET enable_seqscan = off;
`,
  down: `
ALTER FUNCTION rp_door_clear(bigint, text, bigint, timestamptz) RESET enable_seqscan;
ALTER FUNCTION rp_hours_add_many(bigint[], timestamptz[], bigint[], bigint[], bigint[]) RESET enable_seqscan;
CREATE FUNCTION ${rpDoorsClear1160}
CREATE FUNCTION ${rpGatedOf1160}
CREATE FUNCTION ${rpPurchasesClear1160}
CREATE OR REPLACE FUNCTION ${rpLedgerBuyCoinBatch1160}
DROP FUNCTION rp_purchases_clear(bigint[], bigint[], timestamptz[]);
`,
};
