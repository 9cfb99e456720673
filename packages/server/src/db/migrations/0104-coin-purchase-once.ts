import type { Migration } from '../migration.js';

/**
 * A keyed coin purchase in one statement, so a purchase is one round trip instead of
 * five (BEGIN, claim, purchase, complete, COMMIT) with the same idempotency semantics
 * (docs/WALLET.md, "Idempotency"): `ledger_buy_coin_once` claims the key, buys through
 * `ledger_buy_coin` (migration 0103) and completes the key with the response, in the
 * statement's own transaction, so the money and the stored response commit together and a
 * crash leaves nothing.
 * - A key already claimed: nothing is bought; it answers `stored` with the key's row (a
 *   racer's INSERT waits for the first claim's transaction, as before), for the caller to
 *   replay or refuse.
 * - The centre wallet too small (LG010): the purchase rolls back to a savepoint and the
 *   key is completed with `p_refusal`; it answers `refused`.
 * - Bought: the key is completed with `p_ok`, the caller's JSON text of the response in
 *   which the string "@centreBalance@" stands for the centre balance (written in yuan, 2
 *   decimals) and "@coinBalance@" for the coin balance; it answers `done` with the order
 *   and the balances. Text, not jsonb, so a replay keeps the first answer's key order.
 */
export const coinPurchaseOnceMigration: Migration = {
  id: 104,
  name: 'keyed coin purchase in one statement',
  up: `
CREATE FUNCTION ledger_buy_coin_once(
  p_scope text, p_key text, p_call text, p_hash text,
  p_member bigint, p_money bigint, p_coins bigint, p_rate integer, p_bill text, p_house text,
  p_ok text, p_refusal text)
RETURNS TABLE (o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  claimed integer;
  bought record;
BEGIN
  INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state)
  VALUES (p_scope, p_key, p_call, p_hash, 'in_progress')
  ON CONFLICT (scope, key) DO NOTHING;
  GET DIAGNOSTICS claimed = ROW_COUNT;
  IF claimed = 0 THEN
    SELECT 'stored', k.call_name, k.request_hash, k.state, k.response_json
      INTO o_outcome, o_call_name, o_request_hash, o_state, o_response
      FROM idempotency_keys k WHERE k.scope = p_scope AND k.key = p_key;
    RETURN NEXT;
    RETURN;
  END IF;
  BEGIN
    SELECT * INTO bought FROM ledger_buy_coin(p_member, p_money, p_coins, p_rate, p_bill, p_house);
  EXCEPTION WHEN SQLSTATE 'LG010' THEN
    UPDATE idempotency_keys SET state = 'completed', response_json = p_refusal, completed_at = now()
     WHERE scope = p_scope AND key = p_key;
    o_outcome := 'refused';
    RETURN NEXT;
    RETURN;
  END;
  UPDATE idempotency_keys SET state = 'completed', completed_at = now(),
         response_json = replace(replace(p_ok, '"@centreBalance@"', round(bought.o_centre_balance::numeric / 100, 2)::text),
                                 '"@coinBalance@"', bought.o_coin_balance::text)
   WHERE scope = p_scope AND key = p_key;
  o_outcome := 'done';
  o_order_id := bought.o_order_id;
  o_created_at := bought.o_created_at;
  o_centre_balance := bought.o_centre_balance;
  o_coin_balance := bought.o_coin_balance;
  RETURN NEXT;
END $$;
`,
  down: `DROP FUNCTION ledger_buy_coin_once(text, text, text, text, bigint, bigint, bigint, integer, text, text, text, text);`,
};
