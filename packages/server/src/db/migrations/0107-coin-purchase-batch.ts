import type { Migration } from '../migration.js';

/**
 * Keyed coin purchases in batches (issue 3, TigerBeetle's batching): the purchases that
 * reach one server instance together are applied by ONE statement,
 * `ledger_buy_coin_batch`, with the semantics of `ledger_buy_coin_once` (migration 0104)
 * for each of them. Arrays hold one element per purchase, in arrival order; (scope, key)
 * must be distinct within a batch (the caller defers a repeated key to the next batch, so
 * it replays the first one's committed answer).
 * 1. Every key is claimed (INSERT ... ON CONFLICT DO NOTHING, in (scope, key) order, so
 *    two batches never wait on each other's keys in a cycle). A key already claimed buys
 *    nothing and answers `stored` with its row (a racer waits for the first claim's
 *    transaction, as before).
 * 2. The accounts of the claimed purchases (member centre CNY and coin COIN, house slot
 *    CNY and COIN) are created when missing and all locked `FOR NO KEY UPDATE` in
 *    ascending id order, once for the batch.
 * 3. Each claimed purchase, in arrival order, is checked against the running balances: a
 *    centre wallet too small refuses that purchase alone (`refused`; its key completed
 *    with `p_refusals[i]`), the others go on; an amount past the safe integer range
 *    raises LG011 for the whole statement (the caller then applies the batch one by one,
 *    so that purchase alone fails, as before).
 * 4. The accepted purchases' transfers (two each, references `<bill>:money` and
 *    `<bill>:coins`) are inserted in one statement (posted per account by migration
 *    0106's trigger; the CHECK constraints stand behind step 3), their orders in another,
 *    and every claimed key is completed with its response (`p_oks[i]` with the balances
 *    written in, as in 0104) in a third. Money, orders and keys commit together.
 * Answers one row per purchase: its 1-based index and what 0104 answers.
 */
