import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, signInHistory, signInInfo, signInReceiveAward, signInRetroactive, signInSign, walletBalance } from '@lobby/sdk';
import { createSession } from '../../members/sessions.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { createActivity, pauseActivity, publishActivity, resumeActivity } from '../engine/index.js';
import { validateConfig } from './config.js';
import { cycleOf, signStatusOf } from './cycle.js';
import { addDays, beijingDay, dayBounds } from './days.js';
import { confirmedDeposit } from './facts.fixture.js';
import { seedActivities } from './seed.js';

const DAY_MS = 86_400_000;
/** Noon in Beijing on 2026-11-20, the first day of the test activity. */
const DAY_ONE_NOON = Date.UTC(2026, 10, 20, 4);

describe('sign-in rules', () => {
  it('accepts the seeded config and names what is wrong with a bad one', () => {
    const seeded = seedActivities(new Date(DAY_ONE_NOON))[0]!;
    expect(validateConfig('sign_in', seeded.config)).toBeNull();
    expect(validateConfig('sign_in', { dayRewardsMinor: [1, 2] })).toBe("dayRewardsMinor must list one reward for each of the cycle's 7 days");
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, -3] })).toContain('dayRewardsMinor[2]');
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, 3], cumulative: [{ days: 4, rewardMinor: 1 }] })).toContain("cycle's 3 days");
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, 3], cumulative: [{ days: 2, rewardMinor: 1 }, { days: 2, rewardMinor: 1 }] })).toContain('rising order');
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, 3], retroactive: { perCycle: 3 } })).toContain('retroactive.perCycle');
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, 3], bonus: 1 })).toContain('config.bonus is not a sign-in rule');
    expect(validateConfig('sign_in', { cycleDays: 3, dayRewardsMinor: [1, 2, 3], signRule: { dayDepositMinor: 0.5 } })).toContain('signRule.dayDepositMinor');
  });

  it('counts cycles from the first day and gives each day its status', () => {
    expect(cycleOf('2026-11-20', '2026-11-26', 7)).toEqual({ index: 0, start: '2026-11-20' });
    expect(cycleOf('2026-11-20', '2026-11-27', 7)).toEqual({ index: 1, start: '2026-11-27' });
    expect(beijingDay(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(dayBounds('2026-11-27').from.toISOString()).toBe('2026-11-26T16:00:00.000Z');
    const base = { today: '2026-11-22', firstDay: '2026-11-20', lastDay: '2026-12-31', live: true, signed: false, ruleMet: true, retroactiveLeft: 1 };
    expect(signStatusOf({ ...base, day: '2026-11-19' })).toBe(0);
    expect(signStatusOf({ ...base, day: '2026-11-23' })).toBe(1);
    expect(signStatusOf({ ...base, day: '2026-11-22' })).toBe(2);
    expect(signStatusOf({ ...base, day: '2026-11-21', signed: true })).toBe(3);
    expect(signStatusOf({ ...base, day: '2026-11-21' })).toBe(4);
    expect(signStatusOf({ ...base, day: '2026-11-22', ruleMet: false })).toBe(5);
    expect(signStatusOf({ ...base, day: '2026-11-21', retroactiveLeft: 0 })).toBe(6);
  });
});

