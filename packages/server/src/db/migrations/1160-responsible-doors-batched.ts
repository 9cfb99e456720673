import type { Migration } from '../migration.js';
import { rpInBreak1030, rpLedgerBuyCoinBatch1030, rpLockMembers1030 } from './1030-responsible-enforcement.js';
import { rpRowsUse1150 } from './1150-responsible-window-hours.js';

/** The purchase batch's door as this migration made it (migration 1200 replaces it and restores it on the way down). */
export const rpDoorsClear1160 = `rp_doors_clear(p_members bigint[], p_door text, p_amounts bigint[], p_ats timestamptz[]) RETURNS bigint[]
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  kinds text[] := CASE p_door WHEN 'coinPurchase' THEN ARRAY['loss'] WHEN 'seamlessBet' THEN ARRAY['stake', 'loss', 'wager'] END;
  breaks bigint[];
  cleared bigint[];
  exact integer[];
BEGIN
  IF kinds IS NULL OR coalesce(cardinality(p_members), 0) = 0 THEN RETURN '{}'; END IF;
  breaks := rp_in_break_of(p_members);
  -- Each request held (session limit, stake over), clear on the hourly totals, or for the exact sums (a loss or
  -- wager window the totals do not clear: near the limit, or not covered whole by them).
  SELECT coalesce(array_agg(r.m) FILTER (WHERE v.verdict = 'clear'), '{}'), coalesce(array_agg(r.k) FILTER (WHERE v.verdict = 'exact'), '{}')
    INTO cleared, exact
    FROM unnest(p_members, p_amounts, p_ats) WITH ORDINALITY AS r(m, a, t, k)
    LEFT JOIN rp_members rm ON rm.member_id = r.m
    CROSS JOIN LATERAL (
      SELECT CASE WHEN bool_or(w.kind = 'session' OR (w.kind = 'stake' AND r.a > w.value)) THEN 'held'
                  WHEN bool_or(w.kind IN ('loss', 'wager') AND NOT w.clear) THEN 'exact'
                  ELSE 'clear' END AS verdict
        FROM (SELECT l.kind, l.value,
                     CASE WHEN l.kind NOT IN ('loss', 'wager') THEN true
                          WHEN rm.hours_from IS NULL OR rm.hours_from > r.t - p.span THEN false
                          -- The totals: never less put in or wagered, nor more got back, than the rows.
                          ELSE (SELECT CASE l.kind WHEN 'loss' THEN coalesce(sum(h.put_minor), 0) - coalesce(sum(h.back_minor) FILTER (WHERE h.hour > r.t - p.span), 0)
                                                   ELSE coalesce(sum(h.wager_minor), 0) END + r.a <= l.value
                                  FROM rp_hours h WHERE h.member_id = r.m AND h.hour > r.t - p.span - interval '1 hour') END AS clear
                FROM rp_limits l
                CROSS JOIN LATERAL (SELECT CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END AS span) AS p
               WHERE l.member_id = r.m AND (l.kind = 'session' OR l.kind = ANY (kinds))) AS w) AS v
   WHERE NOT (r.m = ANY (breaks));
  -- Near a limit, or not covered by the totals: rp_door_clear decides (the exact sums).
  RETURN cleared || ARRAY(SELECT p_members[k] FROM unnest(exact) AS k WHERE rp_door_clear(p_members[k], p_door, p_amounts[k], p_ats[k]) ORDER BY k);
END $$;
`;

export const rpGatedOf1160 = `rp_gated_of(p_members bigint[]) RETURNS bigint[]
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  limited bigint[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT u.m), '{}') INTO limited FROM unnest(p_members) AS u(m) WHERE EXISTS (SELECT 1 FROM rp_limits WHERE member_id = u.m);
  RETURN ARRAY(SELECT x.m FROM unnest(limited || rp_in_break_of(ARRAY(SELECT DISTINCT u.m FROM unnest(p_members) AS u(m) WHERE NOT (u.m = ANY (limited))))) AS x(m) ORDER BY x.m);
END $$;
`;

export const rpPurchasesClear1160 = `rp_purchases_clear(p_members bigint[], p_moneys bigint[], p_ats timestamptz[], gated bigint[]) RETURNS integer[]
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  firsts integer[];
  first_members bigint[];
  first_moneys bigint[];
  first_ats timestamptz[];
  cleared bigint[];
BEGIN
  PERFORM rp_lock_members(gated);
  SELECT array_agg(f.i ORDER BY f.i), array_agg(p_members[f.i] ORDER BY f.i), array_agg(p_moneys[f.i] ORDER BY f.i), array_agg(p_ats[f.i] ORDER BY f.i)
    INTO firsts, first_members, first_moneys, first_ats
    FROM (SELECT min(i) AS i FROM generate_subscripts(p_members, 1) AS i WHERE p_members[i] = ANY (gated) GROUP BY p_members[i]) AS f;
  cleared := rp_doors_clear(first_members, 'coinPurchase', first_moneys, first_ats);
  RETURN ARRAY(SELECT i FROM generate_subscripts(p_members, 1) AS i
                WHERE NOT (p_members[i] = ANY (gated)) OR (i = ANY (firsts) AND p_members[i] = ANY (cleared)) ORDER BY i);
END $$;
`;

