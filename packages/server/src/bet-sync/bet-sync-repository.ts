import type { Queryable } from '../db/database.js';
import type { ProviderBetRecord } from '../games/game-provider.js';
import { ledgerErrorFromDatabase } from '../ledger/ledger-error.js';

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

/** Every venue's feed position, by venue code. */
export async function feedPositions(q: Queryable): Promise<FeedPosition[]> {
  const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM bet_sync_cursors ORDER BY venue_code`);
  return rows.map(positionOf);
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

/** What applying one page did: the records newer than lobby's, and the venue's position after it. */
export interface AppliedPage {
  applied: number;
  position: FeedPosition;
  /** Another applier moved the position since it was asked: nothing was applied. */
  raced: boolean;
}

/**
 * Applies records of one page (contiguous, in feed order, after the position `asked`) and
 * moves the venue's position to `next`, in ONE statement (`bet_sync_apply`, migration 1220):
 * the position locked and compared with `asked`, each record newer than lobby's newest for its
 * bet posted as the difference from it (stake and payout between `venue:<code>` and
 * `venue_play:<code>`, corrections as compensating entries), `game_bets` holding each bet's
 * newest version. The records travel as one JSON parameter, each a row of its fields and its
 * times in epoch milliseconds (JSON.stringify is native; the driver escapes array parameters
 * element by element in JavaScript). A page that would leave a member's venue wallet below
 * zero is refused whole with the ledger's rule (LedgerError).
 */
export async function applyFeedPage(
  q: Queryable,
  venueCode: string,
  asked: FeedPosition,
  records: readonly ProviderBetRecord[],
  next: { cursor: string | null; lastSequence: number },
): Promise<AppliedPage> {
  const rows = records.map((r) => [
    r.betId, r.roundId, r.version, r.memberId, r.gameCode, r.stakeMinor, r.validBetMinor, r.payoutMinor, r.status, r.result,
    r.placedAt.getTime(), r.settledAt.getTime(),
  ]);
  try {
    const { rows: [row] } = await q.query<PositionRow & { raced: boolean; applied: number }>(
      `SELECT o_raced AS raced, o_applied AS applied, $1::text AS venue_code, o_cursor AS cursor, o_last_sequence AS last_sequence,
              o_records_applied AS records_applied, o_synced_at AS synced_at, o_last_error AS last_error, o_last_error_at AS last_error_at
         FROM bet_sync_apply($1, $2, $3, $4::jsonb, $5::bigint[], $6, $7)`,
      [venueCode, asked.cursor, asked.lastSequence, JSON.stringify(rows), [...new Set(records.map((r) => r.memberId))], next.cursor, next.lastSequence],
      { prepareAs: 'lobby_bet_sync_apply' },
    );
    return { applied: Number(row!.applied), position: positionOf(row!), raced: row!.raced };
  } catch (error) {
    throw ledgerErrorFromDatabase(error);
  }
}
