import type { Queryable } from '../db/database.js';
import type { ProviderBetRecord } from '../games/game-provider.js';

/** Where lobby stands in one venue's bet-record feed (table bet_sync_cursors). */
export interface FeedPosition {
  venueCode: string;
  /** The provider's cursor the next pull starts from; null for the feed's start. */
  cursor: string | null;
  /** Every feed sequence up to this one is applied. */
  lastSequence: number;
  recordsApplied: number;
  syncedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

interface PositionRow {
  venue_code: string;
  cursor: string | null;
  last_sequence: string | number;
  records_applied: string | number;
  synced_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
}

const POSITION_COLUMNS = 'venue_code, cursor, last_sequence, records_applied, synced_at, last_error, last_error_at';

const positionOf = (row: PositionRow): FeedPosition => ({
  venueCode: row.venue_code, cursor: row.cursor, lastSequence: Number(row.last_sequence), recordsApplied: Number(row.records_applied),
  syncedAt: row.synced_at, lastError: row.last_error, lastErrorAt: row.last_error_at,
});

/** The venue's feed position, created at the feed's start on first use. */
export async function feedPosition(q: Queryable, venueCode: string): Promise<FeedPosition> {
  await q.query('INSERT INTO bet_sync_cursors (venue_code) VALUES ($1) ON CONFLICT DO NOTHING', [venueCode]);
  const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM bet_sync_cursors WHERE venue_code = $1`, [venueCode]);
  return positionOf(rows[0]!);
}

/** The venue's feed position (made by `feedPosition` before), locked for the rest of the transaction: one applier per venue at a time. */
export async function lockFeedPosition(tx: Queryable, venueCode: string): Promise<FeedPosition> {
  const { rows } = await tx.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM bet_sync_cursors WHERE venue_code = $1 FOR UPDATE`, [venueCode]);
  if (!rows[0]) throw new Error(`bet sync: no feed position for ${venueCode}`);
  return positionOf(rows[0]);
}

/** Every venue's feed position, by venue code. */
export async function feedPositions(q: Queryable): Promise<FeedPosition[]> {
  const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM bet_sync_cursors ORDER BY venue_code`);
  return rows.map(positionOf);
}

/** Moves the venue's position on, inside the page's transaction; answers it. */
export async function advanceFeedPosition(
  tx: Queryable,
  venueCode: string,
  next: { cursor: string | null; lastSequence: number; applied: number },
): Promise<FeedPosition> {
  const { rows } = await tx.query<PositionRow>(
    `UPDATE bet_sync_cursors SET cursor = $2, last_sequence = $3, records_applied = records_applied + $4
      WHERE venue_code = $1 RETURNING ${POSITION_COLUMNS}`,
    [venueCode, next.cursor, next.lastSequence, next.applied],
  );
  return positionOf(rows[0]!);
}

/** Notes why a pull stopped short (null: it reached the feed's end), outside any page transaction. */
export async function noteFeedOutcome(q: Queryable, venueCode: string, error: string | null): Promise<void> {
  await q.query(
    `UPDATE bet_sync_cursors SET last_error = $2::text,
            last_error_at = CASE WHEN $2::text IS NULL THEN last_error_at ELSE now() END,
            synced_at = CASE WHEN $2::text IS NULL THEN now() ELSE synced_at END
      WHERE venue_code = $1`,
    [venueCode, error],
  );
}

/** What lobby has posted for one bet: its newest applied version and that version's figures. */
export interface PostedBet {
  betId: string;
  version: number;
  stakeMinor: number;
  payoutMinor: number;
  status: ProviderBetRecord['status'] | 'open';
}

/**
 * The bets of a venue lobby already holds among `betIds`. Read without row locks: the page's
 * transaction holds the venue's feed position (`lockFeedPosition`), and only bet sync writes
 * a transfer venue's bets, so nothing else changes them before the page commits.
 */
export async function postedBets(tx: Queryable, venueCode: string, betIds: readonly string[]): Promise<Map<string, PostedBet>> {
  if (betIds.length === 0) return new Map();
  const { rows } = await tx.query<{ provider_bet_id: string; version: number; stake_minor: string | number; payout_minor: string | number; status: PostedBet['status'] }>(
    `SELECT provider_bet_id, version, stake_minor, payout_minor, status FROM game_bets
      WHERE venue_code = $1 AND provider_bet_id = ANY($2::text[])`,
    [venueCode, betIds],
  );
  return new Map(rows.map((r) => [r.provider_bet_id, {
    betId: r.provider_bet_id, version: Number(r.version), stakeMinor: Number(r.stake_minor), payoutMinor: Number(r.payout_minor), status: r.status,
  }]));
}

/**
 * Writes each bet's newest version into `game_bets` in one statement: a bet lobby held
 * before the page (`known`, as `postedBets` read it) takes the newer version's figures
 * (only ever a higher version), the others are inserted (a plain insert: the unique key
 * stands behind, and costs a third less than an insert that may update). The records travel
 * as one JSON parameter, each a row of its fields and its times in epoch milliseconds
 * (JSON.stringify is native; the driver escapes array parameters element by element in
 * JavaScript, and a Date's toJSON costs several times its number); a void or cancelled bet
 * keeps no valid bet and no payout.
 */
export async function writeBets(tx: Queryable, records: readonly ProviderBetRecord[], known: ReadonlySet<string>): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => [
    r.venueCode, r.betId, r.roundId, r.version, r.memberId, r.gameCode, r.stakeMinor,
    r.status === 'settled' ? r.validBetMinor : 0, r.status === 'settled' ? r.payoutMinor : 0,
    r.status, r.result, r.placedAt.getTime(), r.settledAt.getTime(), known.has(r.betId),
  ]);
  await tx.query(
    `WITH r AS MATERIALIZED (
       SELECT r->>0 AS venue_code, r->>1 AS provider_bet_id, r->>2 AS round_id, (r->>3)::integer AS version, (r->>4)::bigint AS member_id,
              r->>5 AS game_code, (r->>6)::bigint AS stake_minor, (r->>7)::bigint AS valid_bet_minor, (r->>8)::bigint AS payout_minor,
              r->>9 AS status, r->>10 AS result, to_timestamp((r->>11)::numeric / 1000) AS placed_at,
              to_timestamp((r->>12)::numeric / 1000) AS settled_at, (r->>13)::boolean AS known
         FROM jsonb_array_elements($1::jsonb) AS r
     ), updated AS (
       UPDATE game_bets b SET
         round_id = r.round_id, version = r.version, member_id = r.member_id, game_code = r.game_code, stake_minor = r.stake_minor,
         valid_bet_minor = r.valid_bet_minor, payout_minor = r.payout_minor, status = r.status, result = r.result,
         placed_at = r.placed_at, settled_at = r.settled_at
         FROM r
        WHERE r.known AND b.venue_code = r.venue_code AND b.provider_bet_id = r.provider_bet_id AND b.version < r.version
     )
     INSERT INTO game_bets (venue_code, provider_bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
                            payout_minor, status, result, placed_at, settled_at)
     SELECT venue_code, provider_bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
            payout_minor, status, result, placed_at, settled_at
       FROM r WHERE NOT r.known`,
    [JSON.stringify(rows)],
  );
}
