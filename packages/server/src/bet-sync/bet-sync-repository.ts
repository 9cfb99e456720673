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

/** The bets of a venue lobby already holds among `betIds`, locked for the page's transaction. */
export async function postedBets(tx: Queryable, venueCode: string, betIds: readonly string[]): Promise<Map<string, PostedBet>> {
  if (betIds.length === 0) return new Map();
  const { rows } = await tx.query<{ provider_bet_id: string; version: number; stake_minor: string | number; payout_minor: string | number; status: PostedBet['status'] }>(
    `SELECT provider_bet_id, version, stake_minor, payout_minor, status FROM game_bets
      WHERE venue_code = $1 AND provider_bet_id = ANY($2::text[]) ORDER BY provider_bet_id FOR UPDATE`,
    [venueCode, betIds],
  );
  return new Map(rows.map((r) => [r.provider_bet_id, {
    betId: r.provider_bet_id, version: Number(r.version), stakeMinor: Number(r.stake_minor), payoutMinor: Number(r.payout_minor), status: r.status,
  }]));
}

/**
 * Writes each bet's newest version into `game_bets` in one statement: a new bet is
 * inserted, a known one takes the newer version's figures (only ever a higher version).
 */
export async function upsertBets(tx: Queryable, records: readonly ProviderBetRecord[]): Promise<void> {
  if (records.length === 0) return;
  const column = <T>(pick: (r: ProviderBetRecord) => T) => records.map(pick);
  await tx.query(
    `INSERT INTO game_bets (venue_code, provider_bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
                            payout_minor, status, result, placed_at, settled_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::bigint[], $6::text[], $7::bigint[], $8::bigint[],
                          $9::bigint[], $10::text[], $11::text[], $12::timestamptz[], $13::timestamptz[])
     ON CONFLICT (venue_code, provider_bet_id) DO UPDATE SET
       round_id = excluded.round_id, version = excluded.version, member_id = excluded.member_id, game_code = excluded.game_code,
       stake_minor = excluded.stake_minor, valid_bet_minor = excluded.valid_bet_minor, payout_minor = excluded.payout_minor,
       status = excluded.status, result = excluded.result, placed_at = excluded.placed_at, settled_at = excluded.settled_at
     WHERE game_bets.version < excluded.version`,
    [
      column((r) => r.venueCode), column((r) => r.betId), column((r) => r.roundId), column((r) => r.version), column((r) => r.memberId),
      column((r) => r.gameCode), column((r) => r.stakeMinor), column((r) => (r.status === 'settled' ? r.validBetMinor : 0)),
      column((r) => (r.status === 'settled' ? r.payoutMinor : 0)), column((r) => r.status), column((r) => r.result),
      column((r) => r.placedAt.toISOString()), column((r) => r.settledAt.toISOString()),
    ],
  );
}
