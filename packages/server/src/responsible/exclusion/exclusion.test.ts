import { describe, expect, it } from 'vitest';
import {
  CODE, buyCoin, raffleInfo, raffleTicketsReceive, depositPay, exclusionConfirmReturn, exclusionStatus, exclusionTake, gameLaunch, opsGameSync, md5Hex, opsExclusionList, opsMessageSend,
  venueTransferIn, withdrawPasswordSet, withdrawalRequest,
} from '@lobby/sdk';
import type { BusinessError } from '../../http/errors.js';
import { grantBonus } from '../../activities/bonus/index.js';
import { checkClaim, eligibilityProblem, liveActivity } from '../../activities/engine/index.js';
import { insertConfirmedDeposit, publishedActivity } from '../../activities/engine/engine.fixture.js';
import { providerGame, ScriptedGameProvider } from '../../games/testing-provider.js';
import { routeGroups } from '../../route-groups.js';
import { testEngines } from '../../testing/databases.js';
import { FIXTURE_LOGIN_PASSWORD, walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { sandboxOf } from '../../testing/venues.js';
import { playRefusal, type PlayDoor } from '../guard.js';

const DAY = 86_400_000;
const PIN = md5Hex('246810');
const DOORS: PlayDoor[] = ['deposit', 'venueTransferIn', 'seamlessBet', 'sportsBet', 'coinPurchase', 'gameLaunch', 'activityReward'];

describe.each(testEngines())('time-out and self-exclusion on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 10);
  const games = new ScriptedGameProvider();
  games.games.set('LBSLOTS', [providerGame('slot1')]);
  const suite = serverSuite(engine, { clock: start, routeGroups: [(app) => void app.decorate('gameProvider', games), ...routeGroups] });
  let phones = 0;

  const member = async (centreMinor: number, options: { siteId?: number; phone?: string; card?: { name: string; no: string } } = {}) => {
    const made = await suite.memberWithBalance(centreMinor, { siteId: options.siteId ?? 4 });
    const { rows } = await suite.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [made.memberId]);
    const m = { ...made, name: rows[0]!.name };
    if (options.phone) await suite.db.query("UPDATE members SET area_code = '+86', phone = $2 WHERE id = $1", [m.memberId, options.phone]);
    if (options.card) {
      await suite.db.query("INSERT INTO member_bank_cards (member_id, card_type, bank_name, card_no, real_name) VALUES ($1, 0, 'ICBC', $2, $3)", [m.memberId, options.card.no, options.card.name]);
    }
    return m;
  };
  const newPhone = () => `1390000${String((phones += 1) + process.pid % 1000).padStart(4, '0')}`;
  const take = (token: string, body: Record<string, unknown>, key?: string, siteId = 4) =>
    suite.callWithKey(exclusionTake, { password: FIXTURE_LOGIN_PASSWORD, ...body } as never, token, key, { siteId });
  const refusalAt = (memberId: number, door: PlayDoor = 'deposit', at = new Date(suite.clock.now())) =>
    suite.db.transaction((tx) => playRefusal(tx, { memberId, door, amountMinor: door === 'gameLaunch' || door === 'activityReward' ? 0 : 1_00, at }));
  const codeOf = (refusal: BusinessError | null) => refusal?.code ?? null;

  it('every door is refused during a time-out, saying until when; withdrawals, login reads and history stay open', async () => {
    suite.clock.set(start);
    const { memberId, token } = await member(1_000_00);
    expect((await suite.call(withdrawPasswordSet, { password: PIN }, { token })).body.code).toBe(0);
    const taken = await take(token, { kind: 'timeOut', days: 7 });
    expect(taken.body.code).toBe(0);
    const until = new Date(start + 7 * DAY).toISOString();
    expect(taken.body.data.status).toMatchObject({ state: 'inForce', kind: 'timeOut', period: '7d', scope: 'operator', endsAt: until, permanent: false });

    for (const door of DOORS) {
      const refusal = await refusalAt(memberId, door);
      expect([door, codeOf(refusal)]).toEqual([door, CODE.exclusionTimeOut]);
      expect(refusal!.message).toContain(until);
      expect(refusal!.data).toMatchObject({ until, state: 'inForce' });
    }
    // Through the real calls: deposit, transfer in, coin purchase, game launch.
    expect((await suite.callWithKey(depositPay, { payTypeId: '912', amount: 300 }, token)).body.code).toBe(CODE.exclusionTimeOut);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10 }, token)).body.code).toBe(CODE.exclusionTimeOut);
    expect((await suite.callWithKey(buyCoin, { money: 1 }, token)).body.code).toBe(CODE.exclusionTimeOut);
    expect((await suite.call(opsGameSync, {}, { token: suite.opsToken })).body.code).toBe(0);
    expect((await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' }, { token })).body.code).toBe(CODE.exclusionTimeOut);
    expect(await walletOf(suite.db, memberId)).toBe(1_000_00);
    // Withdrawal stays possible.
    const withdrawal = await suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect(withdrawal.body.code).toBe(0);
    expect((await suite.call(exclusionStatus, {}, { token })).body.data).toMatchObject({ state: 'inForce', endsAt: until });
  });

  it('a break needs the login password and a valid period, and a wrong one takes nothing', async () => {
    const { memberId, token } = await member(0);
    expect((await take(token, { kind: 'timeOut', days: 3, password: md5Hex('wrong') })).body.code).toBe(CODE.exclusionPasswordWrong);
    expect((await take(token, { kind: 'timeOut' })).body.code).toBe(CODE.exclusionPeriodInvalid);
    expect((await take(token, { kind: 'selfExclusion', days: 3 })).body.code).toBe(CODE.exclusionPeriodInvalid);
    expect((await take(token, { kind: 'timeOut', days: 43 })).status).toBe(400);
    expect((await take(token, { kind: 'selfExclusion', period: '2y' })).status).toBe(400);
    expect(await refusalAt(memberId)).toBeNull();
    expect((await suite.call(exclusionStatus, {}, { token })).body.data.state).toBe('open');
  });

  it('one key is one break: a repeat answers the same break', async () => {
    const { memberId, token } = await member(0);
    const key = `break-${memberId}`;
    const first = await take(token, { kind: 'timeOut', days: 1 }, key);
    const again = await take(token, { kind: 'timeOut', days: 1 }, key);
    expect(again.body).toEqual(first.body);
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rp_exclusions WHERE member_id = $1', [memberId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('both brands are covered by default: the same phone or the same real name and bank card on the other brand is the same person', async () => {
    const phone = newPhone();
    const a = await member(0, { phone });
    const sameOnAurora = await member(0, { siteId: 8, phone });
    const otherOnAurora = await member(0, { siteId: 8, phone: newPhone() });
    const card = { name: '张 三', no: `62220202${String(a.memberId).padStart(8, '0')}` };
    const c = await member(0, { card });
    const cardOnAurora = await member(0, { siteId: 8, card: { name: '张 三', no: card.no.replace(/(\d{4})/g, '$1 ').trim() } });
    const sameCardOtherName = await member(0, { siteId: 8, card: { name: '李四', no: card.no } });

    expect((await take(a.token, { kind: 'selfExclusion', period: '1y' })).body.code).toBe(0);
    expect(codeOf(await refusalAt(sameOnAurora.memberId))).toBe(CODE.exclusionSelfExcluded);
    expect(codeOf(await refusalAt(sameOnAurora.memberId, 'gameLaunch'))).toBe(CODE.exclusionSelfExcluded);
    expect(await refusalAt(otherOnAurora.memberId)).toBeNull();
    const onAurora = await suite.call(exclusionStatus, {}, { token: sameOnAurora.token, siteId: 8 });
    expect(onAurora.body.data).toMatchObject({ state: 'inForce', kind: 'selfExclusion', scope: 'operator', siteId: 4 });

    expect((await take(c.token, { kind: 'timeOut', days: 2 })).body.code).toBe(0);
    expect(codeOf(await refusalAt(cardOnAurora.memberId, 'venueTransferIn'))).toBe(CODE.exclusionTimeOut);
    expect(await refusalAt(sameCardOtherName.memberId)).toBeNull();
  });

  it('one brand only when the member chooses it', async () => {
    const phone = newPhone();
    const a = await member(0, { phone });
    const sameOnAurora = await member(0, { siteId: 8, phone });
    const taken = await take(a.token, { kind: 'timeOut', days: 2, scope: 'brand' });
    expect(taken.body.data).toMatchObject({ accountsCovered: 1, status: { scope: 'brand' } });
    expect(codeOf(await refusalAt(a.memberId))).toBe(CODE.exclusionTimeOut);
    expect(await refusalAt(sameOnAurora.memberId)).toBeNull();
  });

  it('open bonuses are forfeited and every venue balance is recycled to the centre wallet, on both brands', async () => {
    suite.clock.set(start);
    const now = new Date(start);
    const phone = newPhone();
    const a = await member(300_00, { phone });
    const b = await member(200_00, { siteId: 8, phone });
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, a.token)).body.code).toBe(0);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 25.5 }, a.token)).body.code).toBe(0);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'AUSPORT', transferIntoVal: 50 }, b.token, undefined, { siteId: 8 })).body.code).toBe(0);
    const activity = await publishedActivity(suite.db, now, { budgetMinor: 100_00 });
    await suite.db.transaction((tx) => grantBonus(tx, {
      activity, memberId: a.memberId, claimKey: 'exclusion-bonus', amountMinor: 20_00, multiple: 10, expiresAt: new Date(start + 7 * DAY), maxBetMinor: 50_00, termsVersion: 1, now,
    }));
    expect(await walletOf(suite.db, a.memberId, 'bonus')).toBe(20_00);

    const taken = await take(a.token, { kind: 'timeOut', days: 1 });
    expect(taken.body.data).toMatchObject({ accountsCovered: 2, bonusesForfeited: 1, recycledMinor: 175_50, venuesPending: 0 });
    expect(await walletOf(suite.db, a.memberId, 'bonus')).toBe(0);
    expect(await walletOf(suite.db, a.memberId)).toBe(300_00);
    expect(await walletOf(suite.db, b.memberId)).toBe(200_00);
    const venue = sandboxOf(suite.app);
    expect([await venue.balance('LBSPORT', a.memberId), await venue.balance('LBLIVE', a.memberId), await venue.balance('AUSPORT', b.memberId)]).toEqual([0, 0, 0]);
    const { rows } = await suite.db.query<{ status: string }>('SELECT status FROM promo_bonus_grants WHERE member_id = $1', [a.memberId]);
    expect(rows.map((row) => row.status)).toEqual(['forfeited']);
  });

  it('no activity reward during a break: the claim is refused and the race skips the member', async () => {
    suite.clock.set(start);
    const now = new Date(start);
    const { memberId, token } = await member(0);
    const activity = await publishedActivity(suite.db, now, { budgetMinor: 100_00 });
    expect(await suite.db.transaction(async (tx) => eligibilityProblem(tx, await liveActivity(tx, 4, activity.id, 'display', now), memberId, now))).toBeNull();
    expect((await take(token, { kind: 'timeOut', days: 1 })).body.code).toBe(0);
    const claim = suite.db.transaction(async (tx) => checkClaim(tx, await liveActivity(tx, 4, activity.id, 'display', now), memberId, now, { termsVersion: activity.termsVersion, amountMinor: 1_00, claimKey: 'k' }));
    await expect(claim).rejects.toMatchObject({ code: CODE.exclusionTimeOut });
    expect(await suite.db.transaction(async (tx) => eligibilityProblem(tx, await liveActivity(tx, 4, activity.id, 'display', now), memberId, now))).toMatch(/break from play/);
  });

  it('no raffle prize during a break: the drawn ticket is recorded unpaid with the reason', async () => {
    suite.clock.set(start);
    const now = new Date(start);
    const { memberId, token } = await member(0);
    const activity = await publishedActivity(suite.db, now, {
      kind: 'raffle', endsAt: new Date(start + 3_600_000), budgetMinor: 60_00,
      config: { basis: 'deposit', moneyEachMinor: 100_00, maxTicketsPerMember: 1, prizes: [{ name: 'First', amountMinor: 50_00, count: 1 }] },
    });
    await insertConfirmedDeposit(suite.db, memberId, 100_00, now);
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: activity.termsVersion }, { token })).body.data.taken).toEqual([1]);
    expect((await take(token, { kind: 'timeOut', days: 7 })).body.code).toBe(0);
    suite.clock.set(start + 3_600_000);
    const drawn = (await suite.call(raffleInfo, { id: activity.id }, { token })).body.data;
    expect(drawn.winners).toEqual([expect.objectContaining({ ticketNo: 1, paid: false, note: expect.stringMatching(/break from play/) })]);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    suite.clock.set(start);
  });

  it('no marketing message during a break; a private message still arrives', async () => {
    const { token, name } = await member(0);
    expect((await take(token, { kind: 'timeOut', days: 1 })).body.code).toBe(0);
    const send = (type: 0 | 1) => suite.call(opsMessageSend, { memberName: name, siteId: 4, type, title: 'Offer', content: 'A bonus for you' }, { token: suite.opsToken });
    expect((await send(1)).body.code).toBe(CODE.exclusionNoMarketing);
    expect((await send(0)).body.code).toBe(0);
    const { rows } = await suite.db.query<{ type: number }>('SELECT type FROM member_messages m JOIN members u ON u.id = m.member_id WHERE u.name = $1', [name]);
    expect(rows.map((row) => row.type)).toEqual([0]);
  });

  it('early lifting is impossible: no shorter break, no confirmation before the end, the operator only reads', async () => {
    suite.clock.set(start);
    const { memberId, token, name } = await member(0);
    expect((await take(token, { kind: 'timeOut', days: 14 })).body.code).toBe(0);
    expect((await take(token, { kind: 'timeOut', days: 7 })).body.code).toBe(CODE.exclusionEndsEarlier);
    expect((await take(token, { kind: 'timeOut', days: 14, scope: 'brand' })).body.code).toBe(CODE.exclusionEndsEarlier);
    expect((await suite.call(exclusionConfirmReturn, {}, { token })).body.code).toBe(CODE.exclusionNothingToConfirm);
    const ops = await suite.call(opsExclusionList, { memberName: name, siteId: 4 }, { token: suite.opsToken });
    expect(ops.body.data.list).toEqual([expect.objectContaining({ memberId, kind: 'timeOut', period: '14d', state: 'inForce', returnedAt: null })]);
    expect((await suite.call(opsExclusionList, {}, { token })).status).not.toBe(200);
    // A longer break is always possible: it only extends.
    expect((await take(token, { kind: 'selfExclusion', period: '6m' })).body.data.status).toMatchObject({ kind: 'selfExclusion', endsAt: new Date(Date.UTC(2027, 4, 26, 10)).toISOString() });
    suite.clock.set(start + 20 * DAY);
    expect(codeOf(await refusalAt(memberId))).toBe(CODE.exclusionSelfExcluded);
  });

  it('after the end a 24-hour cooling-off, then play opens only on the member\'s confirmation', async () => {
    suite.clock.set(start);
    const { memberId, token } = await member(0);
    expect((await take(token, { kind: 'timeOut', days: 1 })).body.code).toBe(0);
    suite.clock.set(start + DAY - 1);
    expect(codeOf(await refusalAt(memberId))).toBe(CODE.exclusionTimeOut);
    suite.clock.set(start + DAY);
    const cooling = await refusalAt(memberId, 'sportsBet');
    expect(codeOf(cooling)).toBe(CODE.exclusionCoolingOff);
    expect(cooling!.message).toContain(new Date(start + 2 * DAY).toISOString());
    expect((await suite.call(exclusionStatus, {}, { token })).body.data).toMatchObject({ state: 'coolingOff', coolingOffEndsAt: new Date(start + 2 * DAY).toISOString() });
    expect((await suite.call(exclusionConfirmReturn, {}, { token })).body.code).toBe(CODE.exclusionNothingToConfirm);
    suite.clock.set(start + 2 * DAY);
    expect(codeOf(await refusalAt(memberId, 'gameLaunch'))).toBe(CODE.exclusionReturnUnconfirmed);
    expect((await suite.call(exclusionStatus, {}, { token })).body.data.state).toBe('confirmationDue');
    const confirmed = await suite.call(exclusionConfirmReturn, {}, { token });
    expect(confirmed.body.data).toMatchObject({ state: 'open', kind: null });
    for (const door of DOORS) expect(await refusalAt(memberId, door)).toBeNull();
  });

  it('a permanent self-exclusion never ends', async () => {
    suite.clock.set(start);
    const { memberId, token } = await member(0);
    const taken = await take(token, { kind: 'selfExclusion', period: 'permanent' });
    expect(taken.body.data.status).toMatchObject({ state: 'inForce', permanent: true, endsAt: null, coolingOffEndsAt: null });
    expect((await take(token, { kind: 'selfExclusion', period: '5y' })).body.code).toBe(CODE.exclusionEndsEarlier);
    suite.clock.set(start + 100 * 365 * DAY);
    const refusal = await refusalAt(memberId);
    expect(codeOf(refusal)).toBe(CODE.exclusionSelfExcluded);
    expect(refusal!.message).toContain('permanently');
    suite.clock.set(start);
  });
});
