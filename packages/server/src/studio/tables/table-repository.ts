import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { TableBet } from './table-rules.js';

/** A table's server seed for one block of rounds. */
export interface TableSeed {
  block: number;
  serverSeed: string;
  serverSeedHash: string;
}

/** A dealt round: `outcome` is the engine's display of the deal (no bet staked) and its result line. */
export interface RoundRow {
  roundNo: number;
  resultAtMs: number;
  serverSeedHash: string;
  clientSeed: string;
  outcome: { result: string; display: unknown };
}

export interface OpenBet {
  betId: string;
  roundNo: number;
  memberId: number;
  bet: TableBet;
  stakeMinor: number;
  placedAtMs: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The seed of a block, made (32 random bytes, hex) by whichever instance asks first. */
export async function ensureSeed(db: Queryable, tableId: string, block: number): Promise<TableSeed> {
  const serverSeed = randomBytes(32).toString('hex');
  await db.query(
    'INSERT INTO studio_table_seeds (table_id, block, server_seed, server_seed_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [tableId, block, serverSeed, sha256(serverSeed)],
  );
  const { rows } = await db.query<TableSeed>(
    'SELECT block, server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash" FROM studio_table_seeds WHERE table_id = $1 AND block = $2',
    [tableId, block],
  );
  return rows[0]!;
}

/** A block's seed if it exists (for revealing a past block). */
export async function findSeed(db: Queryable, tableId: string, block: number): Promise<TableSeed | undefined> {
  const { rows } = await db.query<TableSeed>(
    'SELECT block, server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash" FROM studio_table_seeds WHERE table_id = $1 AND block = $2',
    [tableId, block],
  );
  return rows[0];
}

/** Stores a round's result once; answers the stored one (another instance may have been first). */
export async function saveRound(
  db: Queryable,
  round: RoundRow & { tableId: string; venueCode: string; kind: 'baccarat' | 'dice'; seedBlock: number },
): Promise<RoundRow> {
  await db.query(
    `INSERT INTO studio_table_rounds (table_id, round_no, venue_code, kind, result_at, seed_block, server_seed_hash, client_seed, outcome)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [round.tableId, round.roundNo, round.venueCode, round.kind, round.resultAtMs, round.seedBlock, round.serverSeedHash, round.clientSeed, JSON.stringify(round.outcome)],
  );
  return (await findRound(db, round.tableId, round.roundNo))!;
}

const ROUND_COLUMNS = `round_no::float8 AS "roundNo", (extract(epoch FROM result_at) * 1000)::float8 AS "resultAtMs",
  server_seed_hash AS "serverSeedHash", client_seed AS "clientSeed", outcome`;

export async function findRound(db: Queryable, tableId: string, roundNo: number): Promise<RoundRow | undefined> {
  const { rows } = await db.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM studio_table_rounds WHERE table_id = $1 AND round_no = $2`, [tableId, roundNo]);
  return rows[0];
}

/** The latest results, newest first. */
export async function recentRounds(db: Queryable, tableId: string, limit: number): Promise<RoundRow[]> {
  const { rows } = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM studio_table_rounds WHERE table_id = $1 ORDER BY round_no DESC LIMIT $2`,
    [tableId, limit],
  );
  return rows;
}

export async function lastRecordedRound(db: Queryable, tableId: string): Promise<number | null> {
  const { rows } = await db.query<{ last: number | null }>('SELECT max(round_no)::float8 AS last FROM studio_table_rounds WHERE table_id = $1', [tableId]);
  return rows[0]?.last ?? null;
}

/** Stores a bet once per bet id; answers whether this call stored it. */
export async function insertBet(db: Queryable, bet: OpenBet & { tableId: string; venueCode: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO studio_table_bets (bet_id, table_id, round_no, venue_code, member_id, bet, stake_minor, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0)) ON CONFLICT (bet_id) DO NOTHING`,
    [bet.betId, bet.tableId, bet.roundNo, bet.venueCode, bet.memberId, JSON.stringify(bet.bet), bet.stakeMinor, bet.placedAtMs],
  );
  return rowCount === 1;
}

export interface BetRow extends OpenBet {
  payoutMinor: number;
  status: 'open' | 'settled';
}

export async function findBet(db: Queryable, betId: string): Promise<BetRow | undefined> {
  const { rows } = await db.query<BetRow>(
    `SELECT bet_id AS "betId", round_no::float8 AS "roundNo", member_id::int AS "memberId", bet, stake_minor::float8 AS "stakeMinor",
            payout_minor::float8 AS "payoutMinor", status, (extract(epoch FROM placed_at) * 1000)::float8 AS "placedAtMs" FROM studio_table_bets WHERE bet_id = $1`,
    [betId],
  );
  return rows[0];
}

/** Round numbers at or before `roundNo` that still have open bets. */
export async function roundsWithOpenBets(db: Queryable, tableId: string, roundNo: number): Promise<number[]> {
  const { rows } = await db.query<{ roundNo: number }>(
    'SELECT DISTINCT round_no::float8 AS "roundNo" FROM studio_table_bets WHERE table_id = $1 AND status = \'open\' AND round_no <= $2 ORDER BY 1',
    [tableId, roundNo],
  );
  return rows.map((row) => row.roundNo);
}

/** Marks a round's open bets settled with their payouts; answers the bets this call settled (each exactly once). */
export async function settleBets(db: Queryable, tableId: string, roundNo: number, payoutOf: (bet: TableBet) => number, nowMs: number): Promise<BetRow[]> {
  const { rows: open } = await db.query<OpenBet>(
    `SELECT bet_id AS "betId", round_no::float8 AS "roundNo", member_id::int AS "memberId", bet, stake_minor::float8 AS "stakeMinor",
            (extract(epoch FROM placed_at) * 1000)::float8 AS "placedAtMs"
       FROM studio_table_bets WHERE table_id = $1 AND round_no = $2 AND status = 'open' ORDER BY id FOR UPDATE`,
    [tableId, roundNo],
  );
  const settled: BetRow[] = [];
  for (const bet of open) {
    const payoutMinor = payoutOf(bet.bet);
    const { rowCount } = await db.query(
      `UPDATE studio_table_bets SET status = 'settled', payout_minor = $2, settled_at = to_timestamp($3 / 1000.0) WHERE bet_id = $1 AND status = 'open'`,
      [bet.betId, payoutMinor, nowMs],
    );
    if (rowCount === 1) settled.push({ ...bet, payoutMinor, status: 'settled' });
  }
  return settled;
}

/** A member's latest bets at a table, newest first. */
export async function betsOfMember(db: Queryable, tableId: string, memberId: number, limit: number): Promise<BetRow[]> {
  const { rows } = await db.query<BetRow>(
    `SELECT bet_id AS "betId", round_no::float8 AS "roundNo", member_id::int AS "memberId", bet, stake_minor::float8 AS "stakeMinor",
            payout_minor::float8 AS "payoutMinor", status, (extract(epoch FROM placed_at) * 1000)::float8 AS "placedAtMs" FROM studio_table_bets WHERE table_id = $1 AND member_id = $2 ORDER BY id DESC LIMIT $3`,
    [tableId, memberId, limit],
  );
  return rows;
}
