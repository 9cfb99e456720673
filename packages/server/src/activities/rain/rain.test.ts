import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, RAIN_STATUS, redPacketRainGrab, redPacketRainInfo, redPacketRainRounds, walletBalance } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { fairSplit } from '../draws/index.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY, createActivity, publishActivity, type ActivityInput } from '../engine/index.js';
import { validateConfig, type RainConfig } from './config.js';
import { sessionsAround } from './schedule.js';

const MINUTE = 60_000;

describe('rain sessions', () => {
  const config: RainConfig = { everyMinutes: 5, durationSeconds: 60, sessionBudgetMinor: 100_00, packetsPerSession: 10, minPacketMinor: 1_00, grabsPerMember: 2, wallet: 'centre' };
  const window = { startsAt: new Date(Date.UTC(2026, 10, 26, 0, 0, 30)), endsAt: new Date(Date.UTC(2026, 10, 26, 1, 0, 30)) };

  it('opens every N minutes from the start, each lasting its duration, none past the end', () => {
    expect(sessionsAround(window, config, new Date(Date.UTC(2026, 10, 25)))).toMatchObject({ current: null, next: { opensAt: window.startsAt } });
    const inside = sessionsAround(window, config, new Date(window.startsAt.getTime() + 5 * MINUTE + 10_000));
    expect(inside.current?.opensAt.toISOString()).toBe('2026-11-26T00:05:30.000Z');
    expect(inside.current?.closesAt.toISOString()).toBe('2026-11-26T00:06:30.000Z');
    expect(inside.next?.opensAt.toISOString()).toBe('2026-11-26T00:10:30.000Z');
    const between = sessionsAround(window, config, new Date(window.startsAt.getTime() + 7 * MINUTE));
    expect(between.current).toBeNull();
    // The session at 01:00:30 would run past the end: the last one opens at 00:55:30.
    const last = sessionsAround(window, config, new Date(window.startsAt.getTime() + 56 * MINUTE));
    expect(last).toEqual({ current: null, next: null });
  });

  it('opens daily at Beijing times', () => {
    const daily: RainConfig = { ...config, everyMinutes: undefined, dailyTimes: ['20:00', '12:00'] };
    const week = { startsAt: new Date(Date.UTC(2026, 10, 20)), endsAt: new Date(Date.UTC(2026, 10, 28)) };
    // 03:59 UTC is 11:59 in Beijing: the noon session opens at 04:00 UTC.
    expect(sessionsAround(week, daily, new Date(Date.UTC(2026, 10, 26, 3, 59))).next?.opensAt.toISOString()).toBe('2026-11-26T04:00:00.000Z');
    expect(sessionsAround(week, daily, new Date(Date.UTC(2026, 10, 26, 12, 0, 30))).current?.opensAt.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(sessionsAround(week, daily, new Date(Date.UTC(2026, 10, 26, 12, 2))).next?.opensAt.toISOString()).toBe('2026-11-27T04:00:00.000Z');
  });

  it('refuses a config that cannot run, naming the problem', () => {
    expect(validateConfig('red_packet_rain', config)).toBeNull();
    expect(validateConfig('red_packet_rain', { ...config, dailyTimes: ['12:00'] })).toMatch(/exactly one/);
    expect(validateConfig('red_packet_rain', { ...config, minPacketMinor: 20_00 })).toMatch(/cover/);
    expect(validateConfig('red_packet_rain', { ...config, durationSeconds: 300 })).toMatch(/shorter/);
    expect(validateConfig('red_packet_rain', { ...config, wallet: 'house' })).toMatch(/wallet/);
    expect(validateConfig('red_packet_rain', { ...config, wallet: 'bonus' })).toBe(CENTRE_WALLET_ONLY);
    expect(validateConfig('red_packet_rain', { ...config, sessionBudgetMinor: 1.5 })).toMatch(/sessionBudgetMinor/);
    expect(validateConfig('red_packet_rain', [])).toMatch(/object/);
  });
});

describe.each(testEngines())('red-packet rain on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 8, 0, 0);
  const suite = serverSuite(engine, { clock: start - 2 * MINUTE });
  const as = (token?: string) => ({ ...(token ? { token } : {}), timestamp: suite.clock.now() });

  async function rain(config: Partial<RainConfig>, budgetMinor: number, extra: Partial<ActivityInput> = {}): Promise<number> {
    const now = new Date(suite.clock.now());
    const input: ActivityInput = {
      kind: 'red_packet_rain', title: 'Rain test', termsText: 'Grab while it rains.', budgetMinor, startsAt: new Date(start), endsAt: new Date(start + 60 * MINUTE),
      config: { everyMinutes: 10, durationSeconds: 60, sessionBudgetMinor: 10_00, packetsPerSession: 4, minPacketMinor: 1_00, grabsPerMember: 2, wallet: 'centre', ...config },
      ...extra,
    };
    const activity = await createActivity(suite.db, 4, input, now);
    await publishActivity(suite.db, activity.id, now);
    return activity.id;
  }
  const centre = async (token: string) => (await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance;

  it('counts down to a committed session, refuses grabs before it opens, pays grabs during it up to the limit', async () => {
    suite.clock.set(start - 2 * MINUTE);
    const id = await rain({}, 100_00);
    const before = (await suite.call(redPacketRainInfo, { activityId: id }, as())).body.data;
    expect(before).toMatchObject({ rainStatus: RAIN_STATUS.beforeOpening, status: 0, countdownSeconds: 120, current: null, myGrabs: [], myGrabsThisSession: 0 });
    expect(before.next).toMatchObject({ opensAt: new Date(start).toISOString(), packetCount: 4, packetsLeft: 4, budgetMinor: 10_00 });
    expect(before.next!.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const { token, memberId } = await suite.memberWithBalance(0);
    const early = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    expect(early.body.code).toBe(CODE.rainNotOpen);
    expect(early.body.msg).toMatch(/next session opens/);

    suite.clock.set(start + 10_000);
    const stale = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 2 }, token, undefined, { timestamp: suite.clock.now() });
    expect(stale.body.code).toBe(CODE.activityTermsChanged);
    const first = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, 'rain-grab-1', { timestamp: suite.clock.now() });
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ packetNo: 0, wallet: 'centre', grabsLeft: 1, sessionKey: start / 1000 });
    // The same key is the same grab: answered again, paid once.
    const replay = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, 'rain-grab-1', { timestamp: suite.clock.now() });
    expect(replay.body.data).toEqual(first.body.data);
    const second = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    expect(second.body.data).toMatchObject({ packetNo: 1, grabsLeft: 0 });
    const third = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    expect(third.body.code).toBe(CODE.rainGrabLimit);

    const paid = first.body.data.amountMinor + second.body.data.amountMinor;
    expect(Math.round((await centre(token)) * 100)).toBe(paid);
    const during = (await suite.call(redPacketRainInfo, { activityId: id }, as(token))).body.data;
    expect(during).toMatchObject({ rainStatus: RAIN_STATUS.raining, countdownSeconds: 50, myGrabsThisSession: 2 });
    expect(during.current).toMatchObject({ packetsLeft: 2 });
    expect(during.myGrabs.map((grab) => grab.amountMinor).sort()).toEqual([first.body.data.amountMinor, second.body.data.amountMinor].sort());
    expect(await budgetLeftMinor(suite.db, id)).toBe(100_00 - paid);
    const claims = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_claims WHERE activity_id = $1 AND member_id = $2', [id, memberId]);
    expect(claims.rows[0]!.n).toBe(2);
  });

  it('answers rainPacketsGone once every packet is taken, and the packets add up to the session budget exactly', async () => {
    suite.clock.set(start - MINUTE);
    const id = await rain({ packetsPerSession: 3, sessionBudgetMinor: 7_77, grabsPerMember: 1 }, 100_00);
    await suite.call(redPacketRainInfo, { activityId: id }, as());
    suite.clock.set(start + 1_000);
    const members = await Promise.all(Array.from({ length: 4 }, () => suite.memberWithBalance(0)));
    const answers = [];
    for (const member of members) answers.push(await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, member.token, undefined, { timestamp: suite.clock.now() }));
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0, CODE.rainPacketsGone]);
    expect(answers.slice(0, 3).reduce((sum, answer) => sum + answer.body.data.amountMinor, 0)).toBe(7_77);
    expect(await budgetLeftMinor(suite.db, id)).toBe(100_00 - 7_77);
  });

  it('reveals the seed after the session closes, and the split recomputes from it', async () => {
    suite.clock.set(start - MINUTE);
    const id = await rain({ packetsPerSession: 5, sessionBudgetMinor: 50_00 }, 100_00);
    const committed = (await suite.call(redPacketRainInfo, { activityId: id }, as())).body.data.next!;
    suite.clock.set(start + 1_000);
    const { token } = await suite.memberWithBalance(0);
    const grab = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    const open = (await suite.call(redPacketRainRounds, { activityId: id }, as(token))).body.data.rounds.filter((round) => round.sessionKey === start / 1000);
    expect(open[0]).toMatchObject({ seedHash: committed.seedHash, serverSeed: null, packetsMinor: [], myPacketNos: [grab.body.data.packetNo] });

    suite.clock.set(start + 2 * MINUTE);
    const [round] = (await suite.call(redPacketRainRounds, { activityId: id }, as(token))).body.data.rounds.filter((entry) => entry.sessionKey === start / 1000);
    expect(round!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(round!.serverSeed!).digest('hex')).toBe(committed.seedHash);
    const recomputed = fairSplit(round!.totalMinor, round!.parts, round!.minEachMinor, { serverSeed: round!.serverSeed!, clientSeed: round!.clientSeed, nonce: round!.nonce });
    expect(recomputed).toEqual(round!.packetsMinor);
    expect(recomputed.reduce((a, b) => a + b, 0)).toBe(50_00);
    expect(round!.packetsMinor[grab.body.data.packetNo]).toBe(grab.body.data.amountMinor);
  });

  it("stops at the activity's budget: a packet the budget cannot pay stays free and nothing moves", async () => {
    suite.clock.set(start - MINUTE);
    const id = await rain({ packetsPerSession: 2, sessionBudgetMinor: 10_00, minPacketMinor: 1_00, grabsPerMember: 2 }, 50);
    suite.clock.set(start + 1_000);
    const { token, memberId } = await suite.memberWithBalance(0);
    const refused = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    expect(refused.body.code).toBe(CODE.activityBudgetSpent);
    expect(await centre(token)).toBe(0);
    expect(await budgetLeftMinor(suite.db, id)).toBe(50);
    const packets = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_rain_packets WHERE activity_id = $1 AND member_id IS NOT NULL', [id]);
    expect(packets.rows[0]!.n).toBe(0);
    const claims = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_claims WHERE member_id = $1', [memberId]);
    expect(claims.rows[0]!.n).toBe(0);
  });

  it("applies the activity's eligibility to each grab: a member without a bound phone is refused and nothing moves", async () => {
    suite.clock.set(start - MINUTE);
    const id = await rain({}, 100_00, { eligibility: { requirePhone: true } });
    suite.clock.set(start + 1_000);
    const { token, memberId } = await suite.memberWithBalance(0);
    const refused = await suite.callWithKey(redPacketRainGrab, { activityId: id, termsVersion: 1 }, token, undefined, { timestamp: suite.clock.now() });
    expect(refused.body.code).toBe(CODE.activityNotEligible);
    expect(refused.body.msg).toMatch(/phone/);
    expect(await budgetLeftMinor(suite.db, id)).toBe(100_00);
    const packets = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_rain_packets WHERE activity_id = $1 AND member_id = $2', [id, memberId]);
    expect(packets.rows[0]!.n).toBe(0);
  });

  it('refuses an unknown, another kind or a draft activity as not found, and a visitor grab as not logged in', async () => {
    suite.clock.set(start - MINUTE);
    expect((await suite.call(redPacketRainInfo, { activityId: 999_999 }, as())).body.code).toBe(CODE.activityNotFound);
    const draft = await createActivity(suite.db, 4, {
      kind: 'red_packet_rain', title: 'Draft rain', termsText: '', budgetMinor: 0, startsAt: new Date(start), endsAt: new Date(start + MINUTE * 30),
      config: { everyMinutes: 10, durationSeconds: 60, sessionBudgetMinor: 10_00, packetsPerSession: 4, minPacketMinor: 1_00, grabsPerMember: 2, wallet: 'centre' },
    }, new Date(suite.clock.now()));
    expect((await suite.call(redPacketRainInfo, { activityId: draft.id }, as())).body.code).toBe(CODE.activityNotFound);
    const id = await rain({}, 10_00);
    expect((await suite.call(redPacketRainInfo, { activityId: id }, { siteId: 8, timestamp: suite.clock.now() })).body.code).toBe(CODE.activityNotFound);
    const visitor = await suite.call(redPacketRainGrab, { activityId: id, termsVersion: 1 }, { timestamp: suite.clock.now(), headers: { 'x-idempotency-key': 'visitor-grab' } });
    expect(visitor.body.code).toBe(CODE.tokenMissing);
  });
});
