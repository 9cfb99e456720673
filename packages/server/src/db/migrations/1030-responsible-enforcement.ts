import type { Migration } from '../migration.js';

/**
 * Responsible play where money moves (issue 22; docs/RESPONSIBLE-PLAY.md "Where money
 * moves"). Owned by helper R2; the range 1030-1039 is its.
 *
 * Two doors move money in one statement of their own, without a TypeScript step inside the
 * transaction: the batched coin purchase (`ledger_buy_coin_batch`, migration 0107) and the
 * seamless bet (`seamless_bet`, migration 0731). They now go through wrappers that apply the
 * play guard's rules in the same statement, so limits cost little where money moves most:
 * - `rp_gated(member)`: the member has a limit row (`rp_limits`, any kind) or is in a break
 *   (`rp_in_break`: an `rp_exclusions` row not closed by a confirmed return, the member's own
 *   or an operator-wide one of the same person by the identity keys of
 *   responsible/exclusion/exclusion-service.ts; keep the two in step). Two index probes and
 *   the key probe; a member with none goes on as before, without the rp lock.
 * - a gated member's rp row is locked (`rp_lock_members`, member order, as guard.ts does),
 *   then `rp_door_clear(member, door, amount, at)` answers true only when no break and no
 *   session-time limit stands and every money limit of the door leaves room: the stake
 *   limits, and the loss and wager windows summed as responsible/limits/windows.ts sums them
 *   (venue transfers, seamless bets and wins, coin purchases; 24 hours, 7 days, 1 month
 *   before the app clock's `at`). Doors and kinds as limit-guard.ts: coinPurchase loss;
 *   seamlessBet stake, loss, wager. When true, the money moves in the same statement, under
 *   the lock; otherwise nothing is written and the TypeScript guard decides and words the
 *   refusal (coin-purchase.ts guardedPurchase, seamless-service.ts guardedBet).
 * - `rp_ledger_buy_coin_batch(..., p_ats)`: `ledger_buy_coin_batch` for the purchases that may
 *   go (indexes kept; a gated member's second purchase in one batch always goes to the guard),
 *   outcome 'guard' for the others, whose keys are not claimed.
 * - `rp_seamless_bet(...)`: `seamless_bet` when the bet may go or its transaction id is
 *   known (a repeat answers its kept answer), NULL otherwise.
 * A limit or break committed while an ungated statement runs is not seen by it: that
 * purchase or bet is ordered before the limit, as if it had come a moment earlier.
 */
/** rp_door_clear as this migration made it (migration 1150 replaces it and restores it on the way down). */
export const rpDoorClear1030 = `rp_door_clear(p_member bigint, p_door text, p_amount bigint, p_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  kinds text[] := CASE p_door WHEN 'coinPurchase' THEN ARRAY['loss'] WHEN 'seamlessBet' THEN ARRAY['stake', 'loss', 'wager'] END;
  l record;
  since timestamptz;
  put bigint;
  back bigint;
  wag bigint;
BEGIN
  IF kinds IS NULL OR rp_in_break(p_member) THEN RETURN false; END IF;
  IF EXISTS (SELECT 1 FROM rp_limits WHERE member_id = p_member AND kind = 'session') THEN RETURN false; END IF;
  FOR l IN SELECT kind, period, value FROM rp_limits WHERE member_id = p_member AND kind = ANY (kinds) LOOP
    IF l.kind = 'stake' THEN
      IF p_amount > l.value THEN RETURN false; END IF;
      CONTINUE;
    END IF;
    since := p_at - CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days' ELSE interval '1 month' END;
    SELECT coalesce(sum(e.put), 0), coalesce(sum(e.back), 0), coalesce(sum(e.wag), 0) INTO put, back, wag FROM (
      SELECT CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END AS put, CASE WHEN direction = 'out' THEN amount_minor ELSE 0 END AS back,
             CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END AS wag
        FROM venue_transfers WHERE member_id = p_member AND created_at > since
         AND ((direction = 'in' AND state IN ('pending', 'completed')) OR (direction = 'out' AND state = 'completed'))
      UNION ALL
      SELECT amount_minor, 0, amount_minor
        FROM seamless_transactions WHERE member_id = p_member AND created_at > since AND body_hash IS NOT NULL AND amount_minor > 0
         AND operation = 'bet' AND debit_state IN ('debited', 'credited', 'settled')
      UNION ALL
      SELECT 0, w.amount_minor, 0
        FROM seamless_rounds r JOIN seamless_transactions w ON w.provider_id = r.provider_id AND w.round_id = r.round_id AND w.operation = 'win'
       WHERE r.member_id = p_member AND r.opened_at > since - interval '1 day' AND w.created_at > since
         AND w.body_hash IS NOT NULL AND w.amount_minor > 0 AND w.debit_state IS DISTINCT FROM 'refused'
      UNION ALL
      SELECT money_minor, 0, 0 FROM coin_orders WHERE member_id = p_member AND created_at > since) AS e;
    IF l.kind = 'loss' AND put - back + p_amount > l.value THEN RETURN false; END IF;
    IF l.kind = 'wager' AND wag + p_amount > l.value THEN RETURN false; END IF;
  END LOOP;
  RETURN true;
END $$;`;

