import type { Migration } from '../migration.js';

/**
 * Bet sync: one page of a venue's bet-record feed applied in ONE statement (issue 18 benchmark;
 * docs/VENUE-WALLETS.md "Bet sync and reconciliation"). The rules are those of
 * bet-sync-service.ts as it posted a page before (known bets read, entries made in
 * TypeScript, accounts found and locked, ledger insert, bets written, position advanced: eight
 * round trips); TypeScript still sorts the page, drops repeats and stops at the first gap or
 * bad record, and hands the records it takes to `bet_sync_apply` as one JSON parameter.
 *
 * `bet_sync_apply(venue, asked cursor, asked sequence, records, their members, next cursor, next sequence)`:
 * - locks the venue's feed position; when it moved since it was asked (another applier), it
 *   answers `raced` with the position as found and changes nothing;
 * - takes a record when its version is newer than lobby's newest for its bet (`game_bets`, or an
 *   earlier record of the same bet in the page), and posts the difference from that newest:
 *   a settled version moves its stake (`venue:<code>` -> `venue_play:<code>`) and payout (back),
 *   void and cancelled nothing; codes `game_stake`/`game_payout`, `..._correction` for a bet
 *   lobby held a version of; references `bet:<venue>:<bet>:v<version>:stake|payout`;
 * - creates the members' venue wallets and the venue's play account when missing and locks them
 *   in id order before posting (the ledger's trigger applies the transfers; its constraints
 *   refuse a page that would leave a member's venue wallet below zero, and then nothing of the
 *   page is written);
 * - writes each bet's newest version into `game_bets` (a bet held before is updated, a new one
 *   inserted; a void or cancelled bet keeps no valid bet and no payout);
 * - advances the position (next cursor and sequence, records applied added) and answers it.
 * Every query probes rows by index, driven by the page's records (`enable_seqscan = off`, and
 * the bets a page holds read one by one): the generic plans, made once per connection while a
 * venue's tables may still be empty, otherwise scan whole what later grows.
 * Records: arrays `[betId, roundId, version, memberId, gameCode, stake, validBet, payout, status,
 * result, placedAtMs, settledAtMs]` in feed order.
 */
