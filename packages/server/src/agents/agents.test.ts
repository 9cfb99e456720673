import { describe, expect, it } from 'vitest';
import {
  CODE, agentApply, agentFigures, agentStatus, exclusionTake, inviteeApply, inviteFriendApply, inviteFriendDo, inviteFriendInfo, inviteFriendList, invitePageView, inviteRecall,
  isForcedMigrationOn, md5Hex, memberMoveConfig, opsAgentApplications, opsAgentDecide, opsAgentSettings, registerV4, walletBalance,
} from '@lobby/sdk';
import { insertBet } from '../game-records/bets.fixture.js';
import { testEngines } from '../testing/databases.js';
import { setRateHits } from '../testing/rate-counters.js';
import { serverSuite } from '../testing/server-suite.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY } from '../activities/engine/index.js';
import { insertConfirmedDeposit, publishedActivity } from '../activities/engine/engine.fixture.js';
import { validateConfig } from '../activities/invite/config.js';
import { PAGE_VIEW_EVENTS_PER_IP_PER_HOUR } from './agent-service.js';
import { maskName } from './invitations.js';

const HOUR = 3_600_000;
const CONFIG = {
  rewardFeeMinor: 18_00, qualifyDepositMinor: 100_00, inviteeRewardMinor: 8_00, reInvite: true,
  peopleAwards: [{ threshold: 2, rewardMinor: 30_00 }], depositAwards: [{ threshold: 500_00, rewardMinor: 50_00 }], wallet: 'centre',
};

describe('invite rules', () => {
  it('checks the invite config, naming the problem', () => {
    expect(validateConfig('invite_friend', CONFIG)).toBeNull();
    expect(validateConfig('invite_friend', { ...CONFIG, rewardFeeMinor: 1.5 })).toMatch(/rewardFeeMinor/);
    expect(validateConfig('invite_friend', { ...CONFIG, peopleAwards: [{ threshold: 3, rewardMinor: 1 }, { threshold: 2, rewardMinor: 1 }] })).toMatch(/rise/);
    expect(validateConfig('invite_friend', { ...CONFIG, reInvite: 'yes' })).toMatch(/reInvite/);
    expect(validateConfig('invite_friend', { ...CONFIG, wallet: 'cash' })).toMatch(/wallet/);
    expect(validateConfig('invite_friend', { ...CONFIG, wallet: 'bonus' })).toBe(CENTRE_WALLET_ONLY);
  });
  it('masks names and reads the forced migration switch', () => {
    expect(maskName('friendly')).toBe('fr***y');
    expect(isForcedMigrationOn('0')).toBe(false);
    expect(isForcedMigrationOn('1')).toBe(true);
    expect(isForcedMigrationOn('off')).toBe(true);
  });
});

