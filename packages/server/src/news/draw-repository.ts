import type { LotteryDraw, LotteryDrawDetail } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { LOTTERY_DICE_SCHEDULE, ROUNDS_PER_SEED } from '../studio/tables/schedule.js';


interface DrawRow {
  venueCode: string;
  drawNo: number;
  drawAt: Date;
  dice: number[];
  result: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
}

const COLUMNS = `venue_code AS "venueCode", draw_no::float8 AS "drawNo", draw_at AS "drawAt", dice, result, server_seed_hash AS "serverSeedHash",
  client_seed AS "clientSeed", nonce::float8 AS nonce, server_seed AS "serverSeed"`;

function drawOf(row: DrawRow): LotteryDraw {
  const [a, b, c] = row.dice as [number, number, number];
  const sum = a + b + c;
  const triple = a === b && b === c;
  return {
    venueCode: row.venueCode,
    drawNo: row.drawNo,
    drawAt: row.drawAt.toISOString(),
    dice: [a, b, c],
    sum,
    size: triple ? 'triple' : sum >= 11 ? 'big' : 'small',
    parity: triple ? 'triple' : sum % 2 === 1 ? 'odd' : 'even',
    result: row.result,
    revealed: row.serverSeed !== null,
  };
}

/** A venue's draws with results in [from, to), latest first, and how many there are. */
export async function drawsOfDay(q: Queryable, venueCode: string, from: Date, to: Date, offset: number, limit: number): Promise<{ list: LotteryDraw[]; total: number }> {
  const { rows } = await q.query<DrawRow>(
    `SELECT ${COLUMNS} FROM studio_draws WHERE venue_code = $1 AND draw_at >= $2 AND draw_at < $3 ORDER BY draw_no DESC OFFSET $4 LIMIT $5`,
    [venueCode, from, to, offset, limit],
  );
  const count = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM studio_draws WHERE venue_code = $1 AND draw_at >= $2 AND draw_at < $3', [venueCode, from, to]);
  return { list: rows.map(drawOf), total: count.rows[0]!.n };
}

/** One draw of a venue with its fairness data, or undefined. */
export async function drawDetail(q: Queryable, venueCode: string, drawNo: number): Promise<Omit<LotteryDrawDetail, 'venueNameZh' | 'venueNameEn'> | undefined> {
  const { rows } = await q.query<DrawRow>(`SELECT ${COLUMNS} FROM studio_draws WHERE venue_code = $1 AND draw_no = $2`, [venueCode, drawNo]);
  const row = rows[0];
  if (!row) return undefined;
  const nextBlockFirstDraw = (Math.floor(row.drawNo / ROUNDS_PER_SEED) + 1) * ROUNDS_PER_SEED;
  return {
    ...drawOf(row),
    serverSeedHash: row.serverSeedHash,
    serverSeed: row.serverSeed,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    revealsAt: new Date(nextBlockFirstDraw * LOTTERY_DICE_SCHEDULE.cycleMs).toISOString(),
  };
}
