import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { movableClock } from '../../testing/clock.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { baccaratOutcome, diceOutcome, payoutOf } from './outcomes.js';
import { ROUNDS_PER_SEED, roundTimes } from './schedule.js';
import { SharedTables, drawTable, liveTable, type SharedTable } from './shared-tables.js';
import { sandboxTableWallet } from './table-wallet.js';

/** A round recomputed outside the server, as a member's verify view does (HMAC-SHA256 over `clientSeed:nonce`). */
const digestOf = (serverSeed: string, clientSeed: string, nonce: number) => createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();

describe.each(testEngines())('shared rounds on %s', (engine) => {
  const suite = databaseSuite(engine);
  const live = liveTable('TLIVE', 'live-baccarat');
  const draw = drawTable('TLOT', 'dice-minute');

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
  /** The seed of a round, which the table reveals once the next block of rounds began. */
  async function seedOf(table: SharedTable, roundNo: number): Promise<{ serverSeed: string; serverSeedHash: string }> {
    const { rows } = await suite.db.query<{ serverSeed: string; serverSeedHash: string }>(
      'SELECT server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash" FROM studio_table_seeds WHERE table_id = $1 AND block = $2',
      [table.tableId, Math.floor(roundNo / ROUNDS_PER_SEED)],
    );
    return rows[0]!;
  }

  it('a live baccarat round: bets in the window settle with the outcome recomputed from the revealed seed; a late bet is refused', async () => {
    const roundNo = 90_000_000 + 99; // the last round of its seed block, so the next round reveals the seed
    const times = roundTimes(live.schedule, roundNo);
    const clock = movableClock(times.opensAtMs + 1_000);
    const tables = new SharedTables(suite.db, clock, sandboxTableWallet);
    await fund(live.venueCode, 1, 1_000_00);
    await fund(live.venueCode, 2, 1_000_00);

    const before = await tables.state(live);
    expect(before).toMatchObject({ roundNo, phase: 'betting', clientSeed: live.tableId });
    const banker = await tables.placeBet(live, { memberId: 1, spot: 'banker', stakeMinor: 100_00, requestId: 'a' });
    const player = await tables.placeBet(live, { memberId: 2, spot: 'player', stakeMinor: 30_00, requestId: 'b' });
    const repeat = await tables.placeBet(live, { memberId: 1, spot: 'banker', stakeMinor: 100_00, requestId: 'a' });
    expect(repeat.betId).toBe(banker.betId);
    expect(await balance(live.venueCode, 1)).toBe(900_00);

    clock.set(times.closesAtMs);
    expect(await refusalOf(tables.placeBet(live, { memberId: 2, spot: 'tie', stakeMinor: 10_00, requestId: 'late' }))).toBe(CODE.studioBetsClosed);
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
    expect(next.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(before.serverSeedHash).toBe(seed.serverSeedHash);
    const outcome = baccaratOutcome(digestOf(seed.serverSeed, live.tableId, roundNo));
    expect(shown.results[0]!.outcome).toEqual(outcome);
    expect(await balance(live.venueCode, 1)).toBe(900_00 + payoutOf(100_00, 'banker', outcome));
    expect(await balance(live.venueCode, 2)).toBe(970_00 + payoutOf(30_00, 'player', outcome));
    expect((await tables.bet(banker.betId))).toMatchObject({ status: 'settled', payoutMinor: payoutOf(100_00, 'banker', outcome) });
    expect((await tables.bet(player.betId))!.status).toBe('settled');
  });

  it('refuses a wrong spot, a wrong stake and a stake above the balance, changing nothing', async () => {
    const clock = movableClock(roundTimes(live.schedule, 91_000_000).opensAtMs);
    const tables = new SharedTables(suite.db, clock, sandboxTableWallet);
    await fund(live.venueCode, 3, 5_00);
    expect(await refusalOf(tables.placeBet(live, { memberId: 3, spot: 'big', stakeMinor: 1_00, requestId: 'x' }))).toBe(CODE.studioBetSpotInvalid);
    expect(await refusalOf(tables.placeBet(live, { memberId: 3, spot: 'tie', stakeMinor: 1.5, requestId: 'x' }))).toBe(CODE.studioBetStakeInvalid);
    expect(await refusalOf(tables.placeBet(live, { memberId: 3, spot: 'tie', stakeMinor: 6_00, requestId: 'x' }))).toBe(CODE.studioBalanceTooLow);
    expect(await balance(live.venueCode, 3)).toBe(5_00);
    expect(await tables.bet(`${live.tableId}:91000000:3:x`)).toBeUndefined();
  });

  it('a lottery draw: bets until 10 s before the draw settle with the dice, the draw is stored for the results pages', async () => {
    const drawNo = 29_000_000;
    const times = roundTimes(draw.schedule, drawNo);
    expect(times.resultAtMs - times.closesAtMs).toBe(10_000);
    const clock = movableClock(times.opensAtMs + 5_000);
    const tables = new SharedTables(suite.db, clock, sandboxTableWallet);
    await fund(draw.venueCode, 4, 500_00);
    const spots = ['big', 'small', 'triple', 'sum:10'];
    for (const spot of spots) await tables.placeBet(draw, { memberId: 4, spot, stakeMinor: 10_00, requestId: spot });
    expect(await balance(draw.venueCode, 4)).toBe(460_00);

    clock.set(times.closesAtMs - 1);
    await tables.placeBet(draw, { memberId: 4, spot: 'big', stakeMinor: 10_00, requestId: 'last' });
    clock.set(times.closesAtMs);
    expect(await refusalOf(tables.placeBet(draw, { memberId: 4, spot: 'big', stakeMinor: 10_00, requestId: 'late' }))).toBe(CODE.studioBetsClosed);

    clock.set(times.resultAtMs);
    expect(await tables.settleDue(draw)).toContain(drawNo);
    const { rows } = await suite.db.query<{ dice: number[]; drawAtMs: number; serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null }>(
      `SELECT dice, (extract(epoch FROM draw_at) * 1000)::float8 AS "drawAtMs", server_seed_hash AS "serverSeedHash", client_seed AS "clientSeed",
              nonce::float8 AS nonce, server_seed AS "serverSeed" FROM studio_draws WHERE venue_code = $1 AND draw_no = $2`,
      [draw.venueCode, drawNo],
    );
    const stored = rows[0]!;
    const seed = await seedOf(draw, drawNo);
    const outcome = diceOutcome(digestOf(seed.serverSeed, draw.tableId, drawNo));
    expect(stored).toEqual({ dice: outcome.dice, drawAtMs: times.resultAtMs, serverSeedHash: seed.serverSeedHash, clientSeed: draw.tableId, nonce: drawNo, serverSeed: null });
    const paid = [...spots, 'big'].reduce((sum, spot) => sum + payoutOf(10_00, spot, outcome), 0);
    expect(await balance(draw.venueCode, 4)).toBe(450_00 + paid);
    expect(await tables.settleDue(draw)).toEqual([]);
    expect(await balance(draw.venueCode, 4)).toBe(450_00 + paid);
  });
});