/** rp_in_break as this migration made it (migration 1160 replaces it and restores it on the way down). */
export const rpInBreak1030 = `rp_in_break(p_member bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM rp_exclusions WHERE member_id = p_member AND returned_at IS NULL)
      OR EXISTS (
        SELECT 1 FROM rp_exclusion_keys k JOIN rp_exclusions e ON e.id = k.exclusion_id
         WHERE e.returned_at IS NULL AND e.scope = 'operator'
           AND k.key IN (
             SELECT 'phone:' || area_code || ' ' || phone FROM members WHERE id = p_member AND phone <> ''
             UNION
             SELECT 'namecard:' || lower(trim(real_name)) || '|' || replace(card_no, ' ', '') FROM member_bank_cards
              WHERE member_id = p_member AND replace(card_no, ' ', '') <> '' AND trim(real_name) <> ''));
END $$;
`;

/** rp_lock_members as this migration made it (migration 1160 replaces it and restores it on the way down). */
export const rpLockMembers1030 = `rp_lock_members(p_members bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rp_members (member_id) SELECT m FROM unnest(p_members) AS u(m) ORDER BY m ON CONFLICT DO NOTHING;
  PERFORM 1 FROM rp_members WHERE member_id = ANY (p_members) ORDER BY member_id FOR UPDATE;
END $$;
`;

/** rp_ledger_buy_coin_batch and rp_seamless_bet as this migration made them (migration 1160 replaces them and restores them on the way down). */
export const rpLedgerBuyCoinBatch1030 = `rp_ledger_buy_coin_batch(
  p_scopes text[], p_keys text[], p_calls text[], p_hashes text[],
  p_members bigint[], p_moneys bigint[], p_coins bigint[], p_rates integer[], p_bills text[], p_houses text[],
  p_oks text[], p_refusals text[], p_ats timestamptz[])
RETURNS TABLE (o_index integer, o_outcome text, o_call_name text, o_request_hash text, o_state text, o_response text,
  o_order_id bigint, o_created_at timestamptz, o_centre_balance bigint, o_coin_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_keys, 1), 0);
  gated bigint[];
  seen bigint[] := '{}';
  keep integer[] := '{}';
  held integer[] := '{}';
BEGIN
  SELECT coalesce(array_agg(m ORDER BY m), '{}') INTO gated FROM (SELECT DISTINCT m FROM unnest(p_members) AS u(m)) AS d WHERE rp_gated(m);
  IF cardinality(gated) = 0 THEN
    RETURN QUERY SELECT * FROM ledger_buy_coin_batch(p_scopes, p_keys, p_calls, p_hashes, p_members, p_moneys, p_coins, p_rates, p_bills, p_houses, p_oks, p_refusals);
    RETURN;
  END IF;
  PERFORM rp_lock_members(gated);
  FOR i IN 1..n LOOP
    IF NOT (p_members[i] = ANY (gated)) THEN
      keep := keep || i;
    ELSIF NOT (p_members[i] = ANY (seen)) AND rp_door_clear(p_members[i], 'coinPurchase', p_moneys[i], p_ats[i]) THEN
      keep := keep || i;
      seen := seen || p_members[i];
    ELSE
      held := held || i;
      seen := seen || p_members[i];
    END IF;
  END LOOP;
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
    FROM unnest(held) AS h;
END $$;
`;

/** rp_gated as this migration made it (migration 1210 drops it and restores it on the way down). */
export const rpGated1030 = `rp_gated(p_member bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM rp_limits WHERE member_id = p_member) OR rp_in_break(p_member);
END $$;
`;

export const rpSeamlessBet1030 = `rp_seamless_bet(
  p_provider text, p_tx text, p_hash text, p_round text, p_member bigint, p_venue text, p_game text, p_amount bigint,
  p_at timestamptz, p_play text, p_reference text, p_ok text, p_funds text, p_closed text, p_late text
) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF rp_gated(p_member) THEN
    PERFORM rp_lock_members(ARRAY[p_member]);
    -- A transaction id lobby has seen goes on to its kept answer; a new one only when every limit leaves room.
    IF NOT EXISTS (SELECT 1 FROM seamless_transactions WHERE provider_id = p_provider AND transaction_id = p_tx)
       AND NOT rp_door_clear(p_member, 'seamlessBet', p_amount, p_at) THEN
      RETURN NULL;
    END IF;
  END IF;
  RETURN seamless_bet(p_provider, p_tx, p_hash, p_round, p_member, p_venue, p_game, p_amount, p_at, p_play, p_reference, p_ok, p_funds, p_closed, p_late);
END $$;
`;

export const responsibleEnforcementMigration: Migration = {
  id: 1030,
  name: 'responsible play: limits where money moves',
  up: `
CREATE FUNCTION ${rpInBreak1030}

CREATE FUNCTION ${rpGated1030}
-- Locks the rp rows of these members (created when absent) in member order, as the guard does.
CREATE FUNCTION ${rpLockMembers1030}

CREATE FUNCTION ${rpDoorClear1030}

CREATE FUNCTION ${rpLedgerBuyCoinBatch1030}
CREATE FUNCTION ${rpSeamlessBet1030}
`,
  down: `DROP FUNCTION rp_seamless_bet(text, text, text, text, bigint, text, text, bigint, timestamptz, text, text, text, text, text, text);
DROP FUNCTION rp_ledger_buy_coin_batch(text[], text[], text[], text[], bigint[], bigint[], bigint[], integer[], text[], text[], text[], text[], timestamptz[]);
DROP FUNCTION rp_door_clear(bigint, text, bigint, timestamptz);
DROP FUNCTION rp_lock_members(bigint[]);
DROP FUNCTION rp_gated(bigint);
DROP FUNCTION rp_in_break(bigint);`,
};
