import { describe, expect, it } from 'vitest';
import { BARRIER_STATUS, CODE, breakoutClaim, breakoutInfo, walletBalance } from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY } from '../engine/index.js';
import { insertConfirmedDeposit, publishedActivity } from '../engine/engine.fixture.js';
import { validateConfig } from './config.js';

const DAY = 86_400_000;

describe('breakout rules', () => {
  const config = {
    metric: 'turnover', minorPerPoint: 100, pointsName: '积分', webMainPicture: '', prizePoolId: 'p1', wallet: 'centre',
    barriers: [{ title: 'One', steps: [{ points: 10, prizeMinor: 1_00 }, { points: 20, prizeMinor: 2_00 }] }],
  };
  it('checks the config, naming the problem', () => {
    expect(validateConfig('breakout', config)).toBeNull();
    expect(validateConfig('breakout', { ...config, barriers: [] })).toMatch(/barriers/);
    expect(validateConfig('breakout', { ...config, barriers: [{ title: 'x', steps: [{ points: 20, prizeMinor: 1 }, { points: 10, prizeMinor: 1 }] }] })).toMatch(/more points/);
    expect(validateConfig('breakout', { ...config, barriers: [{ title: 'x', startsAt: '2026-11-27', endsAt: '2026-11-26', steps: [{ points: 1, prizeMinor: 1 }] }] })).toMatch(/end after/);
    expect(validateConfig('breakout', { ...config, webMainPicture: 'javascript:alert(1)' })).toMatch(/webMainPicture/);
    expect(validateConfig('breakout', { ...config, minorPerPoint: 0 })).toMatch(/minorPerPoint/);
    expect(validateConfig('breakout', { ...config, wallet: 'bonus' })).toBe(CENTRE_WALLET_ONLY);
  });
});

describe.each(testEngines())('breakout on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 10);
  const suite = serverSuite(engine, { clock: start });
  const as = (token?: string) => ({ ...(token ? { token } : {}), timestamp: suite.clock.now() });
  const claim = (token: string, request: { activityId: number; barrierNo: number; stepNo: number; termsVersion: number }) =>
    suite.callWithKey(breakoutClaim, request, token, undefined, { timestamp: suite.clock.now() });

  async function breakout(metric: 'turnover' | 'deposit') {
    const now = new Date(suite.clock.now());
    return publishedActivity(suite.db, now, {
      kind: 'breakout', title: 'Breakout test', startsAt: new Date(start - DAY), endsAt: new Date(start + 20 * DAY), budgetMinor: 100_00,
      config: {
        metric, minorPerPoint: 100, pointsName: '闯关积分', webMainPicture: '', prizePoolId: 'pool', wallet: 'centre',
        barriers: [
          { title: 'One', startsAt: new Date(start - DAY).toISOString(), endsAt: new Date(start + DAY).toISOString(), steps: [{ points: 100, prizeMinor: 5_00 }, { points: 300, prizeMinor: 15_00 }] },
          { title: 'Two', startsAt: new Date(start + DAY).toISOString(), endsAt: new Date(start + 3 * DAY).toISOString(), steps: [{ points: 50, prizeMinor: 7_00 }] },
        ],
      },
    });
  }

  it('earns points from turnover inside each barrier and pays a passed step once', async () => {
    suite.clock.set(start);
    const activity = await breakout('turnover');
    const { token, memberId } = await suite.memberWithBalance(0);
    await insertBet(suite.db, { memberId, stakeMinor: 150_50, placedAt: new Date(start - 60_000) });
    await insertBet(suite.db, { memberId, stakeMinor: 999_00, placedAt: new Date(start - 2 * DAY) }); // before barrier one

    const info = (await suite.call(breakoutInfo, { activityId: activity.id }, as(token))).body.data;
    expect(info).toMatchObject({ status: 1, prizePoolId: 'pool', steps: 3 });
    expect(info.barriers.map((barrier) => [barrier.barrierStaus, barrier.pointsBalance])).toEqual([[BARRIER_STATUS.started, 150], [BARRIER_STATUS.notStarted, 0]]);
    expect(info.carousel).toEqual([{ pointsName: '闯关积分', pointsBalance: 150, barrierStaus: 1 }, { pointsName: '闯关积分', pointsBalance: 0, barrierStaus: 0 }]);
    expect(info.barriers[0]!.steps.map((step) => [step.reached, step.claimed])).toEqual([[true, false], [false, false]]);

    expect((await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 1, termsVersion: 1 })).body.code).toBe(CODE.breakoutStepNotReached);
    expect((await claim(token, { activityId: activity.id, barrierNo: 1, stepNo: 0, termsVersion: 1 })).body.code).toBe(CODE.breakoutBarrierNotStarted);
    expect((await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 5, termsVersion: 1 })).body.code).toBe(CODE.breakoutStepUnknown);
    expect((await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 0, termsVersion: 9 })).body.code).toBe(CODE.activityTermsChanged);
    expect((await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance).toBe(0);

    const paid = await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 0, termsVersion: 1 });
    expect(paid.body.data).toEqual({ barrierNo: 0, stepNo: 0, amountMinor: 5_00, wallet: 'centre', fresh: true });
    const again = await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 0, termsVersion: 1 });
    expect(again.body.data).toMatchObject({ amountMinor: 5_00, fresh: false });
    expect((await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance).toBe(5);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(95_00);
    const after = (await suite.call(breakoutInfo, { activityId: activity.id }, as(token))).body.data;
    expect(after.barriers[0]!.steps[0]).toMatchObject({ reached: true, claimed: true });

    // Barrier two opens the next day and counts only its own window.
    suite.clock.set(start + DAY + 60_000);
    const second = (await suite.call(breakoutInfo, { activityId: activity.id }, as(token))).body.data;
    expect(second.barriers.map((barrier) => [barrier.barrierStaus, barrier.pointsBalance])).toEqual([[BARRIER_STATUS.ended, 150], [BARRIER_STATUS.started, 0]]);
  });

  it('counts confirmed deposits, and shows a visitor the barriers without points', async () => {
    suite.clock.set(start);
    const activity = await breakout('deposit');
    const { token, memberId } = await suite.memberWithBalance(0);
    await insertConfirmedDeposit(suite.db, memberId, 320_00, new Date(start - 60_000));
    const mine = (await suite.call(breakoutInfo, { activityId: activity.id }, as(token))).body.data;
    expect(mine.barriers[0]!.pointsBalance).toBe(320);
    expect((await claim(token, { activityId: activity.id, barrierNo: 0, stepNo: 1, termsVersion: 1 })).body.data.amountMinor).toBe(15_00);
    const visitor = (await suite.call(breakoutInfo, { activityId: activity.id }, as())).body.data;
    expect(visitor.barriers[0]!.pointsBalance).toBe(0);
    expect(visitor.barriers[0]!.steps.every((step) => !step.claimed)).toBe(true);
  });
});
