import type { BetRecordPage, ProviderBetRecord } from '../games/game-provider.js';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { StudioTimeoutError, type FeedFault, type QueuedFault } from './faults.js';
import { appendFeedEntry, applyMove, lockVenueBalance } from './venue-wallet.js';

/**
 * A transfer venue's bet-record feed (docs/STUDIO.md, "Bet record feed"): entries in
 * sequence order (1, 2, 3, ... per venue, no gaps). The cursor is the last sequence the
 * reader has, as a decimal string ("0" or null for the start), so a reader that stops at a
 * gap asks again with the sequence before it.
 */
interface FeedRow {
  venue_code: string;
  sequence: string | number;
  bet_id: string;
  round_id: string;
  version: number;
  member_id: string | number;
  game_code: string;
  stake_minor: string | number;
  valid_bet_minor: string | number;
  payout_minor: string | number;
  status: ProviderBetRecord['status'];
  result: string;
  placed_at: Date;
  settled_at: Date;
}

/** The most records one page answers. */
export const FEED_PAGE_MAX = 500;

function recordOf(row: FeedRow): ProviderBetRecord {
  return {
    sequence: Number(row.sequence), betId: row.bet_id, roundId: row.round_id, version: Number(row.version), venueCode: row.venue_code,
    memberId: Number(row.member_id), gameCode: row.game_code, stakeMinor: Number(row.stake_minor), validBetMinor: Number(row.valid_bet_minor),
    payoutMinor: Number(row.payout_minor), status: row.status, result: row.result, placedAt: row.placed_at, settledAt: row.settled_at,
  };
}

function cursorOf(cursor: string | null): number {
  if (cursor === null || cursor === '') return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw new BusinessError('invalidField', `cursor: not a cursor of this feed (${cursor.slice(0, 40)})`);
  return Number(cursor);
}

async function entriesAfter(db: Database, venueCode: string, after: number, limit: number): Promise<{ records: ProviderBetRecord[]; more: boolean }> {
  const { rows } = await db.query<FeedRow>('SELECT * FROM studio_bet_feed WHERE venue_code = $1 AND sequence > $2 ORDER BY sequence LIMIT $3', [
    venueCode, after, limit + 1,
  ]);
  return { records: rows.slice(0, limit).map(recordOf), more: rows.length > limit };
}

/** A page of the feed after `cursor`, with a fault applied when one is given. */
export async function feedPage(
  db: Database,
  venueCode: string,
  cursor: string | null,
  limit: number,
  fault: QueuedFault<FeedFault> | undefined,
  now: Date,
): Promise<BetRecordPage> {
  const after = cursorOf(cursor);
  const size = Math.max(1, Math.min(FEED_PAGE_MAX, Math.trunc(limit) || 1));
  if (fault?.fault === 'timeout') throw new StudioTimeoutError(`bet records of ${venueCode}`);
  if (fault?.fault === 'lateCorrection') await correctLastServed(db, venueCode, after, fault.deltaMinor ?? 100, now);
  const skip = fault?.fault === 'missingPage' ? size : 0;
  const page = await entriesAfter(db, venueCode, after + skip, size);
  const last = page.records.at(-1)?.sequence ?? after;
  let records = page.records;
  if (fault?.fault === 'duplicate') records = records.flatMap((r) => [r, { ...r }]);
  if (fault?.fault === 'outOfOrder') records = [...records].reverse();
  return { records, nextCursor: String(last), more: page.more };
}

/**
 * A late correction (the venue re-settles a bet it already reported): the newest entry at
 * or before `after` gets a new version whose payout differs by `deltaMinor` (never below
 * zero, nor taking more than the member holds at the venue); the venue balance moves by the
 * same amount in the same transaction. Nothing happens when no entry was served yet.
 */
async function correctLastServed(db: Database, venueCode: string, after: number, deltaMinor: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<FeedRow>(
      `SELECT * FROM studio_bet_feed WHERE venue_code = $1 AND sequence <= $2 AND status = 'settled' ORDER BY sequence DESC LIMIT 1`,
      [venueCode, after],
    );
    if (!rows[0]) return;
    const latest = await tx.query<FeedRow>('SELECT * FROM studio_bet_feed WHERE venue_code = $1 AND bet_id = $2 ORDER BY version DESC LIMIT 1', [venueCode, rows[0].bet_id]);
    const entry = recordOf(latest.rows[0]!);
    const balance = await lockVenueBalance(tx, venueCode, entry.memberId);
    const delta = Math.max(deltaMinor, -entry.payoutMinor, -balance);
    const version = entry.version + 1;
    await applyMove(tx, { betId: entry.betId, kind: 'correction', version, venueCode, memberId: entry.memberId, deltaMinor: delta }, now);
    await appendFeedEntry(tx, { ...entry, version, payoutMinor: entry.payoutMinor + delta, settledAt: now });
  });
}
