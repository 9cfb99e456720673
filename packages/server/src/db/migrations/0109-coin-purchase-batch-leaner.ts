import type { Migration } from '../migration.js';
import { coinPurchaseBatchMigration } from './0107-coin-purchase-batch.js';

/**
 * Keyed coin purchases in batches with fewer writes (issue 3, second pass on
 * `ledger_buy_coin_batch`; same signature, same answers, same guarantees as migration
 * 0107). What changed:
 * - Each key row is written ONCE, completed with its response, instead of inserted
 *   `in_progress` and then updated. The accounts of the batch are locked first (created
 *   when missing, all `FOR NO KEY UPDATE` in ascending id order, as before), each
 *   purchase is checked against the running balances in arrival order, and then every
 *   key is inserted completed (`INSERT ... ON CONFLICT DO NOTHING`, in (scope, key)
 *   order) BEFORE any transfer or order is written. A key already used answers `stored`
 *   and buys nothing, exactly as before: a racer's INSERT waits on the unique index for
 *   the first use's transaction and, once it commits, finds the key and does nothing; if
 *   it rolls back, the racer's own row goes in. When some keys of the batch were found
 *   used, the running balances are worked out again without those purchases and the
 *   responses of the claimed keys whose balances moved are rewritten (the only second
 *   write, and only then). Transfers, orders and keys still commit together.
 * - Lock order: accounts (one statement, id order), then keys ((scope, key) order), then
 *   nothing else; a batch waiting on a key therefore never holds up the holder of that
 *   key (who already holds all the accounts it needs), and key waits follow one order.
 *   A transaction of another path that claims a key first and then locks the SAME
 *   member's accounts (a key reused across calls at the same moment) can meet a batch in
 *   a deadlock; PostgreSQL aborts one of them and the batch path then applies its
 *   purchases one by one, where the reused key answers `stored` (refused as reused).
 * - The accounts are found through their indexes (ids looked up by (member, kind,
 *   currency), then locked by id) instead of a scan of `ledger_accounts`.
 */