describe.each(testEngines())('agents and invitations on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 10);
  const suite = serverSuite(engine, { clock: start });
  let serial = 0;

  /** Registers a member through the register call on its own device (the hour moves on, so the per-IP limit never bites). */
  async function register(codes: { inviteCode?: string; referralCode?: string; agentVerify?: string; isFission?: string } = {}, deviceId?: string, phone?: string) {
    serial += 1;
    suite.clock.set(suite.clock.now() + HOUR);
    const name = `inv${process.pid % 1000}n${serial}`;
    const password = md5Hex('invite-pass-1');
    const answer = await suite.call(registerV4, { name, password, confirmPassword: password, ...(phone ? { phone } : {}), ...codes }, { deviceId: deviceId ?? `device-${name}` });
    expect(answer.body.code, answer.body.msg).toBe(0);
    const token = answer.body.data.token;
    const row = await suite.db.query<{ id: string | number }>('SELECT id FROM members WHERE site_id = 4 AND name = $1', [name]);
    return { token, memberId: Number(row.rows[0]!.id), name };
  }
  const codeOf = async (token: string) => (await suite.call(inviteFriendDo, {}, { token })).body.data.inviteCode;
  const invitation = async (memberId: number) =>
    (await suite.db.query<{ inviter_id: string | number | null; invite_code: string; referral_code: string; agent_verify: string; is_fission: boolean }>(
      'SELECT inviter_id, invite_code, referral_code, agent_verify, is_fission FROM member_invitations WHERE invitee_id = $1', [memberId],
    )).rows[0];
  const balance = async (token: string) => (await suite.call(walletBalance, {}, { token })).body.data.centerWalletBalance;
  const inviteActivity = async (budgetMinor = 1_000_00, config: Record<string, unknown> = CONFIG) =>
    publishedActivity(suite.db, new Date(suite.clock.now()), {
      kind: 'invite_friend', title: 'Invite test', config, budgetMinor, oneRewardPer: ['device', 'phone'],
      startsAt: new Date(suite.clock.now() - HOUR), endsAt: new Date(suite.clock.now() + 100 * 24 * HOUR),
    });

  it('stores the codes of the landing URL at registration and links the inviter', async () => {
    const inviter = await register();
    const code = await codeOf(inviter.token);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await codeOf(inviter.token)).toBe(code); // made once

    const friend = await register({ inviteCode: code.toLowerCase(), agentVerify: 'AV1', isFission: '1' });
    expect(await invitation(friend.memberId)).toMatchObject({ invite_code: code.toLowerCase(), referral_code: '', agent_verify: 'AV1', is_fission: true });
    expect(Number((await invitation(friend.memberId))!.inviter_id)).toBe(inviter.memberId);

    const referred = await register({ referralCode: code });
    expect(Number((await invitation(referred.memberId))!.inviter_id)).toBe(inviter.memberId);
    const stranger = await register({ inviteCode: 'NOBODY99' });
    expect(await invitation(stranger.memberId)).toMatchObject({ inviter_id: null, invite_code: 'NOBODY99' });
    const plain = await register();
    expect(await invitation(plain.memberId)).toBeUndefined();

    // Hostile codes: refused before anything is written.
    const password = md5Hex('invite-pass-1');
    const hostile = await suite.call(registerV4, { name: 'hostileinv1', password, confirmPassword: password, referralCode: '<script>' }, { deviceId: 'hostile-device' });
    expect(hostile.body.code).toBe(CODE.invalidField);
    expect((await suite.db.query("SELECT 1 FROM members WHERE name = 'hostileinv1'")).rows).toHaveLength(0);

    // Only the member's own friends, names masked.
    const list = (await suite.call(inviteFriendList, {}, { token: inviter.token })).body.data;
    expect(list.total).toBe(2);
    expect(list.list.map((row) => row.memberId).sort()).toEqual([friend.memberId, referred.memberId].sort());
    expect(list.list[0]!.name).toContain('***');
    expect((await suite.call(inviteFriendList, {}, { token: friend.token })).body.data.total).toBe(0);

    // The proxy page view counts for the code's owner; a code nobody owns counts nothing.
    expect((await suite.call(invitePageView, { inviteCode: code, path: '/app/home' })).body.data.counted).toBe(true);
    expect((await suite.call(invitePageView, { inviteCode: 'NOBODY99', path: '/app/home' })).body.data.counted).toBe(false);
    expect((await suite.call(invitePageView, { inviteCode: 'bad code!', path: '/' })).body.code).toBe(CODE.invalidField);
  });

  it('pays the invite awards once through the engine, within the budget', async () => {
    const activity = await inviteActivity(1_000_00);
    const inviter = await register();
    const code = await codeOf(inviter.token);
    const a = await register({ inviteCode: code });
    const b = await register({ inviteCode: code });
    const info = async (token: string) => (await suite.call(inviteFriendInfo, { activityId: activity.id }, { token })).body.data;
    expect(await info(inviter.token)).toMatchObject({ memberNum: 2, qualifiedNum: 0, inviterApplyStatus: 0, rewardFee: 18_00 });
    const nothing = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token);
    expect(nothing.body.code).toBe(CODE.inviteNothingToApply);

    await insertConfirmedDeposit(suite.db, a.memberId, 100_00, new Date(suite.clock.now() - 1000));
    await insertConfirmedDeposit(suite.db, b.memberId, 400_00, new Date(suite.clock.now() - 1000));
    const due = await info(inviter.token);
    expect(due).toMatchObject({ qualifiedNum: 2, inviterApplyStatus: 1, dueMinor: 18_00 * 2 + 30_00 + 50_00 });
    expect(due.peopleAwardList[0]).toMatchObject({ reached: true, paid: false });

    const key = 'invite-apply-1';
    const paid = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token, key);
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect(paid.body.data.paidMinor).toBe(116_00);
    const replay = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token, key);
    expect(replay.body.data).toEqual(paid.body.data);
    const again = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token);
    expect(again.body.code).toBe(CODE.inviteNothingToApply);
    expect(await balance(inviter.token)).toBe(116);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(1_000_00 - 116_00);
    expect((await info(inviter.token)).inviterApplyStatus).toBe(2);

    // The friend's own reward, once.
    expect((await info(a.token)).inviteeApplyStatus).toBe(1);
    const own = await suite.callWithKey(inviteeApply, { activityId: activity.id, termsVersion: activity.termsVersion }, a.token);
    expect(own.body.data.paidMinor).toBe(8_00);
    expect((await suite.callWithKey(inviteeApply, { activityId: activity.id, termsVersion: activity.termsVersion }, a.token)).body.code).toBe(CODE.inviteNothingToApply);
    expect((await info(a.token)).inviteeApplyStatus).toBe(2);
    expect(await balance(a.token)).toBe(8);
    // A member nobody invited has no invitee reward.
    expect((await suite.callWithKey(inviteeApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token)).body.code).toBe(CODE.inviteNotInvited);
  });

  it('refuses an award the budget cannot cover, and nothing moves', async () => {
    const activity = await inviteActivity(10_00);
    const inviter = await register();
    const friend = await register({ inviteCode: await codeOf(inviter.token) });
    await insertConfirmedDeposit(suite.db, friend.memberId, 100_00, new Date(suite.clock.now() - 1000));
    const refused = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token);
    expect(refused.body.code).toBe(CODE.activityBudgetSpent);
    expect(await balance(inviter.token)).toBe(0);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(10_00);
    expect((await suite.db.query('SELECT 1 FROM promo_claims WHERE activity_id = $1', [activity.id])).rows).toHaveLength(0);
  });

  it('refuses the awards of a friend on the inviter\'s device or phone', async () => {
    const activity = await inviteActivity();
    const inviter = await register({}, 'shared-device-1', '13800000001');
    const code = await codeOf(inviter.token);
    const sameDevice = await register({ inviteCode: code }, 'shared-device-1');
    await insertConfirmedDeposit(suite.db, sameDevice.memberId, 200_00, new Date(suite.clock.now() - 1000));
    const refused = await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token);
    expect(refused.body.code).toBe(CODE.inviteSharedIdentity);
    expect((await suite.callWithKey(inviteeApply, { activityId: activity.id, termsVersion: activity.termsVersion }, sameDevice.token)).body.code).toBe(CODE.inviteSharedIdentity);
    const samePhone = await register({ inviteCode: code }, undefined, '13800000001');
    await insertConfirmedDeposit(suite.db, samePhone.memberId, 200_00, new Date(suite.clock.now() - 1000));
    const list = (await suite.call(inviteFriendList, {}, { token: inviter.token })).body.data.list;
    expect(list.map((row) => row.refusal).sort()).toEqual(["shares the inviter's device", "shares the inviter's phone number"]);
    expect((await suite.callWithKey(inviteFriendApply, { activityId: activity.id, termsVersion: activity.termsVersion }, inviter.token)).body.code).toBe(CODE.inviteSharedIdentity);
    expect(await balance(inviter.token)).toBe(0);
    expect(await balance(sameDevice.token)).toBe(0);
  });

  it('recalls only the member\'s own friends, once a Beijing day', async () => {
    const activity = await inviteActivity();
    const inviter = await register();
    const other = await register();
    const friend = await register({ inviteCode: await codeOf(inviter.token) });
    const recall = (token: string, memberId: number) => suite.call(inviteRecall, { activityId: activity.id, memberId }, { token });
    expect((await recall(other.token, friend.memberId)).body.code).toBe(CODE.inviteFriendNotFound);
    expect((await suite.call(inviteRecall, { activityId: 2_147_483_647, memberId: friend.memberId }, { token: inviter.token })).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(inviteFriendInfo, { activityId: 2_147_483_647 }, { token: inviter.token })).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(inviteFriendInfo, { activityId: 0 }, { token: inviter.token })).body.code).toBe(CODE.invalidField);
    expect((await recall(inviter.token, friend.memberId)).body.code).toBe(0);
    expect((await recall(inviter.token, friend.memberId)).body.code).toBe(CODE.inviteRecallTooSoon);
    const inbox = await suite.db.query<{ title: string }>('SELECT title FROM member_messages WHERE member_id = $1', [friend.memberId]);
    expect(inbox.rows).toHaveLength(1);
    expect((await suite.db.query('SELECT 1 FROM member_messages WHERE member_id = $1', [other.memberId])).rows).toHaveLength(0);

    // Once a Beijing day (the brands' day, as the page shows it), not a UTC day: 23:30 and 00:30
    // Beijing time are two days though one UTC day.
    const late = await register({ inviteCode: await codeOf(inviter.token) });
    const utcDay = Math.floor(suite.clock.now() / (24 * HOUR)) * 24 * HOUR;
    const beijing2330 = utcDay + 15.5 * HOUR + (suite.clock.now() >= utcDay + 15.5 * HOUR ? 24 * HOUR : 0);
    suite.clock.set(beijing2330);
    expect((await recall(inviter.token, late.memberId)).body.code).toBe(0);
    expect((await recall(inviter.token, late.memberId)).body.code).toBe(CODE.inviteRecallTooSoon);
    suite.clock.set(beijing2330 + HOUR);
    expect((await recall(inviter.token, late.memberId)).body.code).toBe(0);

    // A friend on a time-out gets no recall (marketing); the inviter is not told of the break.
    const resting = await register({ inviteCode: await codeOf(inviter.token) });
    expect((await suite.callWithKey(exclusionTake, { password: md5Hex('invite-pass-1'), kind: 'timeOut', days: 1 }, resting.token)).body.code).toBe(0);
    expect((await recall(inviter.token, resting.memberId)).body.code).toBe(0);
    expect((await suite.db.query('SELECT 1 FROM member_messages WHERE member_id = $1', [resting.memberId])).rows).toHaveLength(0);
  });

  it('makes an agent through the operator, and its figures move with its members\' deposits and bets', async () => {
    const agent = await register();
    const ops = { token: suite.opsToken };
    expect((await suite.call(agentStatus, {}, { token: agent.token })).body.data).toMatchObject({ isAgent: false, application: null, forcedMigration: '0' });
    expect((await suite.call(agentFigures, {}, { token: agent.token })).body.code).toBe(CODE.agentNotAgent);
    expect((await suite.call(agentApply, { contact: '   ' }, { token: agent.token })).body.code).toBe(CODE.invalidField);
    const applied = (await suite.call(agentApply, { contact: '@agent_tg', note: '<b>streams</b>' }, { token: agent.token })).body.data;
    expect(applied).toMatchObject({ state: 'pending', note: '<b>streams</b>' });
    expect((await suite.call(agentApply, { contact: '@again' }, { token: agent.token })).body.code).toBe(CODE.agentApplicationPending);
    const listed = (await suite.call(opsAgentApplications, { siteId: 4, state: 'pending' }, ops)).body.data.list;
    expect(listed.map((row) => row.id)).toContain(applied.id);
    expect((await suite.call(opsAgentDecide, { id: 999_999, approve: true }, ops)).body.code).toBe(CODE.agentApplicationNotFound);
    expect((await suite.call(opsAgentDecide, { id: applied.id, approve: true }, { token: agent.token })).status).toBe(401);
    expect((await suite.call(opsAgentDecide, { id: applied.id, approve: true }, ops)).body.data.state).toBe('approved');
    expect((await suite.call(opsAgentDecide, { id: applied.id, approve: false }, ops)).body.code).toBe(CODE.agentApplicationDecided);
    expect((await suite.call(agentStatus, {}, { token: agent.token })).body.data.isAgent).toBe(true);

    const code = (await suite.call(agentStatus, {}, { token: agent.token })).body.data.inviteCode;
    const member = await register({ referralCode: code });
    const figures = async () => (await suite.call(agentFigures, {}, { token: agent.token })).body.data;
    expect(await figures()).toMatchObject({ invitedTotal: 1, depositsMinor: 0, turnoverMinor: 0, commissionMinor: 0, commissionRateBp: 50 });
    await insertConfirmedDeposit(suite.db, member.memberId, 300_00, new Date(suite.clock.now() - 1000));
    await insertBet(suite.db, { memberId: member.memberId, stakeMinor: 2_000_00, placedAt: new Date(suite.clock.now() - 1000) });
    await insertBet(suite.db, { memberId: member.memberId, stakeMinor: 9_000_00, status: 'void', placedAt: new Date(suite.clock.now() - 1000) });
    expect(await figures()).toMatchObject({ invitedTotal: 1, depositingMembers: 1, depositsMinor: 300_00, turnoverMinor: 2_000_00, commissionMinor: 10_00 });

    const settings = await suite.call(opsAgentSettings, { siteId: 4, commissionRateBp: 120, forcedMigration: '2' }, ops);
    expect(settings.body.data).toMatchObject({ commissionRateBp: 120, forcedMigration: '2' });
    expect((await figures()).commissionMinor).toBe(24_00);
    expect((await suite.call(agentStatus, {}, { token: agent.token })).body.data.forcedMigration).toBe('2');
    expect((await suite.call(agentFigures, { month: '2026-13' }, { token: agent.token })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(agentFigures, { month: '2020-01' }, { token: agent.token })).body.data.turnoverMinor).toBe(0);
    expect((await suite.call(opsAgentSettings, { siteId: 4, commissionRateBp: 10_001 }, ops)).body.code).toBe(CODE.invalidField);
    await suite.call(opsAgentSettings, { siteId: 4, commissionRateBp: 50, forcedMigration: '0' }, ops);
  });

  it('counts a proxy page view once per visitor (device or IP) and code owner an hour, and limits an address with tooManyRequests', async () => {
    const agent = await register();
    await suite.call(agentApply, { contact: '@views' }, { token: agent.token });
    const applied = (await suite.call(agentStatus, {}, { token: agent.token })).body.data.application!;
    await suite.call(opsAgentDecide, { id: applied.id, approve: true }, { token: suite.opsToken });
    const code = await codeOf(agent.token);
    const view = (deviceId: string, remoteAddress: string, path = '/app/home') =>
      suite.call(invitePageView, { inviteCode: code, path }, { deviceId, remoteAddress, timestamp: suite.clock.now() });
    const counted = async (deviceId: string, remoteAddress: string, path?: string) => (await view(deviceId, remoteAddress, path)).body.data.counted;
    const pageViews = async () => (await suite.call(agentFigures, {}, { token: agent.token, timestamp: suite.clock.now() })).body.data.pageViews;

    expect(await counted('view-device-1', '10.40.0.1')).toBe(true);
    expect(await counted('view-device-1', '10.40.0.1')).toBe(false); // the same visitor again
    expect(await counted('view-device-1', '10.40.0.1', '/app/register')).toBe(false); // another page of the same link
    expect(await counted('view-device-2', '10.40.0.1')).toBe(false); // a new device id from the same address
    expect(await counted('view-device-1', '10.40.0.2')).toBe(false); // the same device from another address
    expect(await counted('view-device-3', '10.40.0.3')).toBe(true); // another visitor
    const [a, b] = await Promise.all([view('view-device-4', '10.40.0.4'), view('view-device-4', '10.40.0.4')]);
    expect([a.body.data.counted, b.body.data.counted].sort()).toEqual([false, true]); // sent twice at once: counted once
    expect(await pageViews()).toBe(3);

    await setRateHits(suite.db, 'invite-view:ip:10.40.0.9', HOUR, suite.clock.now(), PAGE_VIEW_EVENTS_PER_IP_PER_HOUR - 1);
    expect(await counted('view-device-9', '10.40.0.9')).toBe(true); // the last one the address may send this hour
    const refused = await view('view-device-10', '10.40.0.9');
    expect(refused.body).toMatchObject({ code: CODE.tooManyRequests });
    expect(refused.body.msg).toContain(`${PAGE_VIEW_EVENTS_PER_IP_PER_HOUR} page-view events an hour`);
    expect(await pageViews()).toBe(4);

    suite.clock.set(suite.clock.now() + HOUR);
    expect(await counted('view-device-1', '10.40.0.1')).toBe(true); // the next hour
    expect(await counted('view-device-10', '10.40.0.9')).toBe(true);
  });

  it('serves the member-move config per brand, and the operator sets it', async () => {
    const first = (await suite.call(memberMoveConfig, {})).body.data;
    expect(first.popStatus).toBe(0);
    expect(Array.isArray(first.homeUrlList)).toBe(true);
    const set = { ...first, popStatus: 1, sportsAppDownloadUrl: 'https://dl.example/sports.apk', homeUrlList: ['https://a.example', 'https://b.example'] };
    expect((await suite.call(opsAgentSettings, { siteId: 4, memberMove: set }, { token: suite.opsToken })).body.code).toBe(0);
    expect((await suite.call(memberMoveConfig, {})).body.data).toEqual(set);
  });
});