export const betSyncPageInOneCallMigration: Migration = {
  id: 1220,
  name: 'bet sync: a page in one call',
  up: `
CREATE FUNCTION bet_sync_apply(p_venue text, p_asked_cursor text, p_asked_sequence bigint, p_records jsonb, p_members bigint[], p_cursor text, p_sequence bigint)
RETURNS TABLE (o_raced boolean, o_applied integer, o_cursor text, o_last_sequence bigint, o_records_applied bigint,
  o_synced_at timestamptz, o_last_error text, o_last_error_at timestamptz)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  pos bet_sync_cursors%ROWTYPE;
  wallet_kind text := 'venue:' || p_venue;
  play_kind text := 'venue_play:' || p_venue;
  found_accounts integer;
  play bigint;
  taken integer := 0;
BEGIN
  SELECT * INTO pos FROM bet_sync_cursors c WHERE c.venue_code = p_venue FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'bet sync: no feed position for %', p_venue; END IF;
  IF pos.last_sequence <> p_asked_sequence OR pos.cursor IS DISTINCT FROM p_asked_cursor THEN
    RETURN QUERY SELECT true, 0, pos.cursor, pos.last_sequence, pos.records_applied, pos.synced_at, pos.last_error, pos.last_error_at;
    RETURN;
  END IF;
  IF jsonb_array_length(p_records) > 0 THEN
    -- The wallets and the play account, locked in id order; created first when missing.
    SELECT count(*) INTO found_accounts FROM (
      SELECT a.id FROM ledger_accounts a
       WHERE (a.kind = wallet_kind AND a.currency = 'CNY' AND a.member_id = ANY (p_members)) OR (a.member_id IS NULL AND a.kind = play_kind AND a.currency = 'CNY')
       ORDER BY a.id FOR NO KEY UPDATE) AS l;
    IF found_accounts < cardinality(p_members) + 1 THEN
      INSERT INTO ledger_accounts (member_id, kind, currency, flags)
      SELECT m, wallet_kind, 'CNY', 1 FROM unnest(p_members) AS m
      UNION ALL SELECT NULL, play_kind, 'CNY', 0
      ON CONFLICT DO NOTHING;
      PERFORM 1 FROM ledger_accounts a
       WHERE (a.kind = wallet_kind AND a.currency = 'CNY' AND a.member_id = ANY (p_members)) OR (a.member_id IS NULL AND a.kind = play_kind AND a.currency = 'CNY')
       ORDER BY a.id FOR NO KEY UPDATE;
    END IF;
    SELECT a.id INTO play FROM ledger_accounts a WHERE a.member_id IS NULL AND a.kind = play_kind AND a.currency = 'CNY';
    WITH r AS MATERIALIZED (
      SELECT x.i, x.r->>0 AS bet, x.r->>1 AS round_id, (x.r->>2)::integer AS version, (x.r->>3)::bigint AS member_id, x.r->>4 AS game_code,
             (x.r->>5)::bigint AS stake, (x.r->>6)::bigint AS valid_bet, (x.r->>7)::bigint AS payout, x.r->>8 AS status, x.r->>9 AS result,
             to_timestamp((x.r->>10)::numeric / 1000) AS placed_at, to_timestamp((x.r->>11)::numeric / 1000) AS settled_at
        FROM jsonb_array_elements(p_records) WITH ORDINALITY AS x(r, i)
    ), held AS MATERIALIZED (
      -- One probe of the venue's bets per bet of the page (LIMIT keeps it a probe: a join, planned on an empty table, scans them all).
      SELECT d.bet, b.id, b.version, b.stake_minor, b.payout_minor, b.status
        FROM (SELECT DISTINCT r.bet FROM r) AS d
        CROSS JOIN LATERAL (SELECT g.id, g.version, g.stake_minor, g.payout_minor, g.status FROM game_bets g
                             WHERE g.venue_code = p_venue AND g.provider_bet_id = d.bet LIMIT 1) AS b
    ), newer AS (
      -- Newer than lobby's newest for the bet: what it holds, and the page's earlier records.
      SELECT r.*, h.bet IS NOT NULL AS known, h.id AS held_id, h.version AS held_version, h.stake_minor AS held_stake, h.payout_minor AS held_payout, h.status AS held_status
        FROM (SELECT r.*, max(r.version) OVER (PARTITION BY r.bet ORDER BY r.i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS page_version FROM r) AS r
        LEFT JOIN held h ON h.bet = r.bet
       WHERE r.version > greatest(coalesce(h.version, 0), coalesce(r.page_version, 0))
    ), moves AS MATERIALIZED (
      -- Each taken record against the newest before it: the previous taken record of its bet, else lobby's.
      SELECT q.*, q.now_stake - CASE WHEN q.prev_i IS NOT NULL THEN q.prev_stake WHEN q.held_status = 'settled' THEN q.held_stake ELSE 0 END AS stake_delta,
             q.now_payout - CASE WHEN q.prev_i IS NOT NULL THEN q.prev_payout WHEN q.held_status = 'settled' THEN q.held_payout ELSE 0 END AS payout_delta,
             q.known OR q.prev_i IS NOT NULL AS corrected
        FROM (SELECT n.*, lag(n.i) OVER w AS prev_i, lag(n.now_stake) OVER w AS prev_stake, lag(n.now_payout) OVER w AS prev_payout,
                     row_number() OVER (PARTITION BY n.bet ORDER BY n.i DESC) = 1 AS newest
                FROM (SELECT n.*, CASE WHEN n.status = 'settled' THEN n.stake ELSE 0 END AS now_stake,
                             CASE WHEN n.status = 'settled' THEN n.payout ELSE 0 END AS now_payout FROM newer n) AS n
              WINDOW w AS (PARTITION BY n.bet ORDER BY n.i)) AS q
    ), wallets AS (
      SELECT a.id, a.member_id FROM ledger_accounts a WHERE a.kind = wallet_kind AND a.currency = 'CNY' AND a.member_id = ANY (p_members)
    ), posted AS (
      INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
      SELECT 'bet:' || p_venue || ':' || m.bet || ':v' || m.version || ':' || e.part,
             CASE WHEN e.out THEN w.id ELSE play END, CASE WHEN e.out THEN play ELSE w.id END, abs(e.delta), 'CNY',
             'game_' || e.part || CASE WHEN m.corrected THEN '_correction' ELSE '' END
        FROM moves m
        JOIN wallets w ON w.member_id = m.member_id
        -- A stake (or a raised stake, or a lowered payout) leaves the member; the rest comes back.
        CROSS JOIN LATERAL (VALUES (1, 'stake', m.stake_delta, m.stake_delta > 0), (2, 'payout', m.payout_delta, m.payout_delta < 0)) AS e(k, part, delta, out)
       WHERE e.delta <> 0
       ORDER BY m.i, e.k
    ), updated AS (
      UPDATE game_bets b SET
        round_id = m.round_id, version = m.version, member_id = m.member_id, game_code = m.game_code, stake_minor = m.stake,
        valid_bet_minor = CASE WHEN m.status = 'settled' THEN m.valid_bet ELSE 0 END, payout_minor = CASE WHEN m.status = 'settled' THEN m.payout ELSE 0 END,
        status = m.status, result = m.result, placed_at = m.placed_at, settled_at = m.settled_at
        FROM moves m
       WHERE m.newest AND m.known AND b.id = m.held_id AND b.version < m.version
    ), inserted AS (
      INSERT INTO game_bets (venue_code, provider_bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
                             payout_minor, status, result, placed_at, settled_at)
      SELECT p_venue, m.bet, m.round_id, m.version, m.member_id, m.game_code, m.stake,
             CASE WHEN m.status = 'settled' THEN m.valid_bet ELSE 0 END, CASE WHEN m.status = 'settled' THEN m.payout ELSE 0 END,
             m.status, m.result, m.placed_at, m.settled_at
        FROM moves m WHERE m.newest AND NOT m.known
    )
    SELECT count(*) INTO taken FROM moves;
  END IF;
  RETURN QUERY
  UPDATE bet_sync_cursors c SET cursor = p_cursor, last_sequence = p_sequence, records_applied = c.records_applied + taken
   WHERE c.venue_code = p_venue
  RETURNING false, taken, c.cursor, c.last_sequence, c.records_applied, c.synced_at, c.last_error, c.last_error_at;
END $$;
`,
  down: `
DROP FUNCTION bet_sync_apply(text, text, bigint, jsonb, bigint[], text, bigint);
`,
};
