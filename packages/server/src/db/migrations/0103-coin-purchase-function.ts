import type { Migration } from '../migration.js';

/**
 * A coin purchase in one statement (issue 3 budget: purchases at least 40% of a bare
 * single-row UPDATE). `ledger_buy_coin` does what the TypeScript ledger did in four round
 * trips, with the same rules:
 * - the four accounts (member centre CNY and coin COIN, the house slot's CNY and COIN) are
 *   created when missing and locked `FOR NO KEY UPDATE` in ascending id order (new
 *   accounts always get higher ids, so locks taken before creating them keep the order);
 * - the centre wallet must hold the money: else SQLSTATE LG010 (`exceedsBalance`), and
 *   nothing is written; posted amounts must stay safe integers: else LG011;
 * - the two transfers are inserted (the ledger triggers post them, and the CHECK
 *   constraints stand behind these checks), then the order row;
 * - it answers the order id and time and both member balances after the purchase, read
 *   under the locks. Amounts are integers of minor units; the caller computes the coins.
 */
export const coinPurchaseFunctionMigration: Migration = {
  id: 103,
  name: 'coin purchase in one statement',
  up: `
CREATE FUNCTION ledger_buy_coin(p_member bigint, p_money bigint, p_coins bigint, p_rate integer, p_bill text, p_house text)
RETURNS TABLE (o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  safe CONSTANT bigint := 9007199254740991;
  a ledger_accounts;
  centre ledger_accounts;
  coin ledger_accounts;
  house_cny ledger_accounts;
  house_coin ledger_accounts;
  found_count integer;
BEGIN
  FOR attempt IN 1..2 LOOP
    found_count := 0;
    FOR a IN
      SELECT * FROM ledger_accounts
       WHERE (member_id = p_member AND ((kind = 'centre' AND currency = 'CNY') OR (kind = 'coin' AND currency = 'COIN')))
          OR (member_id IS NULL AND kind = p_house AND currency IN ('CNY', 'COIN'))
       ORDER BY id FOR NO KEY UPDATE
    LOOP
      found_count := found_count + 1;
      IF a.member_id IS NULL AND a.currency = 'CNY' THEN house_cny := a;
      ELSIF a.member_id IS NULL THEN house_coin := a;
      ELSIF a.kind = 'centre' THEN centre := a;
      ELSE coin := a;
      END IF;
    END LOOP;
    EXIT WHEN found_count = 4;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'coin purchase accounts of member % missing after creation', p_member;
    END IF;
    INSERT INTO ledger_accounts (member_id, kind, currency, flags)
    VALUES (p_member, 'centre', 'CNY', 1), (p_member, 'coin', 'COIN', 1), (NULL, p_house, 'CNY', 0), (NULL, p_house, 'COIN', 0)
    ON CONFLICT DO NOTHING;
  END LOOP;

  IF centre.balance_minor < p_money THEN
    RAISE EXCEPTION 'exceedsBalance: account % holds %, debit of %', centre.id, centre.balance_minor, p_money
      USING ERRCODE = 'LG010';
  END IF;
  IF centre.debits_posted_minor + p_money > safe OR house_cny.credits_posted_minor + p_money > safe
     OR house_coin.debits_posted_minor + p_coins > safe OR coin.credits_posted_minor + p_coins > safe THEN
    RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
  END IF;

  INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code, order_reference)
  VALUES (p_bill || ':money', centre.id, house_cny.id, p_money, 'CNY', 'buy_coin', p_bill),
         (p_bill || ':coins', house_coin.id, coin.id, p_coins, 'COIN', 'buy_coin', p_bill);
  INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate)
  VALUES (p_bill, p_member, p_money, p_coins, p_rate)
  RETURNING id, created_at INTO o_order_id, o_created_at;
  o_centre_balance := centre.balance_minor - p_money;
  o_coin_balance := coin.balance_minor + p_coins;
  RETURN NEXT;
END $$;
`,
  down: `DROP FUNCTION ledger_buy_coin(bigint, bigint, bigint, integer, text, text);`,
};
