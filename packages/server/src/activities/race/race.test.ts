import { describe, expect, it } from 'vitest';
import { CODE, opsActivityEnd, raceBoard, walletBalance } from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY, endActivity, setBlacklisted, updateActivity } from '../engine/index.js';
import { insertConfirmedDeposit, publishedActivity } from '../engine/engine.fixture.js';
import { validateConfig } from './config.js';
import { settleDueRaces } from './race-service.js';
import { maskedName } from './scores.js';

const HOUR = 3_600_000;

describe('race rules', () => {
  const config = { metric: 'turnover', prizesMinor: [100_00, 50_00], minScoreMinor: 10_00, boardSize: 5, wallet: 'centre' };
  it('checks the config, naming the problem', () => {
    expect(validateConfig('race', config)).toBeNull();
    expect(validateConfig('race', { ...config, metric: 'wins' })).toMatch(/metric/);
    expect(validateConfig('race', { ...config, prizesMinor: [10_00, 50_00] })).toMatch(/lower rank/);
    expect(validateConfig('race', { ...config, prizesMinor: [] })).toMatch(/prizesMinor/);
    expect(validateConfig('race', { ...config, boardSize: 1 })).toMatch(/boardSize/);
    expect(validateConfig('race', { ...config, prizesMinor: [0.5] })).toMatch(/positive integer/);
    expect(validateConfig('race', { ...config, wallet: 'bonus' })).toBe(CENTRE_WALLET_ONLY);
  });
  it('masks member names on the public board', () => {
    expect(maskedName('rainmaker')).toBe('ra***r');
    expect(maskedName('ab')).toBe('a***');
    expect(maskedName('张三丰')).toBe('张三***丰');
  });
});

