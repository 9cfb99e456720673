import { describe, expect, it } from 'vitest';
import {
  campaignCarnivalApply, campaignCarnivalApplyCheck, campaignCarnivalInfo, campaignCarnivalVote, campaignGuessInfo, campaignGuessPlace, campaignOverview,
  campaignShotDemoKick, campaignShotDemoStart, campaignShotInfo, campaignShotKick, campaignShotStart, carnivalModal, CODE, fairResult,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { walletOf } from '../testing/members.js';
import { expectHourlyDeviceAndAddressLimits } from '../testing/rate-counters.js';
import { serverSuite, type ServerSuite } from '../testing/server-suite.js';
import { budgetLeftMinor, type ActivityInput } from '../activities/engine/index.js';
import { publishedActivity } from '../activities/engine/engine.fixture.js';
import { validateConfig } from '../activities/football/config.js';
import { seedActivities } from '../activities/football/seed.js';
import { pickAllowed, pickRight, settleDueGuesses } from './guesses.js';
import { DEMO_SHOTS_PER_HOUR, keeperDive } from './shots.js';

const MINUTE = 60_000;

describe('football campaign rules', () => {
  it('checks every seeded config, and names the problem of a bad one', () => {
    for (const seed of seedActivities(new Date())) {
      if (seed.kind !== 'discount') expect(validateConfig(seed.kind, seed.config), seed.title).toBeNull();
    }
    expect(validateConfig('football_guess', { mode: 'lotto', rewardMinor: 1, guessesPerMember: 1 })).toMatch(/mode/);
    expect(validateConfig('football_guess', { mode: 'result', rewardMinor: 0.5, guessesPerMember: 1 })).toMatch(/rewardMinor/);
    expect(validateConfig('football_shot', { shotsPerDay: 0, goalPrizeMinor: 1 })).toMatch(/shotsPerDay/);
    const carnival = seedActivities(new Date()).find((seed) => seed.kind === 'carnival')!.config as Record<string, unknown>;
    expect(validateConfig('carnival', { ...carnival, carnivalVideos: [{ id: 'x', title: 'X', url: 'javascript:alert(1)', poster: '' }] })).toMatch(/carnival video/);
    expect(validateConfig('carnival', { ...carnival, activityCarnivalConfig: { advertisingSwitch: 2, voteSwitch: 1, h5BackgroundUrl: '' } })).toMatch(/advertisingSwitch/);
    expect(validateConfig('carnival', { ...carnival, baseConfig: { webMainPicture: 'https://evil.example/x.png', webBackgroundPicture: '' } })).toMatch(/baseConfig/);
  });
  it('knows each mode\'s choices and results', () => {
    expect(pickAllowed('result', 'draw')).toBe(true);
    expect(pickAllowed('survivor', 'draw')).toBe(false);
    expect(pickAllowed('score', '2-1')).toBe(true);
    expect(pickAllowed('score', 'home')).toBe(false);
    expect(pickRight('result', 'home', 1, 0)).toBe(true);
    expect(pickRight('survivor', 'home', 1, 1)).toBe(false);
    expect(pickRight('score', '2-1', 2, 1)).toBe(true);
  });
  it('opens the modal the spec names for each apply step and code', () => {
    expect([carnivalModal(1, 0), carnivalModal(1, 711), carnivalModal(1, 270003)]).toEqual([1, 2, 2]);
    expect([carnivalModal(2, 0), carnivalModal(2, 711), carnivalModal(2, 270005)]).toEqual([3, 2, 1]);
  });
});

/** A seeded campaign of `kind` (and guess mode) as a published activity of brand 4, with no abuse rule unless given. */
async function campaign(suite: ServerSuite, kind: ActivityInput['kind'], overrides: Partial<ActivityInput> = {}, mode?: string) {
  const now = new Date(suite.clock.now());
  const seed = seedActivities(now).find((item) => item.kind === kind && (mode === undefined || item.config.mode === mode))!;
  return publishedActivity(suite.db, now, { ...seed, startsAt: new Date(now.getTime() - 86_400_000), oneRewardPer: [], ...overrides });
}

const claimsOf = async (suite: ServerSuite, activityId: number) =>
  (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_claims WHERE activity_id = $1', [activityId])).rows[0]!.n;

describe.each(testEngines())('football campaigns on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const feed = () => suite.app.sportsFeed;
  const as = (token?: string) => ({ ...(token ? { token } : {}), timestamp: suite.clock.now() });

  async function fixture(startsInMs = 30 * MINUTE): Promise<string> {
    const id = feed().sandbox!.createFixture({ sport: 'football', startsInMs, homeEn: 'Lions', awayEn: 'Tigers' });
    await feed().consumer.idle();
    return id;
  }
  async function play(id: string, goals: ('home' | 'away')[], startsInMs = 30 * MINUTE) {
    suite.clock.advance(startsInMs + 1_000);
    feed().sandbox!.tick();
    await feed().consumer.idle();
    for (const side of goals) feed().sandbox!.goal(id, side);
    feed().sandbox!.run(id, { toEnd: true });
    await feed().consumer.idle();
  }

  it('settles a guess when the feed ends the match: a right guess paid once from the budget, a wrong one nothing', async () => {
    const activity = await campaign(suite, 'football_guess', { budgetMinor: 100_00 }, 'result');
    const id = await fixture();
    const right = await suite.memberWithBalance(0);
    const wrong = await suite.memberWithBalance(0);
    const info = (await suite.call(campaignGuessInfo, { activityId: activity.id }, as(right.token))).body.data;
    expect(info.fixtures.find((item) => item.fixtureId === id)).toMatchObject({ open: true, status: 'scheduled', homeEn: 'Lions' });
    const placed = await suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'home' }, as(right.token));
    expect(placed.body).toMatchObject({ code: 0, data: { guess: { fixtureId: id, pick: 'home', state: 'open' }, guessesLeft: 19 } });
    expect((await suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'away' }, as(wrong.token))).body.code).toBe(0);
    expect((await suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'draw' }, as(right.token))).body.code).toBe(CODE.guessAlreadyPlaced);

    await play(id, ['home']);
    const [a, b] = await Promise.all([
      suite.call(campaignGuessInfo, { activityId: activity.id }, as(right.token)),
      suite.call(campaignGuessInfo, { activityId: activity.id }, as(right.token)),
    ]);
    for (const answer of [a, b]) expect(answer.body.data.myGuesses[0]).toMatchObject({ state: 'won', rewardMinor: 8_88, match: 'Lions v Tigers 1-0' });
    expect(await settleDueGuesses(suite.db, new Date(suite.clock.now()))).toBe(0);
    const lost = (await suite.call(campaignGuessInfo, { activityId: activity.id }, as(wrong.token))).body.data.myGuesses[0];
    expect(lost).toMatchObject({ state: 'lost', rewardMinor: 0 });
    expect(await walletOf(suite.db, right.memberId)).toBe(8_88);
    expect(await walletOf(suite.db, wrong.memberId)).toBe(0);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(100_00 - 8_88);
    expect(await claimsOf(suite, activity.id)).toBe(1);

    // After kick-off nobody guesses the match.
    const late = await suite.memberWithBalance(0);
    expect((await suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'home' }, as(late.token))).body.code).toBe(CODE.guessClosed);
  });

  it('pays a right score only within the budget, and puts a survivor out after a draw', async () => {
    const lottery = await campaign(suite, 'football_guess', { budgetMinor: 10_00 }, 'score');
    const survivor = await campaign(suite, 'football_guess', {}, 'survivor');
    const id = await fixture();
    const gone = await fixture();
    const member = await suite.memberWithBalance(0);
    const place = (activityId: number, fixtureId: string, pick: string) => suite.call(campaignGuessPlace, { activityId, termsVersion: 1, fixtureId, pick }, as(member.token));
    expect((await place(lottery.id, id, 'home')).body.code).toBe(CODE.guessPickInvalid);
    expect((await place(lottery.id, id, '0-0')).body.code).toBe(0);
    expect((await place(survivor.id, id, 'draw')).body.code).toBe(CODE.guessPickInvalid);
    expect((await place(survivor.id, id, 'home')).body.code).toBe(0);
    expect((await place(survivor.id, gone, 'away')).body.code).toBe(0);
    await play(id, []);
    await play(gone, []);
    const score = (await suite.call(campaignGuessInfo, { activityId: lottery.id }, as(member.token))).body.data.myGuesses[0]!;
    expect(score).toMatchObject({ state: 'won', rewardMinor: 0, note: 'the budget was spent: not paid' });
    expect(await walletOf(suite.db, member.memberId)).toBe(0);
    expect(await claimsOf(suite, lottery.id)).toBe(0);
    const run = (await suite.call(campaignGuessInfo, { activityId: survivor.id }, as(member.token))).body.data;
    expect(run.eliminated).toBe(true);
    expect(run.myGuesses.find((guess) => guess.fixtureId === id)!.state).toBe('lost');
    const next = await fixture();
    expect((await place(survivor.id, next, 'home')).body.code).toBe(CODE.survivorEliminated);
  });

  it('refuses hostile guesses with a 400 or a business code and writes nothing', async () => {
    const activity = await campaign(suite, 'football_guess', {}, 'result');
    const carnival = await campaign(suite, 'carnival');
    const id = await fixture();
    const { token } = await suite.memberWithBalance(0);
    const count = async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_guesses WHERE activity_id = $1', [activity.id])).rows[0]!.n;
    const send = (body: Record<string, unknown>) => suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'home', ...body } as never, as(token));
    expect((await send({ pick: "home'; DROP TABLE campaign_guesses; --" })).status).toBe(400);
    expect((await send({ fixtureId: '<script>' })).status).toBe(400);
    expect((await send({ activityId: -1 })).status).toBe(400);
    expect((await send({ extra: 1 })).status).toBe(400);
    expect((await send({ fixtureId: 'no-such-fixture' })).body.code).toBe(CODE.guessFixtureNotFound);
    expect((await send({ termsVersion: 9 })).body.code).toBe(CODE.activityTermsChanged);
    expect((await send({ activityId: carnival.id })).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(campaignGuessPlace, { activityId: activity.id, termsVersion: 1, fixtureId: id, pick: 'home' }, as())).body.code).toBe(CODE.tokenMissing);
    expect(await count()).toBe(0);
  });

  it('runs the carnival: every config field, two apply steps, 711 on a second application, votes and the fans rank', async () => {
    const activity = await campaign(suite, 'carnival', { budgetMinor: 30_00 });
    const member = await suite.memberWithBalance(0);
    const info = (await suite.call(campaignCarnivalInfo, { activityId: activity.id }, as())).body.data;
    expect(Object.keys(info.config.activityCarnivalDetailConfig).sort()).toEqual(
      ['betBtnConf', 'betConfContent', 'countdownConf', 'countdownTxt', 'imgBtnConf', 'imgUrlH5', 'imgUrlWeb', 'targetTime', 'videoConf', 'webBgImg']);
    expect(info.config.activityCarnivalConfig).toMatchObject({ activityId: activity.id, id: activity.id, advertisingSwitch: 1, voteSwitch: 1 });
    expect(Object.keys(info.config.baseConfig).sort()).toEqual(['webBackgroundPicture', 'webMainPicture']);
    expect(info.carnivalVideos.length).toBeGreaterThan(0);
    expect(info.countdownSeconds).toBeGreaterThan(0);
    expect(info.applied).toBe(false);

    const step1 = await suite.call(campaignCarnivalApplyCheck, { activityId: activity.id, termsVersion: 1 }, as(member.token));
    expect(step1.body).toMatchObject({ code: 0, data: { rewardMinor: 18_00 } });
    expect(await claimsOf(suite, activity.id)).toBe(0);
    const step2 = await suite.callWithKey(campaignCarnivalApply, { activityId: activity.id, termsVersion: 1 }, member.token);
    expect(step2.body).toMatchObject({ code: 0, data: { rewardMinor: 18_00 } });
    expect(carnivalModal(2, step2.body.code)).toBe(3);
    const again = await suite.callWithKey(campaignCarnivalApply, { activityId: activity.id, termsVersion: 1 }, member.token);
    expect(again.body.code).toBe(711);
    expect(carnivalModal(2, again.body.code)).toBe(2);
    expect((await suite.call(campaignCarnivalApplyCheck, { activityId: activity.id, termsVersion: 1 }, as(member.token))).body.code).toBe(711);
    expect(await walletOf(suite.db, member.memberId)).toBe(18_00);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(12_00);

    // The budget left (12.00) cannot pay another 18.00: step 1 says so, step 2 pays nothing.
    const poor = await suite.memberWithBalance(0);
    expect((await suite.call(campaignCarnivalApplyCheck, { activityId: activity.id, termsVersion: 1 }, as(poor.token))).body.code).toBe(CODE.activityBudgetSpent);
    expect((await suite.callWithKey(campaignCarnivalApply, { activityId: activity.id, termsVersion: 1 }, poor.token)).body.code).toBe(CODE.activityBudgetSpent);
    expect(await walletOf(suite.db, poor.memberId)).toBe(0);

    const vote = (token: string, starId: string) => suite.call(campaignCarnivalVote, { activityId: activity.id, starId }, as(token));
    expect((await vote(member.token, 'kane')).body).toMatchObject({ code: 0, data: { starId: 'kane', votes: 1 } });
    expect((await vote(member.token, 'yamal')).body.code).toBe(CODE.carnivalAlreadyVoted);
    expect((await vote(poor.token, 'nobody')).body.code).toBe(CODE.carnivalStarUnknown);
    expect((await vote(poor.token, 'kane<')).status).toBe(400);
    expect((await vote(poor.token, 'kane')).body.data.votes).toBe(2);
    suite.clock.advance(86_400_000);
    expect((await vote(member.token, 'kane')).body.data.votes).toBe(3);
    const after = (await suite.call(campaignCarnivalInfo, { activityId: activity.id }, as(member.token))).body.data;
    expect(after.stars.find((star) => star.id === 'kane')!.votes).toBe(3);
    expect(after.fansRank[0]).toMatchObject({ rank: 1, votes: 2 });
    expect(after.fansRank[0]!.name).toMatch(/\*\*\*/);
    expect(after).toMatchObject({ applied: true, votedToday: 'kane' });
  });

  it('pays one of eight concurrent carnival applications of one member; the others answer 711', async () => {
    const activity = await campaign(suite, 'carnival', { budgetMinor: 200_00 });
    const member = await suite.memberWithBalance(0);
    const answers = await Promise.all(Array.from({ length: 8 }, () => suite.callWithKey(campaignCarnivalApply, { activityId: activity.id, termsVersion: 1 }, member.token)));
    expect(answers.map((answer) => answer.body.code).sort((a, b) => a - b)).toEqual([0, 711, 711, 711, 711, 711, 711, 711]);
    expect(await walletOf(suite.db, member.memberId)).toBe(18_00);
    expect(await claimsOf(suite, activity.id)).toBe(1);
  });

  it('plays the football shot: committed dive, a goal paid once, a retry answers the first kick, the demo moves no money', async () => {
    const activity = await campaign(suite, 'football_shot');
    const member = await suite.memberWithBalance(0);
    let paid = 0;
    for (let shot = 0; shot < 3; shot += 1) {
      const round = (await suite.call(campaignShotStart, { activityId: activity.id }, as(member.token))).body.data;
      const again = (await suite.call(campaignShotStart, { activityId: activity.id }, as(member.token))).body.data;
      expect(again.roundId).toBe(round.roundId);
      expect(round.shotsLeft).toBe(2 - shot);
      const key = `shot-${round.roundId}`;
      const kick = (await suite.callWithKey(campaignShotKick, { activityId: activity.id, roundId: round.roundId, direction: 0, termsVersion: 1 }, member.token, key)).body;
      expect(kick.code).toBe(0);
      const replay = (await suite.callWithKey(campaignShotKick, { activityId: activity.id, roundId: round.roundId, direction: 0, termsVersion: 1 }, member.token, key)).body;
      expect(replay.data).toEqual(kick.data);
      expect((await suite.callWithKey(campaignShotKick, { activityId: activity.id, roundId: round.roundId, direction: 2, termsVersion: 1 }, member.token)).body.code).toBe(CODE.shotRoundUsed);
      const result = kick.data;
      expect(result.seedHash).toBe(round.seedHash);
      expect(result.keeper).toBe(keeperDive(result.serverSeed, result.clientSeed, result.nonce));
      expect(await fairResult({ serverSeed: result.serverSeed, clientSeed: result.clientSeed, nonce: result.nonce }, { kind: 'pick', weights: [1, 1, 1] })).toBe(result.keeper);
      expect(result.goal).toBe(result.keeper !== 0);
      expect(result.prizeMinor).toBe(result.goal ? 1_88 : 0);
      paid += result.prizeMinor;
    }
    expect((await suite.call(campaignShotStart, { activityId: activity.id }, as(member.token))).body.code).toBe(CODE.shotsUsedUp);
    expect(await walletOf(suite.db, member.memberId)).toBe(paid);
    expect((await suite.call(campaignShotInfo, { activityId: activity.id }, as(member.token))).body.data).toMatchObject({ shotsLeft: 0 });

    // Another member cannot kick this member's shot.
    const other = await suite.memberWithBalance(0);
    const mine = (await suite.call(campaignShotStart, { activityId: activity.id }, as(other.token))).body.data;
    expect((await suite.callWithKey(campaignShotKick, { activityId: activity.id, roundId: mine.roundId - 1, direction: 1, termsVersion: 1 }, other.token)).body.code).toBe(CODE.shotRoundNotFound);
    expect((await suite.callWithKey(campaignShotKick, { activityId: activity.id, roundId: mine.roundId, direction: 3 as never, termsVersion: 1 }, other.token)).status).toBe(400);

    const ledgerBefore = (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0]!.n;
    const demo = (await suite.call(campaignShotDemoStart, {}, as())).body.data;
    const demoKick = (await suite.call(campaignShotDemoKick, { roundId: demo.roundId, direction: 1 }, as())).body;
    expect(demoKick).toMatchObject({ code: 0, data: { roundId: demo.roundId, prizeMinor: 0, seedHash: demo.seedHash } });
    expect((await suite.call(campaignShotDemoKick, { roundId: demo.roundId, direction: 1 }, as())).body.code).toBe(CODE.shotRoundUsed);
    expect((await suite.call(campaignShotDemoKick, { roundId: mine.roundId, direction: 1 }, as())).body.code).toBe(CODE.shotRoundNotFound);
    expect((await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0]!.n).toBe(ledgerBefore);
  });

  it('lists the brand\'s campaigns and the next fixtures for the landing', async () => {
    await campaign(suite, 'football_guess', {}, 'survivor');
    const overview = (await suite.call(campaignOverview, {}, as())).body.data;
    expect(overview.campaigns.some((card) => card.path.startsWith('/app/surviving/'))).toBe(true);
    expect(overview.fixtures.every((item) => item.status !== 'ended')).toBe(true);
  });

  it('limits practice shots by device and by IP address with tooManyRequests, writing nothing more', async () => {
    await expectHourlyDeviceAndAddressLimits({
      db: suite.db,
      clock: suite.clock,
      send: (deviceId, remoteAddress) => suite.call(campaignShotDemoStart, {}, { ...as(), deviceId, remoteAddress }),
      written: async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_shots WHERE activity_id IS NULL')).rows[0]!.n,
      limits: DEMO_SHOTS_PER_HOUR,
      message: 'practice shots an hour',
      addressKey: (ip) => `shot-demo:ip:${ip}`,
      net: '10.20.0.',
      devices: 'shot-device-',
    });
  });
});