export const coinPurchaseBatchMigration: Migration = {
  id: 107,
  name: 'keyed coin purchases in batches',
  up: `
CREATE FUNCTION ledger_buy_coin_batch(
  p_scopes text[], p_keys text[], p_calls text[], p_hashes text[],
  p_members bigint[], p_moneys bigint[], p_coins bigint[], p_rates integer[], p_bills text[], p_houses text[],
  p_oks text[], p_refusals text[])
RETURNS TABLE (o_index integer, o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  safe CONSTANT bigint := 9007199254740991;
  n integer := coalesce(array_length(p_keys, 1), 0);
  claimed integer[];
  c_members bigint[];
  c_houses text[];
  expected integer;
  acc_keys text[];
  acc_ids bigint[];
  acc_bal bigint[];
  acc_deb bigint[];
  acc_cre bigint[];
  i integer;
  ci integer; oi integer; hc integer; ho integer;
  outcome text[] := array_fill(NULL::text, ARRAY[n]);
  centre_after bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  coin_after bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  responses text[] := array_fill(NULL::text, ARRAY[n]);
  t_refs text[] := '{}'; t_debits bigint[] := '{}'; t_credits bigint[] := '{}'; t_amounts bigint[] := '{}';
  t_currencies text[] := '{}'; t_orders text[] := '{}';
  a_idx integer[] := '{}';
  order_ids bigint[];
  order_times timestamptz[];
BEGIN
  -- 1. claim the keys
  WITH ins AS (
    INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state)
    SELECT s, k, c, h, 'in_progress' FROM unnest(p_scopes, p_keys, p_calls, p_hashes) AS u(s, k, c, h)
     ORDER BY s, k
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING scope, key
  )
  SELECT coalesce(array_agg(u.i ORDER BY u.i), '{}') INTO claimed
    FROM unnest(p_scopes, p_keys) WITH ORDINALITY AS u(s, k, i) JOIN ins ON ins.scope = u.s AND ins.key = u.k;

  IF array_length(claimed, 1) IS NOT NULL THEN
    SELECT array_agg(DISTINCT p_members[c]), array_agg(DISTINCT p_houses[c]) INTO c_members, c_houses FROM unnest(claimed) AS c;
    expected := 2 * array_length(c_members, 1) + 2 * array_length(c_houses, 1);
    -- 2. create missing accounts, lock them all in id order
    FOR attempt IN 1..2 LOOP
      SELECT array_agg(coalesce(member_id::text, '') || ':' || kind || ':' || currency ORDER BY id),
             array_agg(id ORDER BY id), array_agg(balance_minor ORDER BY id),
             array_agg(debits_posted_minor ORDER BY id), array_agg(credits_posted_minor ORDER BY id)
        INTO acc_keys, acc_ids, acc_bal, acc_deb, acc_cre
        FROM (SELECT id, member_id, kind, currency, balance_minor, debits_posted_minor, credits_posted_minor
                FROM ledger_accounts
               WHERE (member_id = ANY (c_members) AND ((kind = 'centre' AND currency = 'CNY') OR (kind = 'coin' AND currency = 'COIN')))
                  OR (member_id IS NULL AND kind = ANY (c_houses) AND currency IN ('CNY', 'COIN'))
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

    -- 3. each claimed purchase against the running balances, in arrival order
    FOREACH i IN ARRAY claimed LOOP
      ci := array_position(acc_keys, p_members[i]::text || ':centre:CNY');
      oi := array_position(acc_keys, p_members[i]::text || ':coin:COIN');
      hc := array_position(acc_keys, ':' || p_houses[i] || ':CNY');
      ho := array_position(acc_keys, ':' || p_houses[i] || ':COIN');
      IF acc_bal[ci] < p_moneys[i] THEN
        outcome[i] := 'refused';
        responses[i] := p_refusals[i];
        CONTINUE;
      END IF;
      IF acc_deb[ci] + p_moneys[i] > safe OR acc_cre[hc] + p_moneys[i] > safe
         OR acc_deb[ho] + p_coins[i] > safe OR acc_cre[oi] + p_coins[i] > safe THEN
        RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
      END IF;
      acc_deb[ci] := acc_deb[ci] + p_moneys[i]; acc_bal[ci] := acc_bal[ci] - p_moneys[i];
      acc_cre[hc] := acc_cre[hc] + p_moneys[i]; acc_bal[hc] := acc_bal[hc] + p_moneys[i];
      acc_deb[ho] := acc_deb[ho] + p_coins[i]; acc_bal[ho] := acc_bal[ho] - p_coins[i];
      acc_cre[oi] := acc_cre[oi] + p_coins[i]; acc_bal[oi] := acc_bal[oi] + p_coins[i];
      outcome[i] := 'done';
      centre_after[i] := acc_bal[ci];
      coin_after[i] := acc_bal[oi];
      responses[i] := replace(replace(p_oks[i], '"@centreBalance@"', round(acc_bal[ci]::numeric / 100, 2)::text),
                              '"@coinBalance@"', acc_bal[oi]::text);
      t_refs := t_refs || ARRAY[p_bills[i] || ':money', p_bills[i] || ':coins'];
      t_debits := t_debits || ARRAY[acc_ids[ci], acc_ids[ho]];
      t_credits := t_credits || ARRAY[acc_ids[hc], acc_ids[oi]];
      t_amounts := t_amounts || ARRAY[p_moneys[i], p_coins[i]];
      t_currencies := t_currencies || ARRAY['CNY', 'COIN'];
      t_orders := t_orders || ARRAY[p_bills[i], p_bills[i]];
      a_idx := a_idx || i;
    END LOOP;

    -- 4. transfers, orders and keys, one statement each
    IF array_length(a_idx, 1) IS NOT NULL THEN
      INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code, order_reference)
      SELECT r, d, c, a, cur, 'buy_coin', o FROM unnest(t_refs, t_debits, t_credits, t_amounts, t_currencies, t_orders) AS t(r, d, c, a, cur, o);
      WITH ins AS (
        INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate)
        SELECT p_bills[x], p_members[x], p_moneys[x], p_coins[x], p_rates[x] FROM unnest(a_idx) AS x
        RETURNING bill_no, id, created_at
      )
      SELECT array_agg(ins.id ORDER BY x.ord), array_agg(ins.created_at ORDER BY x.ord) INTO order_ids, order_times
        FROM unnest(a_idx) WITH ORDINALITY AS x(i, ord) JOIN ins ON ins.bill_no = p_bills[x.i];
    END IF;
    UPDATE idempotency_keys ik SET state = 'completed', completed_at = now(), response_json = responses[u.i]
      FROM unnest(claimed) AS u(i)
     WHERE ik.scope = p_scopes[u.i] AND ik.key = p_keys[u.i];
  END IF;

  -- answers: claimed purchases, then the keys found already claimed
  FOR x IN 1..coalesce(array_length(a_idx, 1), 0) LOOP
    i := a_idx[x];
    o_index := i; o_outcome := 'done'; o_call_name := NULL; o_request_hash := NULL; o_state := NULL; o_response := NULL;
    o_order_id := order_ids[x]; o_created_at := order_times[x]; o_centre_balance := centre_after[i]; o_coin_balance := coin_after[i];
    RETURN NEXT;
  END LOOP;
  FOREACH i IN ARRAY claimed LOOP
    CONTINUE WHEN outcome[i] <> 'refused';
    o_index := i; o_outcome := 'refused'; o_order_id := NULL; o_created_at := NULL; o_centre_balance := NULL; o_coin_balance := NULL;
    RETURN NEXT;
  END LOOP;
  RETURN QUERY
    SELECT u.i::integer, 'stored'::text, ik.call_name, ik.request_hash, ik.state, ik.response_json,
           NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::bigint
      FROM unnest(p_scopes, p_keys) WITH ORDINALITY AS u(s, k, i)
      JOIN idempotency_keys ik ON ik.scope = u.s AND ik.key = u.k
     WHERE NOT (u.i::integer = ANY (claimed));
END $$;
`,
  down: `DROP FUNCTION ledger_buy_coin_batch(text[], text[], text[], text[], bigint[], bigint[], bigint[], integer[], text[], text[], text[], text[]);`,
};