export const coinPurchaseBatchLeanerMigration: Migration = {
  id: 109,
  name: 'keyed coin purchases in batches, key written once',
  up: `
CREATE OR REPLACE FUNCTION ledger_buy_coin_batch(
  p_scopes text[], p_keys text[], p_calls text[], p_hashes text[],
  p_members bigint[], p_moneys bigint[], p_coins bigint[], p_rates integer[], p_bills text[], p_houses text[],
  p_oks text[], p_refusals text[])
RETURNS TABLE (o_index integer, o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  safe CONSTANT bigint := 9007199254740991;
  n integer := coalesce(array_length(p_keys, 1), 0);
  c_members bigint[];
  c_houses text[];
  expected integer;
  acc_keys text[];
  acc_ids bigint[];
  start_bal bigint[]; start_deb bigint[]; start_cre bigint[];
  acc_bal bigint[];
  acc_deb bigint[];
  acc_cre bigint[];
  ci integer[] := array_fill(NULL::integer, ARRAY[n]);
  oi integer[] := array_fill(NULL::integer, ARRAY[n]);
  hc integer[] := array_fill(NULL::integer, ARRAY[n]);
  ho integer[] := array_fill(NULL::integer, ARRAY[n]);
  i integer;
  overflowed integer[];
  taken boolean[] := array_fill(true, ARRAY[n]);
  claimed integer[];
  inserted integer;
  outcome text[];
  centre_after bigint[];
  coin_after bigint[];
  responses text[];
  first_responses text[];
  a_idx integer[];
  order_ids bigint[];
  order_times timestamptz[];
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  SELECT array_agg(DISTINCT m), (SELECT array_agg(DISTINCT h) FROM unnest(p_houses) AS h) INTO c_members, c_houses
    FROM unnest(p_members) AS m;
  expected := 2 * array_length(c_members, 1) + 2 * array_length(c_houses, 1);

  -- 1. create missing accounts, lock them all in id order (found through their indexes)
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(coalesce(member_id::text, '') || ':' || kind || ':' || currency ORDER BY id),
           array_agg(id ORDER BY id), array_agg(balance_minor ORDER BY id),
           array_agg(debits_posted_minor ORDER BY id), array_agg(credits_posted_minor ORDER BY id)
      INTO acc_keys, acc_ids, start_bal, start_deb, start_cre
      FROM (SELECT id, member_id, kind, currency, balance_minor, debits_posted_minor, credits_posted_minor
              FROM ledger_accounts
             WHERE id = ANY (ARRAY(
                     SELECT a.id FROM ledger_accounts a
                      WHERE a.member_id = ANY (c_members) AND a.kind = 'centre' AND a.currency = 'CNY'
                     UNION ALL
                     SELECT a.id FROM ledger_accounts a
                      WHERE a.member_id = ANY (c_members) AND a.kind = 'coin' AND a.currency = 'COIN'
                     UNION ALL
                     SELECT a.id FROM ledger_accounts a
                      WHERE a.member_id IS NULL AND a.kind = ANY (c_houses) AND a.currency IN ('CNY', 'COIN')))
             ORDER BY id FOR NO KEY UPDATE) AS locked;
    EXIT WHEN coalesce(array_length(acc_ids, 1), 0) = expected;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'coin purchase accounts missing after creation';
    END IF;
    INSERT INTO ledger_accounts (member_id, kind, currency, flags)
    SELECT m, 'centre', 'CNY', 1 FROM unnest(c_members) AS m
    UNION ALL SELECT m, 'coin', 'COIN', 1 FROM unnest(c_members) AS m
    UNION ALL SELECT NULL, h, 'CNY', 0 FROM unnest(c_houses) AS h
    UNION ALL SELECT NULL, h, 'COIN', 0 FROM unnest(c_houses) AS h
    ON CONFLICT DO NOTHING;
  END LOOP;
  FOR i IN 1..n LOOP
    ci[i] := array_position(acc_keys, p_members[i]::text || ':centre:CNY');
    oi[i] := array_position(acc_keys, p_members[i]::text || ':coin:COIN');
    hc[i] := array_position(acc_keys, ':' || p_houses[i] || ':CNY');
    ho[i] := array_position(acc_keys, ':' || p_houses[i] || ':COIN');
  END LOOP;

  -- 2. each purchase whose key is (still) taken, against the running balances, in arrival
  --    order; then the keys, written once. A second pass only when some keys were used.
  FOR pass IN 1..2 LOOP
    acc_bal := start_bal; acc_deb := start_deb; acc_cre := start_cre;
    outcome := array_fill(NULL::text, ARRAY[n]);
    centre_after := array_fill(NULL::bigint, ARRAY[n]);
    coin_after := array_fill(NULL::bigint, ARRAY[n]);
    responses := array_fill(NULL::text, ARRAY[n]);
    a_idx := '{}';
    overflowed := '{}';
    FOR i IN 1..n LOOP
      CONTINUE WHEN NOT taken[i];
      IF acc_bal[ci[i]] < p_moneys[i] THEN
        outcome[i] := 'refused';
        responses[i] := p_refusals[i];
        CONTINUE;
      END IF;
      IF acc_deb[ci[i]] + p_moneys[i] > safe OR acc_cre[hc[i]] + p_moneys[i] > safe
         OR acc_deb[ho[i]] + p_coins[i] > safe OR acc_cre[oi[i]] + p_coins[i] > safe THEN
        IF pass = 2 THEN
          RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
        END IF;
        -- raised once its key is known to be this purchase's own (a used key replays instead)
        overflowed := overflowed || i;
        responses[i] := p_refusals[i];
        CONTINUE;
      END IF;
      acc_deb[ci[i]] := acc_deb[ci[i]] + p_moneys[i]; acc_bal[ci[i]] := acc_bal[ci[i]] - p_moneys[i];
      acc_cre[hc[i]] := acc_cre[hc[i]] + p_moneys[i]; acc_bal[hc[i]] := acc_bal[hc[i]] + p_moneys[i];
      acc_deb[ho[i]] := acc_deb[ho[i]] + p_coins[i]; acc_bal[ho[i]] := acc_bal[ho[i]] - p_coins[i];
      acc_cre[oi[i]] := acc_cre[oi[i]] + p_coins[i]; acc_bal[oi[i]] := acc_bal[oi[i]] + p_coins[i];
      outcome[i] := 'done';
      centre_after[i] := acc_bal[ci[i]];
      coin_after[i] := acc_bal[oi[i]];
      responses[i] := replace(replace(p_oks[i], '"@centreBalance@"', round(acc_bal[ci[i]]::numeric / 100, 2)::text),
                              '"@coinBalance@"', acc_bal[oi[i]]::text);
      a_idx := a_idx || i;
    END LOOP;
    IF pass = 2 THEN
      -- some keys were found used: rewrite the responses of the claimed ones that changed
      UPDATE idempotency_keys ik SET response_json = responses[u.i]
        FROM unnest(claimed) AS u(i)
       WHERE responses[u.i] IS DISTINCT FROM first_responses[u.i]
         AND ik.scope = p_scopes[u.i] AND ik.key = p_keys[u.i];
      EXIT;
    END IF;
    WITH ins AS (
      INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state, response_json, completed_at)
      SELECT s, k, c, h, 'completed', r, now()
        FROM unnest(p_scopes, p_keys, p_calls, p_hashes, responses) AS u(s, k, c, h, r)
       ORDER BY s, k
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING scope, key
    )
    SELECT coalesce(array_agg(u.i ORDER BY u.i), '{}') INTO claimed
      FROM unnest(p_scopes, p_keys) WITH ORDINALITY AS u(s, k, i) JOIN ins ON ins.scope = u.s AND ins.key = u.k;
    inserted := coalesce(array_length(claimed, 1), 0);
    IF overflowed && claimed THEN
      RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
    END IF;
    EXIT WHEN inserted = n;
    taken := array_fill(false, ARRAY[n]);
    FOREACH i IN ARRAY claimed LOOP
      taken[i] := true;
    END LOOP;
    first_responses := responses;
  END LOOP;

  -- 3. the accepted purchases' transfers and orders, one statement each
  IF array_length(a_idx, 1) IS NOT NULL THEN
    INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code, order_reference)
    SELECT p_bills[x] || t.suffix, acc_ids[CASE WHEN t.money THEN ci[x] ELSE ho[x] END],
           acc_ids[CASE WHEN t.money THEN hc[x] ELSE oi[x] END],
           CASE WHEN t.money THEN p_moneys[x] ELSE p_coins[x] END, t.currency, 'buy_coin', p_bills[x]
      FROM unnest(a_idx) WITH ORDINALITY AS u(x, ord)
     CROSS JOIN (VALUES (true, ':money', 'CNY', 1), (false, ':coins', 'COIN', 2)) AS t(money, suffix, currency, pos)
     ORDER BY u.ord, t.pos;
    WITH ins AS (
      INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate)
      SELECT p_bills[x], p_members[x], p_moneys[x], p_coins[x], p_rates[x] FROM unnest(a_idx) AS x
      RETURNING bill_no, id, created_at
    )
    SELECT array_agg(ins.id ORDER BY x.ord), array_agg(ins.created_at ORDER BY x.ord) INTO order_ids, order_times
      FROM unnest(a_idx) WITH ORDINALITY AS x(i, ord) JOIN ins ON ins.bill_no = p_bills[x.i];
  END IF;

  -- answers: accepted purchases, refused ones, then the keys found already used
  FOR x IN 1..coalesce(array_length(a_idx, 1), 0) LOOP
    i := a_idx[x];
    o_index := i; o_outcome := 'done'; o_call_name := NULL; o_request_hash := NULL; o_state := NULL; o_response := NULL;
    o_order_id := order_ids[x]; o_created_at := order_times[x]; o_centre_balance := centre_after[i]; o_coin_balance := coin_after[i];
    RETURN NEXT;
  END LOOP;
  FOR i IN 1..n LOOP
    CONTINUE WHEN outcome[i] IS DISTINCT FROM 'refused';
    o_index := i; o_outcome := 'refused'; o_order_id := NULL; o_created_at := NULL; o_centre_balance := NULL; o_coin_balance := NULL;
    RETURN NEXT;
  END LOOP;
  IF inserted < n THEN
    RETURN QUERY
      SELECT u.i::integer, 'stored'::text, ik.call_name, ik.request_hash, ik.state, ik.response_json,
             NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::bigint
        FROM unnest(p_scopes, p_keys) WITH ORDINALITY AS u(s, k, i)
        JOIN idempotency_keys ik ON ik.scope = u.s AND ik.key = u.k
       WHERE NOT (u.i::integer = ANY (claimed));
  END IF;
END $$;
`,
  down: `DROP FUNCTION ledger_buy_coin_batch(text[], text[], text[], text[], bigint[], bigint[], bigint[], integer[], text[], text[], text[], text[]);
${coinPurchaseBatchMigration.up}`,
};