export const rpLedgerBuyCoinBatch1160 = `rp_ledger_buy_coin_batch(
  p_scopes text[], p_keys text[], p_calls text[], p_hashes text[],
  p_members bigint[], p_moneys bigint[], p_coins bigint[], p_rates integer[], p_bills text[], p_houses text[],
  p_oks text[], p_refusals text[], p_ats timestamptz[])
RETURNS TABLE (o_index integer, o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_keys, 1), 0);
  gated bigint[] := rp_gated_of(p_members);
  keep integer[];
BEGIN
  IF cardinality(gated) = 0 THEN
    RETURN QUERY SELECT * FROM ledger_buy_coin_batch(p_scopes, p_keys, p_calls, p_hashes, p_members, p_moneys, p_coins, p_rates, p_bills, p_houses, p_oks, p_refusals);
    RETURN;
  END IF;
  keep := rp_purchases_clear(p_members, p_moneys, p_ats, gated);
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
`;

/**
 * Responsible play: the door checks of a purchase batch in one statement per step, not one
 * function call per member (issue 22 benchmark; docs/RESPONSIBLE-PLAY.md "Where money moves").
 * The rules are those of migrations 1030 and 1150; only the shape of the work changes.
 *
 * - `rp_in_break_of(members[])`: the members of the list in a break, in one statement
 *   (`rp_in_break(member)` is now that with one member; the identity keys stay in one place).
 * - `rp_windows_use(keys[], members[], froms[], tos[])`: what the rows hold between two times
 *   for many windows at once (`rp_rows_use` is now that with one window; the sums stay in one
 *   place in SQL, beside responsible/limits/windows.ts).
 * - `rp_doors_clear(members[], door, amounts[], ats[])`: the members whose request every limit
 *   of the door clears, as `rp_door_clear` answers one by one: in one statement, the breaks,
 *   the session and stake limits, and each loss or wager window on its hourly totals; a member
 *   those do not clear (near a limit, or a window the totals do not cover whole) goes to
 *   `rp_door_clear`, which sums the rows.
 * - `rp_gated_of(members[])`: the members with a limit or in a break, in one statement (limits,
 *   then breaks of the rest).
 * - `rp_ledger_buy_coin_batch`: gated members by `rp_gated_of`; `rp_purchases_clear` locks them
 *   and runs one `rp_doors_clear` for the first purchase of each, and the batch passed on
 *   unsliced when every purchase may go. Outcomes as before.
 * - `rp_lock_members`: the play guard's member lock (responsible/member-lock.ts calls it too) is a
 *   transaction advisory lock per member, in member order; before, a row lock on `rp_members`
 *   (created when absent) wrote a row version and WAL at every door of a gated member.
 * - Functions taking arrays plan their queries once (`plan_cache_mode = force_generic_plan`):
 *   PostgreSQL otherwise kept making a custom plan at every call (the generic plan of an
 *   array of unknown length looked costlier), about 140 us each time for a query that runs in 10.
 * A seamless bet (one member) keeps `rp_door_clear`, cheaper for one member than the set query.
 */
