import type { Migration } from '../migration.js';

/**
 * The seamless wallet's bet and win in one statement each (issue 18 benchmark: a round of
 * bet plus win at least 40% of a bare single-row UPDATE). `seamless_bet` and `seamless_win`
 * do what seamless-service.ts and seamless-credits.ts did in about eleven round trips and a
 * BEGIN/COMMIT each, with the same rules and lock order (the transaction's claim row, the
 * round row, the round's debit rows, then the ledger accounts in id order):
 * - the id is claimed first; a repeat answers the kept answer when its body hash matches;
 * - kept refusals and answers are stored in the claim row before the function returns;
 * - refusals that must not be kept (a conflicting repeat, an unknown debit, a round of
 *   another member) raise SQLSTATE SW409, SW404, SW400 with the message the provider
 *   gets, so the whole statement (claim included) rolls back;
 * - the ledger is posted by inserting the transfer (the ledger triggers post it; the
 *   CHECK constraints stand behind the balance check, LG010/LG011 as ledger_buy_coin).
 * Answers are JSON texts the caller prepares up to the numbers only the database knows
 * (member id of a round, balance): the function appends digits, so the texts stay
 * byte-identical to JSON.stringify of the answer objects.
 */
export const seamlessFunctionsMigration: Migration = {
  id: 731,
  name: 'seamless bet and win in one statement',
  up: `
CREATE FUNCTION seamless_centre_balance(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT balance_minor FROM ledger_accounts WHERE member_id = p_member AND kind = 'centre' AND currency = 'CNY'), 0)
$$;

CREATE FUNCTION seamless_lock_accounts(p_member bigint, p_play text, OUT o_centre ledger_accounts, OUT o_play ledger_accounts)
LANGUAGE plpgsql AS $$
DECLARE
  a ledger_accounts;
BEGIN
  FOR attempt IN 1..2 LOOP
    FOR a IN
      SELECT * FROM ledger_accounts
       WHERE (member_id = p_member AND kind = 'centre' AND currency = 'CNY')
          OR (member_id IS NULL AND kind = p_play AND currency = 'CNY')
       ORDER BY id FOR NO KEY UPDATE
    LOOP
      IF a.member_id IS NULL THEN o_play := a; ELSE o_centre := a; END IF;
    END LOOP;
    EXIT WHEN o_centre.id IS NOT NULL AND o_play.id IS NOT NULL;
    IF attempt = 2 THEN
      RAISE EXCEPTION 'seamless accounts of member % missing after creation', p_member;
    END IF;
    INSERT INTO ledger_accounts (member_id, kind, currency, flags)
    VALUES (p_member, 'centre', 'CNY', 1), (NULL, p_play, 'CNY', 0)
    ON CONFLICT DO NOTHING;
  END LOOP;
END $$;

CREATE FUNCTION seamless_bet(
  p_provider text, p_tx text, p_hash text, p_round text, p_member bigint, p_venue text, p_game text, p_amount bigint,
  p_at timestamptz, p_play text, p_reference text, p_ok text, p_funds text, p_closed text, p_late text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  safe CONSTANT bigint := 9007199254740991;
  t seamless_transactions;
  r seamless_rounds;
  acc record;
  body text;
BEGIN
  INSERT INTO seamless_transactions (provider_id, transaction_id, operation, body_hash, round_id, member_id, venue_code, amount_minor, debit_state, created_at)
  VALUES (p_provider, p_tx, 'bet', p_hash, p_round, p_member, p_venue, p_amount, 'debited', p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO t FROM seamless_transactions WHERE provider_id = p_provider AND transaction_id = p_tx FOR UPDATE;
    IF t.answer IS NOT NULL THEN
      IF t.body_hash = p_hash THEN RETURN t.answer; END IF;
      RAISE EXCEPTION 'transactionId: already used with another body' USING ERRCODE = 'SW409';
    END IF;
    -- A tombstone: the rollback came first. Refused and kept; the round is recorded cancelled.
    body := p_late || seamless_centre_balance(p_member) || '}';
    UPDATE seamless_transactions SET body_hash = p_hash, answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;
    INSERT INTO seamless_rounds (provider_id, round_id, member_id, venue_code, game_code, status, opened_at, last_activity_at, ended_at)
    VALUES (p_provider, p_round, p_member, p_venue, '', 'cancelled', p_at, p_at, p_at) ON CONFLICT DO NOTHING;
    RETURN body;
  END IF;

  INSERT INTO seamless_rounds (provider_id, round_id, member_id, venue_code, game_code, status, opened_at, last_activity_at)
  VALUES (p_provider, p_round, p_member, p_venue, p_game, 'open', p_at, p_at)
  ON CONFLICT (provider_id, round_id) DO UPDATE SET last_activity_at = EXCLUDED.last_activity_at WHERE seamless_rounds.status = 'open'
  RETURNING * INTO r;
  IF NOT FOUND THEN
    body := p_closed || seamless_centre_balance(p_member) || '}';
    UPDATE seamless_transactions SET answer = body, debit_state = 'refused' WHERE provider_id = p_provider AND transaction_id = p_tx;
    RETURN body;
  END IF;
  IF r.member_id <> p_member OR r.venue_code <> p_venue THEN
    RAISE EXCEPTION 'roundId: belongs to another member or venue' USING ERRCODE = 'SW400';
  END IF;

  SELECT * INTO acc FROM seamless_lock_accounts(p_member, p_play);
  IF (acc.o_centre).balance_minor < p_amount THEN
    body := p_funds || (acc.o_centre).balance_minor || '}';
    UPDATE seamless_transactions SET answer = body, debit_state = 'refused' WHERE provider_id = p_provider AND transaction_id = p_tx;
    RETURN body;
  END IF;
  IF (acc.o_centre).debits_posted_minor + p_amount > safe OR (acc.o_play).credits_posted_minor + p_amount > safe THEN
    RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
  END IF;
  INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
  VALUES (p_reference, (acc.o_centre).id, (acc.o_play).id, p_amount, 'CNY', 'game_bet');
  body := p_ok || ((acc.o_centre).balance_minor - p_amount) || '}';
  UPDATE seamless_transactions SET answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;
  INSERT INTO game_bets (venue_code, provider_bet_id, round_id, member_id, game_code, stake_minor, status, placed_at)
  VALUES (p_venue, p_tx, p_round, p_member, p_game, p_amount, 'open', p_at);
  RETURN body;
END $$;

CREATE FUNCTION seamless_win(
  p_provider text, p_tx text, p_hash text, p_round text, p_bet_ids text[], p_amount bigint, p_ended boolean,
  p_at timestamptz, p_play_prefix text, p_reference text, p_ok_head text, p_ok_mid text, p_cancelled text, p_closed text, p_rolled_back text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  safe CONSTANT bigint := 9007199254740991;
  t seamless_transactions;
  r seamless_rounds;
  d record;
  acc record;
  all_ids text[] := '{}';
  live_ids text[] := '{}';
  rolled_ids text[] := '{}';
  paid text[];
  balance bigint;
  body text;
BEGIN
  INSERT INTO seamless_transactions (provider_id, transaction_id, operation, body_hash, round_id, member_id, venue_code, amount_minor, debit_state, created_at)
  VALUES (p_provider, p_tx, 'win', p_hash, p_round, NULL, NULL, p_amount, NULL, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO t FROM seamless_transactions WHERE provider_id = p_provider AND transaction_id = p_tx FOR UPDATE;
    IF t.answer IS NOT NULL THEN
      IF t.body_hash = p_hash THEN RETURN t.answer; END IF;
      RAISE EXCEPTION 'transactionId: already used with another body' USING ERRCODE = 'SW409';
    END IF;
    RAISE EXCEPTION 'transactionId: already names a rolled back debit' USING ERRCODE = 'SW409';
  END IF;

  SELECT * INTO r FROM seamless_rounds WHERE provider_id = p_provider AND round_id = p_round FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'roundId: lobby has no debit of this round' USING ERRCODE = 'SW404';
  END IF;
  IF r.status = 'cancelled' OR r.status = 'completed' THEN
    body := CASE WHEN r.status = 'cancelled' THEN p_cancelled ELSE p_closed END || seamless_centre_balance(r.member_id) || '}';
    UPDATE seamless_transactions SET answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;
    RETURN body;
  END IF;

  FOR d IN
    SELECT transaction_id, debit_state FROM seamless_transactions
     WHERE provider_id = p_provider AND round_id = p_round AND operation = 'bet' AND body_hash IS NOT NULL AND debit_state <> 'refused'
     ORDER BY created_at, transaction_id FOR UPDATE
  LOOP
    all_ids := all_ids || d.transaction_id;
    IF d.debit_state IN ('debited', 'credited') THEN live_ids := live_ids || d.transaction_id;
    ELSIF d.debit_state = 'rolled_back' THEN rolled_ids := rolled_ids || d.transaction_id;
    END IF;
  END LOOP;
  IF p_bet_ids IS NULL THEN
    IF cardinality(live_ids) > 0 THEN
      paid := live_ids;
    ELSIF cardinality(rolled_ids) = 0 THEN
      RAISE EXCEPTION 'betTransactionIds: lobby has no such debit in this round' USING ERRCODE = 'SW404';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM unnest(p_bet_ids) AS x(id) WHERE x.id <> ALL (all_ids)) THEN
    RAISE EXCEPTION 'betTransactionIds: lobby has no such debit in this round' USING ERRCODE = 'SW404';
  ELSIF NOT EXISTS (SELECT 1 FROM unnest(p_bet_ids) AS x(id) WHERE x.id <> ALL (live_ids)) THEN
    paid := p_bet_ids;
  END IF;
  IF paid IS NULL THEN
    body := p_rolled_back || seamless_centre_balance(r.member_id) || '}';
    UPDATE seamless_transactions SET answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;
    RETURN body;
  END IF;

  IF p_amount > 0 THEN
    SELECT * INTO acc FROM seamless_lock_accounts(r.member_id, p_play_prefix || r.venue_code || '.' || (r.member_id % 16));
    IF (acc.o_play).debits_posted_minor + p_amount > safe OR (acc.o_centre).credits_posted_minor + p_amount > safe THEN
      RAISE EXCEPTION 'overflows: posted amounts would pass the safe integer range' USING ERRCODE = 'LG011';
    END IF;
    INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
    VALUES (p_reference, (acc.o_play).id, (acc.o_centre).id, p_amount, 'CNY', 'game_win');
    balance := (acc.o_centre).balance_minor + p_amount;
  ELSE
    balance := seamless_centre_balance(r.member_id);
  END IF;
  body := p_ok_head || r.member_id || p_ok_mid || balance || '}';

  IF p_ended THEN
    UPDATE seamless_transactions SET debit_state = 'settled' WHERE provider_id = p_provider AND transaction_id = ANY (live_ids);
    UPDATE game_bets SET status = 'settled', valid_bet_minor = stake_minor, settled_at = p_at,
      payout_minor = payout_minor + CASE WHEN provider_bet_id = paid[1] THEN p_amount ELSE 0 END
     WHERE venue_code = r.venue_code AND provider_bet_id = ANY (live_ids) AND status = 'open';
    UPDATE seamless_rounds SET status = 'completed', last_activity_at = p_at, ended_at = p_at WHERE provider_id = p_provider AND round_id = p_round;
  ELSE
    IF p_amount > 0 THEN
      UPDATE game_bets SET payout_minor = payout_minor + p_amount WHERE venue_code = r.venue_code AND provider_bet_id = paid[1];
    END IF;
    UPDATE seamless_transactions SET debit_state = 'credited' WHERE provider_id = p_provider AND transaction_id = ANY (paid);
    UPDATE seamless_rounds SET status = 'open', last_activity_at = p_at, ended_at = NULL WHERE provider_id = p_provider AND round_id = p_round;
  END IF;
  UPDATE seamless_transactions SET answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;
  RETURN body;
END $$;
`,
  down: `DROP FUNCTION seamless_win(text, text, text, text, text[], bigint, boolean, timestamptz, text, text, text, text, text, text, text);
DROP FUNCTION seamless_bet(text, text, text, text, bigint, text, text, bigint, timestamptz, text, text, text, text, text, text);
DROP FUNCTION seamless_lock_accounts(bigint, text);
DROP FUNCTION seamless_centre_balance(bigint);`,
};