describe.each(testEngines())('daily sign-in on %s', (engine) => {
  const suite = serverSuite(engine, { clock: DAY_ONE_NOON });
  const as = (token: string) => ({ token });

  async function signInActivity(config: Record<string, unknown> = {}) {
    const now = new Date(suite.clock.now());
    const draft = await createActivity(suite.db, 4, {
      kind: 'sign_in', title: 'Sign-in test', config: {
        cycleDays: 7, dayRewardsMinor: [1_00, 2_00, 3_00, 4_00, 5_00, 6_00, 7_00], cumulative: [{ days: 3, rewardMinor: 10_00 }],
        retroactive: { perCycle: 1, depositMinor: 50_00 }, lastCycleBonusMinor: 8_00, ...config,
      },
      startsAt: dayBounds(beijingDay(now)).from, endsAt: dayBounds(addDays(beijingDay(now), 60)).from, termsText: 'Sign every day.', budgetMinor: 10_000_00,
    }, now);
    return publishActivity(suite.db, draft.id, now);
  }
  const atDay = (day: number) => suite.clock.set(DAY_ONE_NOON + (day - 1) * DAY_MS);
  const info = async (id: number, token?: string) => (await suite.call(signInInfo, { id }, token ? as(token) : {})).body.data;
  const paidClaims = async (activityId: number, memberId: number) =>
    (await suite.db.query<{ n: number; sum: string }>(
      "SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0)::text AS sum FROM ledger_transfers WHERE reference LIKE $1 AND code = 'promo_reward'",
      [`promo:${activityId}:${memberId}:%`],
    )).rows[0]!;

  it('signs over three days with one retroactive sign, pays each day once and the cumulative reward once', async () => {
    atDay(1);
    const activity = await signInActivity();
    const { memberId, token } = await suite.memberWithBalance(0);
    const first = await info(activity.id, token);
    expect(first).toMatchObject({ today: '2026-11-20', cycleIndex: 0, signs: 0, signFlag: false, taskStatus: 1, retroactive: { left: 1, depositMinor: 50_00 } });
    expect(first.days.map((day) => day.status)).toEqual([2, 1, 1, 1, 1, 1, 1]);

    const signed = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token);
    expect(signed.body.data).toMatchObject({ kind: 'sign', day: '2026-11-20', amountMinor: 1_00, info: { signFlag: true, taskStatus: 2, signs: 1 } });
    const again = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token);
    expect(again.body).toMatchObject({ code: CODE.signInAlreadySigned, msg: '2026-11-20 is already signed' });

    // Day 2 is missed; on day 3 it shows as NotSign while a retroactive sign is left.
    atDay(3);
    const day3 = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token);
    expect(day3.body.data).toMatchObject({ day: '2026-11-22', amountMinor: 3_00 });
    expect(day3.body.data.info.days.map((day) => day.status)).toEqual([3, 4, 3, 1, 1, 1, 1]);
    expect(day3.body.data.info.cumulative).toEqual([{ days: 3, rewardMinor: 10_00, status: 0 }]);

    const early = await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'cumulative', days: 3, termsVersion: 1 }, token);
    expect(early.body).toMatchObject({ code: CODE.signInAwardNotReached, msg: 'the 3-day reward needs 3 signed days in this cycle; 2 signed' });
    const noDeposit = await suite.callWithKey(signInRetroactive, { id: activity.id, day: '2026-11-21', termsVersion: 1 }, token);
    expect(noDeposit.body.code).toBe(CODE.signInRetroactiveNeedsDeposit);
    expect(noDeposit.body.msg).toContain('so far 0.00');
    await confirmedDeposit(suite.db, memberId, 50_00, new Date(suite.clock.now()));
    const retro = await suite.callWithKey(signInRetroactive, { id: activity.id, day: '2026-11-21', termsVersion: 1 }, token);
    expect(retro.body.data).toMatchObject({ kind: 'retroactive', day: '2026-11-21', amountMinor: 2_00, info: { signs: 3, retroactive: { left: 0 } } });
    expect(retro.body.data.info.days.slice(0, 3).map((day) => [day.status, day.retroactive])).toEqual([[3, false], [3, true], [3, false]]);
    expect(retro.body.data.info.cumulative[0]!.status).toBe(1);
    for (const day of ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-19', '2026-11-31']) {
      expect((await suite.callWithKey(signInRetroactive, { id: activity.id, day, termsVersion: 1 }, token)).body.code).toBe(day === '2026-11-20' ? CODE.signInAlreadySigned : CODE.signInRetroactiveNotAllowed);
    }

    const award = await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'cumulative', days: 3, termsVersion: 1 }, token);
    expect(award.body.data).toMatchObject({ kind: 'cumulative', amountMinor: 10_00, info: { cumulative: [{ days: 3, status: 2 }] } });
    expect((await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'cumulative', days: 3, termsVersion: 1 }, token)).body.code).toBe(CODE.signInAwardClaimed);
    expect((await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'cumulative', days: 5, termsVersion: 1 }, token)).body.code).toBe(CODE.signInAwardUnknown);
    expect((await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'lastCycle', termsVersion: 1 }, token)).body.code).toBe(CODE.signInAwardNotReached);

    expect(await walletOf(suite.db, memberId)).toBe(50_00 + 1_00 + 3_00 + 2_00 + 10_00);
    expect(await paidClaims(activity.id, memberId)).toEqual({ n: 4, sum: String(1_00 + 3_00 + 2_00 + 10_00) });
    const history = (await suite.call(signInHistory, { id: activity.id }, as(token))).body.data;
    expect(history.total).toBe(4);
    expect(history.list.map((line) => [line.kind, line.day, line.amountMinor])).toEqual([
      ['cumulative', '', 10_00], ['retroactive', '2026-11-21', 2_00], ['sign', '2026-11-22', 3_00], ['sign', '2026-11-20', 1_00],
    ]);
  });

  it('pays the day once when many signs race, and a replayed key answers the same', async () => {
    atDay(2);
    const activity = await signInActivity();
    const { memberId, token } = await suite.memberWithBalance(0);
    const answers = await Promise.all(Array.from({ length: 8 }, () => suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.every((answer) => [0, CODE.signInAlreadySigned, CODE.activityClaimTooFrequent].includes(answer.body.code))).toBe(true);
    expect(await walletOf(suite.db, memberId)).toBe(1_00);
    const key = randomUUID();
    const other = await suite.memberWithBalance(0);
    const once = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, other.token, key);
    const replay = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, other.token, key);
    expect(replay.body).toEqual(once.body);
    expect(await paidClaims(activity.id, other.memberId)).toEqual({ n: 1, sum: '100' });
  });

  it('takes one retroactive sign a cycle when two race for different days', async () => {
    atDay(1);
    const activity = await signInActivity({ retroactive: { perCycle: 1, depositMinor: 0 } });
    atDay(4);
    const { memberId, token } = await suite.memberWithBalance(0);
    const answers = await Promise.all(['2026-11-20', '2026-11-21', '2026-11-22'].map((day) => suite.callWithKey(signInRetroactive, { id: activity.id, day, termsVersion: 1 }, token)));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, CODE.signInRetroactiveUsedUp, CODE.signInRetroactiveUsedUp]);
    expect((await paidClaims(activity.id, memberId)).n).toBe(1);
    expect((await info(activity.id, token)).days.slice(0, 4).map((day) => day.status).filter((status) => status === 6)).toHaveLength(2);
  });

  it('pays the last-cycle bonus after a fully signed cycle, and the auto award way pays cumulative rewards with the sign', async () => {
    atDay(1);
    const activity = await signInActivity({ awardWay: 'auto', cumulative: [{ days: 7, rewardMinor: 20_00 }] });
    const { memberId } = await suite.memberWithBalance(0);
    let token = '';
    for (let day = 1; day <= 7; day += 1) {
      atDay(day);
      token = await createSession(suite.db, memberId, 'test-device-0001', suite.clock.now());
      const signed = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token);
      expect(signed.body.data.alsoPaidMinor).toBe(day === 7 ? 20_00 : 0);
    }
    atDay(8);
    token = await createSession(suite.db, memberId, 'test-device-0001', suite.clock.now());
    const day8 = await info(activity.id, token);
    expect(day8).toMatchObject({ cycleIndex: 1, signs: 0, lastCycle: { signs: 7, bonusMinor: 8_00, status: 1 } });
    const bonus = await suite.callWithKey(signInReceiveAward, { id: activity.id, award: 'lastCycle', termsVersion: 1 }, token);
    expect(bonus.body.data).toMatchObject({ kind: 'lastCycle', amountMinor: 8_00, info: { lastCycle: { status: 2 } } });
    expect(await walletOf(suite.db, memberId)).toBe(1_00 + 2_00 + 3_00 + 4_00 + 5_00 + 6_00 + 7_00 + 20_00 + 8_00);
  });

  it('refuses old terms, a paused or unknown activity and visitors, changing nothing; a visitor sees the calendar', async () => {
    atDay(1);
    const activity = await signInActivity();
    const { memberId, token } = await suite.memberWithBalance(0);
    const stale = await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 2 }, token);
    expect(stale.body.code).toBe(CODE.activityTermsChanged);
    await pauseActivity(suite.db, activity.id, new Date(suite.clock.now()));
    expect((await suite.callWithKey(signInSign, { id: activity.id, termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotLive);
    await resumeActivity(suite.db, activity.id, new Date(suite.clock.now()));
    expect((await suite.callWithKey(signInSign, { id: 999_999, termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(signInSign, { id: activity.id, termsVersion: 1 }, {})).status).toBe(401);
    expect((await paidClaims(activity.id, memberId)).n).toBe(0);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    const visitor = await info(activity.id);
    expect(visitor).toMatchObject({ loggedIn: false, signs: 0, taskStatus: 0, activity: { id: activity.id, status: 1, termsVersion: 1 } });
    expect((await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance).toBe(0);
  });
});