export const responsibleDoorsBatchedMigration: Migration = {
  id: 1160,
  name: 'responsible play: door checks batched',
  up: `
CREATE FUNCTION rp_in_break_of(p_members bigint[]) RETURNS bigint[]
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  breaks bigint[];
BEGIN
  SELECT coalesce(array_agg(u.m), '{}') INTO breaks FROM unnest(p_members) AS u(m)
   WHERE EXISTS (SELECT 1 FROM rp_exclusions WHERE member_id = u.m AND returned_at IS NULL)
      OR EXISTS (
        SELECT 1 FROM rp_exclusion_keys k JOIN rp_exclusions e ON e.id = k.exclusion_id
         WHERE e.returned_at IS NULL AND e.scope = 'operator'
           AND k.key IN (
             SELECT 'phone:' || area_code || ' ' || phone FROM members WHERE id = u.m AND phone <> ''
             UNION
             SELECT 'namecard:' || lower(trim(real_name)) || '|' || replace(card_no, ' ', '') FROM member_bank_cards
              WHERE member_id = u.m AND replace(card_no, ' ', '') <> '' AND trim(real_name) <> ''));
  RETURN breaks;
END $$;

CREATE OR REPLACE FUNCTION rp_in_break(p_member bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN cardinality(rp_in_break_of(ARRAY[p_member])) > 0;
END $$;

-- What the rows of the tables money is recorded in hold between two times, for many windows:
-- put into play, got back, wagered (the window sums of migration 1030, responsible/limits/windows.ts).
CREATE FUNCTION rp_windows_use(p_keys integer[], p_members bigint[], p_froms timestamptz[], p_tos timestamptz[])
RETURNS TABLE (o_key integer, o_put bigint, o_back bigint, o_wager bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT w.k, coalesce(sum(e.put), 0)::bigint, coalesce(sum(e.back), 0)::bigint, coalesce(sum(e.wag), 0)::bigint
    FROM unnest(p_keys, p_members, p_froms, p_tos) AS w(k, m, f, t)
    LEFT JOIN LATERAL (
      SELECT CASE WHEN v.direction = 'in' THEN v.amount_minor ELSE 0 END AS put, CASE WHEN v.direction = 'out' THEN v.amount_minor ELSE 0 END AS back,
             CASE WHEN v.direction = 'in' THEN v.amount_minor ELSE 0 END AS wag
        FROM venue_transfers v WHERE v.member_id = w.m AND v.created_at > w.f AND v.created_at < w.t
         AND ((v.direction = 'in' AND v.state IN ('pending', 'completed')) OR (v.direction = 'out' AND v.state = 'completed'))
      UNION ALL
      SELECT s.amount_minor, 0, s.amount_minor
        FROM seamless_transactions s WHERE s.member_id = w.m AND s.created_at > w.f AND s.created_at < w.t AND s.body_hash IS NOT NULL
         AND s.amount_minor > 0 AND s.operation = 'bet' AND s.debit_state IN ('debited', 'credited', 'settled')
      UNION ALL
      SELECT 0, x.amount_minor, 0
        FROM seamless_rounds r JOIN seamless_transactions x ON x.provider_id = r.provider_id AND x.round_id = r.round_id AND x.operation = 'win'
       WHERE r.member_id = w.m AND r.opened_at > w.f - interval '1 day' AND x.created_at > w.f AND x.created_at < w.t
         AND x.body_hash IS NOT NULL AND x.amount_minor > 0 AND x.debit_state IS DISTINCT FROM 'refused'
      UNION ALL
      SELECT c.money_minor, 0, 0 FROM coin_orders c WHERE c.member_id = w.m AND c.created_at > w.f AND c.created_at < w.t) AS e ON true
   GROUP BY w.k;
END $$;

CREATE OR REPLACE FUNCTION rp_rows_use(p_member bigint, p_from timestamptz, p_to timestamptz, OUT put bigint, OUT back bigint, OUT wager bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT o_put, o_back, o_wager INTO put, back, wager FROM rp_windows_use(ARRAY[1], ARRAY[p_member], ARRAY[p_from], ARRAY[p_to]);
END $$;

CREATE FUNCTION ${rpDoorsClear1160}
-- The members of the list (distinct, in order) with a limit or in a break (rp_gated for many at once).
CREATE FUNCTION ${rpGatedOf1160}
-- The member lock of the play guard (responsible/member-lock.ts) in memory: a transaction advisory lock per
-- member, taken in member order, instead of a row lock on rp_members (a row written, and WAL, at every door).
CREATE OR REPLACE FUNCTION rp_lock_members(p_members bigint[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rp-member:' || d.m, 0)) FROM (SELECT DISTINCT u.m FROM unnest(p_members) AS u(m) ORDER BY 1) AS d;
END $$;

-- The purchases of a batch that may go (their indexes): those of members not gated (rp_gated_of), and the
-- first purchase of each gated member when its door is clear (a second always goes to the guard). Locks the
-- gated members (rp_lock_members).
CREATE FUNCTION ${rpPurchasesClear1160}
CREATE OR REPLACE FUNCTION ${rpLedgerBuyCoinBatch1160}`,
  down: `
CREATE OR REPLACE FUNCTION ${rpLockMembers1030}
CREATE OR REPLACE FUNCTION ${rpLedgerBuyCoinBatch1030}
DROP FUNCTION rp_purchases_clear(bigint[], bigint[], timestamptz[], bigint[]);
DROP FUNCTION rp_gated_of(bigint[]);
DROP FUNCTION rp_doors_clear(bigint[], text, bigint[], timestamptz[]);
CREATE OR REPLACE FUNCTION ${rpRowsUse1150}
DROP FUNCTION rp_windows_use(integer[], bigint[], timestamptz[], timestamptz[]);
CREATE OR REPLACE FUNCTION ${rpInBreak1030}
DROP FUNCTION rp_in_break_of(bigint[]);
`,
};
