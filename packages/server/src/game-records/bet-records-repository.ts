import { BET_RECORD_PAGE_SIZE, fromMinor, type BetRecord, type BetStatus } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { RecordRange } from './record-range.js';

interface BetRow {
  id: string | number;
  venue_code: string;
  provider_bet_id: string;
  round_id: string;
  game_code: string;
  name_zh: string | null;
  name_en: string | null;
  stake_minor: string | number;
  valid_bet_minor: string | number;
  payout_minor: string | number;
  status: BetStatus;
  result: string;
  placed_at: Date;
  settled_at: Date | null;
}

const yuan = (minor: string | number) => fromMinor(Number(minor), 2);

/** A bet's net for the member: payout - stake once settled; nothing while open or after a void or cancel (the stake came back). */
export function netMinorOf(status: BetStatus, stakeMinor: number, payoutMinor: number): number {
  return status === 'settled' ? payoutMinor - stakeMinor : 0;
}

function recordOf(row: BetRow): BetRecord & { venueCode: string; roundId: string } {
  const net = netMinorOf(row.status, Number(row.stake_minor), Number(row.payout_minor));
  return {
    id: Number(row.id), venueCode: row.venue_code, betId: row.provider_bet_id, roundId: row.round_id, gameCode: row.game_code,
    gameNameZh: row.name_zh ?? row.game_code, gameNameEn: row.name_en ?? row.game_code,
    stake: yuan(row.stake_minor), validBet: yuan(row.valid_bet_minor), payout: yuan(row.payout_minor), net: fromMinor(net, 2),
    status: row.status, result: row.result, placedAt: new Date(row.placed_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
  };
}

const SELECT_BET = `SELECT b.id, b.venue_code, b.provider_bet_id, b.round_id, b.game_code, g.name_zh, g.name_en, b.stake_minor, b.valid_bet_minor,
         b.payout_minor, b.status, b.result, b.placed_at, b.settled_at
    FROM game_bets b LEFT JOIN games g ON g.venue_code = b.venue_code AND g.game_code = b.game_code`;

export interface BetRecordQuery {
  memberId: number;
  range: RecordRange;
  venueCode?: string | undefined;
  page: number;
}

/**
 * The member's bets placed in the range (and at one venue when asked), newest first, one
 * page of BET_RECORD_PAGE_SIZE, with the count and totals of the whole range. Totals:
 * stake of every bet not void or cancelled; valid bet, payout and net of settled bets.
 *
 * @example await betRecordsOf(db, { memberId, range: recordRange('2026-11-01', '2026-11-30'), page: 1 })
 */
export async function betRecordsOf(db: Queryable, query: BetRecordQuery) {
  const where = `b.member_id = $1 AND b.placed_at >= $2 AND b.placed_at < $3 AND ($4::text IS NULL OR b.venue_code = $4)`;
  const params = [query.memberId, query.range.from, query.range.to, query.venueCode ?? null];
  const { rows } = await db.query<BetRow>(
    `${SELECT_BET} WHERE ${where} ORDER BY b.placed_at DESC, b.id DESC LIMIT ${BET_RECORD_PAGE_SIZE} OFFSET $5`,
    [...params, (query.page - 1) * BET_RECORD_PAGE_SIZE],
  );
  const sums = await db.query<{ total: number; stake: string | number; valid: string | number; payout: string | number; net: string | number }>(
    `SELECT count(*)::int AS total,
            coalesce(sum(b.stake_minor) FILTER (WHERE b.status IN ('open', 'settled')), 0) AS stake,
            coalesce(sum(b.valid_bet_minor) FILTER (WHERE b.status = 'settled'), 0) AS valid,
            coalesce(sum(b.payout_minor) FILTER (WHERE b.status = 'settled'), 0) AS payout,
            coalesce(sum(b.payout_minor - b.stake_minor) FILTER (WHERE b.status = 'settled'), 0) AS net
       FROM game_bets b WHERE ${where}`,
    params,
  );
  const totals = sums.rows[0]!;
  return {
    list: rows.map(recordOf),
    page: query.page,
    pageSize: BET_RECORD_PAGE_SIZE,
    total: totals.total,
    totals: { stake: yuan(totals.stake), validBet: yuan(totals.valid), payout: yuan(totals.payout), net: yuan(totals.net) },
  };
}

/** One of the member's bets by lobby id; undefined for another member's bet or none. */
export async function betRecordOfMember(db: Queryable, memberId: number, id: number) {
  const { rows } = await db.query<BetRow>(`${SELECT_BET} WHERE b.id = $1 AND b.member_id = $2`, [id, memberId]);
  return rows[0] && recordOf(rows[0]);
}
