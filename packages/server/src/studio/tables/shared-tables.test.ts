import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, studioGame, verifyRound } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { movableClock } from '../../testing/clock.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { ROUNDS_PER_SEED, roundTimes } from './schedule.js';
import { SharedTables, drawTable, liveTable, type SharedTable } from './shared-tables.js';
import { tableRoundDetail } from './table-detail.js';
import type { TableBet } from './table-rules.js';
import { transferTableWallet } from './table-wallet.js';

/** Block `cursor` of a round recomputed outside the server, as a member's verify view does. */
const blockOf = (serverSeed: string, clientSeed: string, nonce: number) => (cursor: number) =>
  createHmac('sha256', serverSeed).update(cursor ? `${clientSeed}:${nonce}:${cursor}` : `${clientSeed}:${nonce}`).digest();

/** Three dice from a round's first bytes: 4-byte big-endian words, redrawn above the last multiple of 6. */
function diceOf(block: (cursor: number) => Uint8Array): number[] {
  const bytes = Buffer.concat([block(0), block(1)]);
  const dice: number[] = [];
  for (let at = 0; dice.length < 3; at += 4) {
    const word = bytes.readUInt32BE(at);
    if (word < 2 ** 32 - (2 ** 32 % 6)) dice.push((word % 6) + 1);
  }
  return dice;
}