describe.each(testEngines())('races on %s', (engine) => {
  // A day far from the real one: rows the seed stamps with the real time (the demo member's deposit) fall outside every window.
  const start = Date.UTC(2025, 0, 15, 10);
  const suite = serverSuite(engine, { clock: start });
  const as = (token?: string) => ({ ...(token ? { token } : {}), timestamp: suite.clock.now() });

  async function race(metric: 'turnover' | 'deposit', budgetMinor = 1_000_00) {
    const now = new Date(suite.clock.now());
    return publishedActivity(suite.db, now, {
      kind: 'race', title: `Race by ${metric}`, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + HOUR), budgetMinor,
      config: { metric, prizesMinor: [100_00, 50_00], minScoreMinor: 10_00, boardSize: 5, wallet: 'centre' },
    });
  }
  const bet = (memberId: number, stakeMinor: number, at = new Date(suite.clock.now() - 60_000)) => insertBet(suite.db, { memberId, stakeMinor, placedAt: at });

  it('ranks turnover live, then settles once at the close: prizes paid exactly once, the board final', async () => {
    suite.clock.set(start);
    const activity = await race('turnover');
    const [a, b, c, d] = await Promise.all([0, 0, 0, 0].map(() => suite.memberWithBalance(0)));
    await bet(a!.memberId, 300_00);
    await bet(b!.memberId, 500_00);
    await bet(c!.memberId, 5_00); // below the least score: not ranked
    await insertBet(suite.db, { memberId: d!.memberId, stakeMinor: 900_00, status: 'void', placedAt: new Date(start - 60_000) }); // a void bet counts nothing
    await bet(a!.memberId, 1_000_00, new Date(start - 2 * HOUR)); // before the window

    const live = (await suite.call(raceBoard, { activityId: activity.id }, as(a!.token))).body.data;
    expect(live).toMatchObject({ settled: false, status: 1, metric: 'turnover' });
    expect(live.board.map((row) => [row.rank, row.scoreMinor, row.prizeMinor])).toEqual([[1, 500_00, 100_00], [2, 300_00, 50_00]]);
    expect(live.board[0]!.name).toMatch(/\*\*\*/);
    expect(live.me).toEqual({ rank: 2, scoreMinor: 300_00, prizeMinor: 50_00, paid: false });
    const outside = (await suite.call(raceBoard, { activityId: activity.id }, as(c!.token))).body.data.me;
    expect(outside).toEqual({ rank: null, scoreMinor: 5_00, prizeMinor: 0, paid: false });

    suite.clock.set(start + HOUR + 1_000);
    // A bet settled after the close does not count.
    await bet(c!.memberId, 10_000_00, new Date(start + HOUR + 500));
    const [first, again] = await Promise.all([
      suite.call(raceBoard, { activityId: activity.id }, as(b!.token)),
      suite.call(raceBoard, { activityId: activity.id }, as(b!.token)),
    ]);
    expect(first.body.data.settled).toBe(true);
    expect(again.body.data.board).toEqual(first.body.data.board);
    expect(first.body.data.me).toEqual({ rank: 1, scoreMinor: 500_00, prizeMinor: 100_00, paid: true });
    expect(await settleDueRaces(suite.db, new Date(suite.clock.now()))).toBe(0);
    expect((await suite.call(walletBalance, {}, as(b!.token))).body.data.centerWalletBalance).toBe(100);
    expect((await suite.call(walletBalance, {}, as(a!.token))).body.data.centerWalletBalance).toBe(50);
    expect((await suite.call(walletBalance, {}, as(c!.token))).body.data.centerWalletBalance).toBe(0);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(1_000_00 - 150_00);
    const claims = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_claims WHERE activity_id = $1', [activity.id]);
    expect(claims.rows[0]!.n).toBe(2);
  });

  it('ranks confirmed deposits, leaves blacklisted members out, and the timer settles it without a read', async () => {
    const base = start + 10 * HOUR;
    suite.clock.set(base);
    const activity = await race('deposit');
    const [a, b] = await Promise.all([suite.memberWithBalance(0), suite.memberWithBalance(0)]);
    await insertConfirmedDeposit(suite.db, a!.memberId, 200_00, new Date(base - 60_000));
    await insertConfirmedDeposit(suite.db, b!.memberId, 900_00, new Date(base - 60_000));
    await setBlacklisted(suite.db, b!.memberId, true, 'bonus abuse', 'test', new Date(base));
    suite.clock.set(base + HOUR);
    expect(await settleDueRaces(suite.db, new Date(suite.clock.now()))).toBeGreaterThanOrEqual(1);
    const board = (await suite.call(raceBoard, { activityId: activity.id }, as(a!.token))).body.data;
    expect(board.board.map((row) => [row.rank, row.scoreMinor, row.prizeMinor])).toEqual([[1, 200_00, 100_00]]);
    expect(board.me).toMatchObject({ rank: 1, paid: true });
    await setBlacklisted(suite.db, b!.memberId, false, '', 'test', new Date(base));
  });

  it('keeps an under-funded race unsettled (the board still shows) and pays nothing', async () => {
    suite.clock.set(start + 20 * HOUR);
    const activity = await race('turnover', 120_00);
    const [a, b] = await Promise.all([suite.memberWithBalance(0), suite.memberWithBalance(0)]);
    await bet(a!.memberId, 400_00);
    await bet(b!.memberId, 300_00);
    suite.clock.set(start + 21 * HOUR);
    const board = (await suite.call(raceBoard, { activityId: activity.id }, as(a!.token))).body.data;
    expect(board.settled).toBe(false);
    expect(board.board).toHaveLength(2);
    const unpaid: number[] = [];
    await settleDueRaces(suite.db, new Date(suite.clock.now()), (id) => unpaid.push(id));
    expect(unpaid).toContain(activity.id);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(120_00);
    const claims = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_claims WHERE activity_id = $1', [activity.id]);
    expect(claims.rows[0]!.n).toBe(0);
  });

  it("leaves a race written with wallet 'bonus' before the rule unsettled and pays no bonus money; set to 'centre', it settles", async () => {
    suite.clock.set(start + 25 * HOUR);
    const activity = await race('turnover', 1_000_00);
    // Written before the config check refused it: the row says 'bonus' (no wagering terms, so the money could never leave the bonus wallet).
    await suite.db.query(`UPDATE promo_activities SET config = jsonb_set(config, '{wallet}', '"bonus"') WHERE id = $1`, [activity.id]);
    const a = await suite.memberWithBalance(0);
    await bet(a.memberId, 400_00);
    suite.clock.set(start + 26 * HOUR);
    const board = (await suite.call(raceBoard, { activityId: activity.id }, as(a.token))).body.data;
    expect(board).toMatchObject({ settled: false, wallet: 'bonus' });
    const unpaid: [number, string][] = [];
    await settleDueRaces(suite.db, new Date(suite.clock.now()), (id, reason) => unpaid.push([id, reason]));
    expect(unpaid).toContainEqual([activity.id, expect.stringContaining(CENTRE_WALLET_ONLY)]);
    expect(await walletOf(suite.db, a.memberId, 'bonus')).toBe(0);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(1_000_00);
    expect((await suite.db.query('SELECT 1 FROM promo_race_settlements WHERE activity_id = $1', [activity.id])).rows).toHaveLength(0);

    await updateActivity(suite.db, activity.id, { config: { ...activity.config, wallet: 'centre' } }, new Date(suite.clock.now()));
    const settled = (await suite.call(raceBoard, { activityId: activity.id }, as(a.token))).body.data;
    expect(settled).toMatchObject({ settled: true, wallet: 'centre', me: { rank: 1, paid: true } });
    expect(await walletOf(suite.db, a.memberId)).toBe(100_00);
    expect(await walletOf(suite.db, a.memberId, 'bonus')).toBe(0);
  });

  it('refuses an unknown race, another kind and another brand as not found', async () => {
    const activity = await race('turnover');
    expect((await suite.call(raceBoard, { activityId: 987_654 }, as())).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(raceBoard, { activityId: activity.id }, { siteId: 8, timestamp: suite.clock.now() })).body.code).toBe(CODE.activityNotFound);
    const display = await publishedActivity(suite.db, new Date(suite.clock.now()));
    expect((await suite.call(raceBoard, { activityId: display.id }, as())).body.code).toBe(CODE.activityNotFound);
    await endActivity(suite.db, display.id, new Date(suite.clock.now()));
  });

  it("pays an early-ended race's prizes by the board at the end before the operator's end returns the rest of the budget", async () => {
    suite.clock.set(start + 30 * HOUR);
    const activity = await race('turnover', 1_000_00);
    const [a, b] = await Promise.all([suite.memberWithBalance(0), suite.memberWithBalance(0)]);
    await bet(a!.memberId, 400_00);
    await bet(b!.memberId, 300_00);
    const ended = await suite.call(opsActivityEnd, { id: activity.id }, { token: suite.opsToken, timestamp: suite.clock.now() });
    expect(ended.body.code).toBe(0);
    expect(ended.body.data.returnedMinor).toBe(1_000_00 - 150_00);
    const paid = await suite.db.query<{ member_id: string; amount_minor: string }>('SELECT member_id, amount_minor FROM promo_claims WHERE activity_id = $1 ORDER BY amount_minor DESC', [activity.id]);
    expect(paid.rows.map((row) => [Number(row.member_id), Number(row.amount_minor)])).toEqual([[a!.memberId, 100_00], [b!.memberId, 50_00]]);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(0);
  });
});