describe.each(testEngines())('shared rounds on %s', (engine) => {
  const suite = databaseSuite(engine);
  const live = liveTable('TLIVE');
  const draw = drawTable('TLOT');

  async function fund(venueCode: string, memberId: number, balanceMinor: number) {
    await suite.db.query('INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) VALUES ($1, $2, $3)', [venueCode, memberId, balanceMinor]);
  }
  async function balance(venueCode: string, memberId: number): Promise<number> {
    const { rows } = await suite.db.query<{ b: number }>('SELECT balance_minor::float8 AS b FROM sandbox_venue_wallets WHERE venue_code = $1 AND member_id = $2', [venueCode, memberId]);
    return rows[0]!.b;
  }
  async function refusalOf(work: Promise<unknown>): Promise<number> {
    return work.then(() => 0, (error: { code?: number }) => error.code ?? -1);
  }
  /** The seed of a round's block, straight from the table's rows. */
  async function seedOf(table: SharedTable, roundNo: number): Promise<{ serverSeed: string; serverSeedHash: string }> {
    const { rows } = await suite.db.query<{ serverSeed: string; serverSeedHash: string }>(
      'SELECT server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash" FROM studio_table_seeds WHERE table_id = $1 AND block = $2',
      [table.tableId, Math.floor(roundNo / ROUNDS_PER_SEED)],
    );
    return rows[0]!;
  }
  const payoutOf = (table: SharedTable, seed: string, roundNo: number, bet: TableBet) => table.rules.play(blockOf(seed, table.tableId, roundNo), bet).payoutMinor;

  it('a live baccarat round: bets in the window settle on the deal recomputed from the revealed seed; a late bet is refused', async () => {
    const roundNo = 90_000_000 + ROUNDS_PER_SEED - 1; // the last round of its seed block, so the next round reveals the seed
    const times = roundTimes(live.schedule, roundNo);
    const clock = movableClock(times.opensAtMs + 1_000);
    const tables = new SharedTables(suite.db, clock, transferTableWallet);
    await fund(live.venueCode, 1, 1_000_00);
    await fund(live.venueCode, 2, 1_000_00);

    const before = await tables.state(live);
    expect(before).toMatchObject({ roundNo, phase: 'betting', clientSeed: live.tableId, revealedSeed: null });
    const bankerBet = { spots: { banker: 100_00 } };
    const splitBet = { spots: { player: 20_00, tie: 10_00 } };
    const banker = await tables.placeBet(live, { memberId: 1, bet: bankerBet, requestId: 'a' });
    const split = await tables.placeBet(live, { memberId: 2, bet: splitBet, requestId: 'b' });
    const repeat = await tables.placeBet(live, { memberId: 1, bet: bankerBet, requestId: 'a' });
    expect(repeat.betId).toBe(banker.betId);
    expect(await balance(live.venueCode, 1)).toBe(900_00);
    expect(await balance(live.venueCode, 2)).toBe(970_00);

    clock.set(times.closesAtMs);
    expect(await refusalOf(tables.placeBet(live, { memberId: 2, bet: { spots: { tie: 10_00 } }, requestId: 'late' }))).toBe(CODE.studioBetsClosed);
    expect(await balance(live.venueCode, 2)).toBe(970_00);
    expect((await tables.state(live)).phase).toBe('dealing');

    clock.set(times.resultAtMs);
    const shown = await tables.state(live);
    expect(shown.phase).toBe('result');
    expect(shown.results[0]!.roundNo).toBe(roundNo);

    clock.set(times.nextOpensAtMs);
    const next = await tables.state(live);
    const seed = await seedOf(live, roundNo);
    expect(next.revealedSeed).toMatchObject(seed);
    expect(before.serverSeedHash).toBe(seed.serverSeedHash);
    expect(next.serverSeedHash).not.toBe(seed.serverSeedHash);
    expect(shown.results[0]!.display).toEqual(live.rules.play(blockOf(seed.serverSeed, live.tableId, roundNo), { spots: {} }).display);
    const bankerPaid = payoutOf(live, seed.serverSeed, roundNo, bankerBet);
    const splitPaid = payoutOf(live, seed.serverSeed, roundNo, splitBet);
    expect(await balance(live.venueCode, 1)).toBe(900_00 + bankerPaid);
    expect(await balance(live.venueCode, 2)).toBe(970_00 + splitPaid);
    expect(await tables.bet(banker.betId)).toMatchObject({ status: 'settled', payoutMinor: bankerPaid });
    expect(await tables.bet(split.betId)).toMatchObject({ status: 'settled', payoutMinor: splitPaid });
    const detail = await tableRoundDetail(suite.db, live.venueCode, split.betId);
    expect(detail).toMatchObject({ memberId: 2, serverSeed: seed.serverSeed, clientSeed: live.tableId, nonce: roundNo, bet: splitBet, stakeMinor: 30_00, payoutMinor: splitPaid, status: 'completed' });
    const verified = await verifyRound(studioGame(detail!.gameCode)!, { ...seed, clientSeed: live.tableId, nonce: roundNo, bet: splitBet, outcome: detail!.outcome });
    expect(verified).toMatchObject({ hashMatches: true, outcomeMatches: true });
    const { rows: feed } = await suite.db.query<{ betId: string; roundId: string; stake: number; payout: number; status: string }>(
      `SELECT bet_id AS "betId", round_id AS "roundId", stake_minor::float8 AS stake, payout_minor::float8 AS payout, status
         FROM studio_bet_feed WHERE venue_code = $1 ORDER BY sequence`,
      [live.venueCode],
    );
    expect(feed).toEqual([
      { betId: banker.betId, roundId: banker.betId, stake: 100_00, payout: bankerPaid, status: 'settled' },
      { betId: split.betId, roundId: split.betId, stake: 30_00, payout: splitPaid, status: 'settled' },
    ]);
  });

  it('refuses an unknown spot, a wrong stake and a stake above the balance, changing nothing', async () => {
    const clock = movableClock(roundTimes(live.schedule, 91_000_000).opensAtMs);
    const tables = new SharedTables(suite.db, clock, transferTableWallet);
    await fund(live.venueCode, 3, 5_00);
    const bet = (spots: Record<string, number>) => tables.placeBet(live, { memberId: 3, bet: { spots }, requestId: 'x' });
    expect(await refusalOf(bet({ big: 1_00 }))).toBe(CODE.studioBetSpotInvalid);
    expect(await refusalOf(bet({ tie: 1_50 }))).toBe(CODE.studioBetStakeInvalid);
    expect(await refusalOf(bet({ tie: 6_00 }))).toBe(CODE.studioBalanceTooLow);
    expect(await balance(live.venueCode, 3)).toBe(5_00);
    expect(await tables.bet(`${live.tableId}:91000000:3:x`)).toBeUndefined();
  });

  it('a lottery draw: bets until 10 s before the draw settle on the dice, the draw is stored for the results pages', async () => {
    const drawNo = 29_000_000;
    const times = roundTimes(draw.schedule, drawNo);
    expect(times.resultAtMs - times.closesAtMs).toBe(10_000);
    const clock = movableClock(times.opensAtMs + 5_000);
    const tables = new SharedTables(suite.db, clock, transferTableWallet);
    await fund(draw.venueCode, 4, 500_00);
    const early = { spots: { big: 10_00, small: 10_00, anyTriple: 10_00, sum10: 10_00 } };
    await tables.placeBet(draw, { memberId: 4, bet: early, requestId: 'early' });
    expect(await balance(draw.venueCode, 4)).toBe(460_00);

    clock.set(times.closesAtMs - 1);
    const last = { spots: { big: 10_00 } };
    await tables.placeBet(draw, { memberId: 4, bet: last, requestId: 'last' });
    clock.set(times.closesAtMs);
    expect(await refusalOf(tables.placeBet(draw, { memberId: 4, bet: last, requestId: 'late' }))).toBe(CODE.studioBetsClosed);

    clock.set(times.resultAtMs);
    expect(await tables.settleDue(draw)).toContain(drawNo);
    const { rows } = await suite.db.query<{ dice: number[]; drawAtMs: number; serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null }>(
      `SELECT dice, (extract(epoch FROM draw_at) * 1000)::float8 AS "drawAtMs", server_seed_hash AS "serverSeedHash", client_seed AS "clientSeed",
              nonce::float8 AS nonce, server_seed AS "serverSeed" FROM studio_draws WHERE venue_code = $1 AND draw_no = $2`,
      [draw.venueCode, drawNo],
    );
    const seed = await seedOf(draw, drawNo);
    const dice = diceOf(blockOf(seed.serverSeed, draw.tableId, drawNo));
    expect(rows[0]).toEqual({ dice, drawAtMs: times.resultAtMs, serverSeedHash: seed.serverSeedHash, clientSeed: draw.tableId, nonce: drawNo, serverSeed: null });
    const sum = dice[0]! + dice[1]! + dice[2]!;
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    const won = (triple ? 31 : 2) * 10_00 + (sum === 10 ? 7 * 10_00 : 0) + (!triple && sum >= 11 ? 2 * 10_00 : 0);
    expect(await balance(draw.venueCode, 4)).toBe(450_00 + won);
    expect(await tables.settleDue(draw)).toEqual([]);
    expect(await balance(draw.venueCode, 4)).toBe(450_00 + won);
  });
});
