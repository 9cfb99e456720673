import { describe, expect, it } from 'vitest';
import {
  CODE, addressUpdate, giftApplyList, luxuryExchange, luxuryGift, luxuryRemind, opsGiftApplyList, opsGiftApplyProvide, opsGiftApplyReject, presentApply, presentDetail,
  promoV2ListApply, promoV2ListOthers, superGiftApply, superGiftCheck, superGiftCheckProgress, superGiftDetail, topGiftExchange, topGiftExchangeValidity, topGiftList,
  topGiftPageConfig, topGiftUserInfo, topGiftDividend, happySendApply, happySendList, vipUpgradePromotionsApply,
} from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { insertConfirmedDeposit, publishedActivity } from '../engine/engine.fixture.js';
import { budgetLeftMinor, type ActivityInput } from '../engine/index.js';
import { beijingDay } from './gift-board.js';

const DAY = 86_400_000;
const ADDRESS = { receiver: 'Li Lei', province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan', address: '1 Keji Road', phone: '13800138000' };

const PRESENT: Partial<ActivityInput> = {
  kind: 'present', title: 'Present test', budgetMinor: 1_000_00,
  config: {
    gifts: [
      { id: 'bet-100', giftName: '8.88 yuan', category: 2, amountMinor: 8_88, basis: 'turnover', threshold: 100_00 },
      { id: 'bet-1000', giftName: '58 yuan', category: 2, amountMinor: 58_00, basis: 'turnover', threshold: 1_000_00 },
      { id: 'scarf', giftName: 'Team scarf', category: 1, amountMinor: 199_00, basis: 'turnover', threshold: 200_00, giftProperties: 'Knitted' },
      { id: 'first', giftName: 'First deposit 18', category: 2, amountMinor: 18_00, basis: 'firstDeposit', threshold: 100_00 },
    ],
  },
};

async function claimRows(db: { query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }> }, activityId: number, memberId: number) {
  return (await db.query('SELECT claim_key FROM promo_claims WHERE activity_id = $1 AND member_id = $2 ORDER BY id', [activityId, memberId])).rows;
}

describe.each(testEngines())('gift activities on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const now = () => new Date(suite.clock.now());
  const ops = () => ({ token: suite.opsToken });
  const bet = (memberId: number, stakeMinor: number, at = new Date(suite.clock.now() - 60_000)) => insertBet(suite.db, { memberId, stakeMinor, placedAt: at });

  it('present: a visitor sees every gift locked; a member with turnover takes a money gift once, paid from the budget', async () => {
    const activity = await publishedActivity(suite.db, now(), PRESENT);
    const visitor = (await suite.call(presentDetail, { activityId: activity.id })).body.data;
    expect(visitor.giftList.map((gift) => gift.status)).toEqual([0, 0, 0, 0]);
    expect(visitor).toMatchObject({ kind: 'present', status: 1, termsVersion: 1, activityMoney: 0, firstDepositGift: { id: 'first', type: 1 } });
    expect(visitor.betGifts.map((gift) => gift.id)).toEqual(['bet-100', 'bet-1000', 'scarf']);

    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 150_00);
    const board = (await suite.call(presentDetail, { activityId: activity.id }, { token })).body.data;
    expect(board.activityMoney).toBe(150);
    expect(board.giftList.map((gift) => [gift.id, gift.status, gift.progress])).toEqual([['bet-100', 1, 150], ['bet-1000', 0, 150], ['scarf', 0, 150], ['first', 0, 0]]);
    expect(board.activityProgressBarConfig).toEqual({ basis: 'turnover', done: 150, steps: [{ value: 100, giftId: 'bet-100' }, { value: 200, giftId: 'scarf' }, { value: 1000, giftId: 'bet-1000' }], percent: 15 });

    const key = `present-${memberId}`;
    const taken = await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'bet-100', termsVersion: 1 }, token, key);
    expect(taken.body).toMatchObject({ code: 0, data: { amount: 8.88, wallet: 'centre', applicationId: null, gift: { id: 'bet-100', status: 2 } } });
    expect(await walletOf(suite.db, memberId)).toBe(8_88);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(1_000_00 - 8_88);
    // The same key answers the first payment; a new key is refused; nothing moves either time.
    expect((await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'bet-100', termsVersion: 1 }, token, key)).body).toEqual(taken.body);
    expect((await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'bet-100', termsVersion: 1 }, token)).body.code).toBe(CODE.giftAlreadyTaken);
    expect(await walletOf(suite.db, memberId)).toBe(8_88);
    expect(await claimRows(suite.db, activity.id, memberId)).toEqual([{ claim_key: 'gift:bet-100' }]);
  });

  it('present: refusals name the problem and change nothing (locked, unknown gift, old terms, another kind, no address)', async () => {
    const activity = await publishedActivity(suite.db, now(), PRESENT);
    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 300_00);
    const take = (giftId: string, termsVersion = 1) => suite.callWithKey(presentApply, { activityId: activity.id, giftId, termsVersion }, token);
    const locked = (await take('bet-1000')).body;
    expect(locked.code).toBe(CODE.giftLocked);
    expect(locked.msg).toContain('needs turnover 1000');
    expect((await take('first')).body.msg).toContain('first deposit made during the activity');
    expect((await take('nope')).body.code).toBe(CODE.activityGiftNotFound);
    expect((await take('bet-100', 2)).body.code).toBe(CODE.activityTermsChanged);
    expect((await suite.callWithKey(superGiftApply, { activityId: activity.id, giftId: 'bet-100', termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotFound);
    expect((await take('scarf')).body.code).toBe(CODE.giftAddressMissing);
    expect(await claimRows(suite.db, activity.id, memberId)).toEqual([]);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    expect((await suite.db.query('SELECT 1 FROM promo_gift_applications WHERE member_id = $1', [memberId])).rows).toEqual([]);
  });

  it('present: the first-deposit gift needs the first deposit inside the window', async () => {
    const activity = await publishedActivity(suite.db, now(), PRESENT);
    const early = await suite.memberWithBalance(0);
    await insertConfirmedDeposit(suite.db, early.memberId, 500_00, new Date(suite.clock.now() - 3 * DAY));
    await insertConfirmedDeposit(suite.db, early.memberId, 500_00, new Date(suite.clock.now() - 1000));
    expect((await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'first', termsVersion: 1 }, early.token)).body.code).toBe(CODE.giftLocked);
    const fresh = await suite.memberWithBalance(0);
    await insertConfirmedDeposit(suite.db, fresh.memberId, 100_00, new Date(suite.clock.now() - 1000));
    const taken = await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'first', termsVersion: 1 }, fresh.token);
    expect(taken.body).toMatchObject({ code: 0, data: { amount: 18 } });
  });

  it('real gifts: applying snapshots the address; the operator provides, rejects or fails it; expiry; both status sets; members see only their own', async () => {
    const activity = await publishedActivity(suite.db, now(), { ...PRESENT, config: { ...PRESENT.config, applicationExpiryDays: 2 } });
    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 300_00);
    expect((await suite.call(addressUpdate, ADDRESS, { token })).body.code).toBe(0);
    const applied = (await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, token)).body.data;
    expect(applied).toMatchObject({ amount: 0, gift: { id: 'scarf', status: 2, applicationStatus: 0 } });
    const mine = (await suite.call(giftApplyList, {}, { token })).body.data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: applied.applicationId, giftName: 'Team scarf', status: 0, auditStatus: 0, receiver: 'Li Lei', city: 'Shenzhen', reviewedAt: null });
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(giftApplyList, {}, { token: other.token })).body.data.list).toEqual([]);
    expect((await suite.call(opsGiftApplyProvide, { id: applied.applicationId!, note: 'x' }, { token })).body.code).toBe(CODE.operatorOnly);

    // reviewFail: the member may apply again (a new claim key), and the new application is provided.
    const failed = (await suite.call(opsGiftApplyReject, { id: applied.applicationId!, reason: 'Address incomplete', reviewFail: true }, ops())).body.data;
    expect(failed).toMatchObject({ status: 3, auditStatus: 4, reviewNote: 'Address incomplete', memberId });
    expect((await suite.call(opsGiftApplyProvide, { id: applied.applicationId!, note: 'late' }, ops())).body.code).toBe(CODE.giftApplicationClosed);
    const again = (await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, token)).body.data;
    expect(again.applicationId).not.toBe(applied.applicationId);
    const queue = (await suite.call(opsGiftApplyList, { siteId: 4, status: 0 }, ops())).body.data.list;
    expect(queue.map((row) => row.id)).toContain(again.applicationId);
    const provided = (await suite.call(opsGiftApplyProvide, { id: again.applicationId!, note: 'SF123456' }, ops())).body.data;
    expect(provided).toMatchObject({ status: 1, auditStatus: 1, reviewNote: 'SF123456' });
    expect((await suite.call(opsGiftApplyReject, { id: again.applicationId!, reason: 'no' }, ops())).body.code).toBe(CODE.giftApplicationClosed);
    expect((await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, token)).body.code).toBe(CODE.giftAlreadyTaken);
    expect((await suite.call(giftApplyList, {}, { token })).body.data.list.map((row) => row.status)).toEqual([1, 3]);

    // reject is final; an application not provided in time expires (read, not written) and cannot be provided.
    const second = await suite.memberWithBalance(0);
    await bet(second.memberId, 300_00);
    await suite.call(addressUpdate, ADDRESS, { token: second.token });
    const rejected = (await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, second.token)).body.data;
    expect((await suite.call(opsGiftApplyReject, { id: rejected.applicationId!, reason: 'Duplicate account' }, ops())).body.data).toMatchObject({ status: 4, auditStatus: 2 });
    expect((await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, second.token)).body.code).toBe(CODE.giftAlreadyTaken);
    const third = await suite.memberWithBalance(0);
    await bet(third.memberId, 300_00);
    await suite.call(addressUpdate, ADDRESS, { token: third.token });
    const late = (await suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'scarf', termsVersion: 1 }, third.token)).body.data;
    suite.clock.advance(2 * DAY + 1000);
    expect((await suite.call(giftApplyList, {}, { token: third.token })).body.data.list[0]).toMatchObject({ status: 2, auditStatus: 5 });
    expect((await suite.call(opsGiftApplyProvide, { id: late.applicationId!, note: 'x' }, ops())).body.code).toBe(CODE.giftApplicationClosed);
    expect((await suite.call(opsGiftApplyProvide, { id: 9_007_199_254_740_991, note: 'x' }, ops())).body.code).toBe(CODE.giftApplicationNotFound);
  });

  it('super gift: deposit tiers with check, progress and apply', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'super_gift', title: 'Super', budgetMinor: 1_000_00,
      config: { gifts: [{ id: 'd500', giftName: '18', category: 2, amountMinor: 18_00, basis: 'deposit', threshold: 500_00 }, { id: 'd5000', giftName: '188', category: 2, amountMinor: 188_00, basis: 'deposit', threshold: 5_000_00 }] },
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.call(superGiftCheck, { activityId: activity.id }, { token })).body.data).toMatchObject({ canApply: false, reason: expect.stringContaining('needs deposit 500') });
    await insertConfirmedDeposit(suite.db, memberId, 600_00, new Date(suite.clock.now() - 1000));
    expect((await suite.call(superGiftCheck, { activityId: activity.id }, { token })).body.data).toEqual({ canApply: true, giftId: 'd500', reason: '' });
    expect((await suite.call(superGiftCheckProgress, { activityId: activity.id }, { token })).body.data).toEqual({ deposits: 600, nextThreshold: 5000, percent: 12, available: 1 });
    expect((await suite.call(superGiftDetail, { activityId: activity.id }, { token })).body.data.activityMoney).toBe(600);
    expect((await suite.callWithKey(superGiftApply, { activityId: activity.id, giftId: 'd500', termsVersion: 1 }, token)).body.data.amount).toBe(18);
    expect((await suite.call(superGiftCheck, { activityId: activity.id, giftId: 'd500' }, { token })).body.data).toMatchObject({ canApply: false, reason: 'gift d500 is already taken' });
    expect((await suite.call(superGiftCheck, { activityId: activity.id }, { token: '' })).body.code).toBe(CODE.tokenMissing);
  });

  it('promo v2: VIP upgrade promotions by level; the list of others; list apply takes any gift kind', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'promo_v2', title: 'VIP promos', budgetMinor: 1_000_00,
      config: { gifts: [{ id: 'v1', giftName: 'V1', category: 2, amountMinor: 10_00, basis: 'vipLevel', threshold: 1 }, { id: 'v3', giftName: 'V3', category: 2, amountMinor: 58_00, basis: 'vipLevel', threshold: 3 }] },
    });
    const { memberId, token } = await suite.memberWithBalance(0, { profile: { grade: 2 } });
    expect((await suite.callWithKey(vipUpgradePromotionsApply, { activityId: activity.id, giftId: 'v3', termsVersion: 1 }, token)).body.code).toBe(CODE.giftLocked);
    expect((await suite.callWithKey(vipUpgradePromotionsApply, { activityId: activity.id, giftId: 'v1', termsVersion: 1 }, token)).body.data.amount).toBe(10);
    const others = (await suite.call(promoV2ListOthers, {}, { token })).body.data.list;
    expect(others.find((row) => row.activityId === activity.id)).toMatchObject({ kind: 'promo_v2', status: 1, available: 0 });
    const present = await publishedActivity(suite.db, now(), PRESENT);
    await bet(memberId, 150_00);
    expect((await suite.callWithKey(promoV2ListApply, { activityId: present.id, giftId: 'bet-100', termsVersion: 1 }, token)).body.data.amount).toBe(8.88);
    expect(await walletOf(suite.db, memberId)).toBe(18_88);
  });

  it("happy send: yesterday's turnover unlocks today's gift, once a Beijing day", async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'happy_send', title: 'Happy', budgetMinor: 1_000_00, startsAt: new Date(suite.clock.now() - 5 * DAY),
      config: { gifts: [{ id: 'daily', giftName: '2.88', category: 2, amountMinor: 2_88, basis: 'dailyTurnover', threshold: 500_00 }] },
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    const today = beijingDay(now()).start.getTime();
    await bet(memberId, 400_00, new Date(today - 3_600_000));
    await bet(memberId, 200_00, new Date(today + 1000)); // today's bets count tomorrow
    expect((await suite.call(happySendList, { activityId: activity.id }, { token })).body.data).toMatchObject({ activityMoney: 400, giftList: [{ status: 0 }] });
    await bet(memberId, 100_00, new Date(today - 7_200_000));
    const take = () => suite.callWithKey(happySendApply, { activityId: activity.id, giftId: 'daily', termsVersion: 1 }, token);
    expect((await take()).body.data.amount).toBe(2.88);
    expect((await take()).body.code).toBe(CODE.giftAlreadyTaken);
    suite.clock.advance(DAY);
    await bet(memberId, 300_00, new Date(beijingDay(now()).start.getTime() - 1000));
    expect((await take()).body.data.amount).toBe(2.88);
    expect((await claimRows(suite.db, activity.id, memberId)).length).toBe(2);
  });

  it('luxury exchange: points from turnover buy gifts; a refused real gift gives its points back; remind; points short', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'luxury_gift', title: 'Luxury', budgetMinor: 1_000_00,
      config: { pointMinor: 100_00, gifts: [{ id: 'cash', giftName: '10 yuan', category: 2, amountMinor: 10_00, basis: 'points', threshold: 5 }, { id: 'watch', giftName: 'Watch', category: 1, amountMinor: 1_299_00, basis: 'points', threshold: 8 }] },
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 1_250_00); // 12 points
    await suite.call(addressUpdate, ADDRESS, { token });
    const exchange = (giftId: string) => suite.callWithKey(luxuryExchange, { activityId: activity.id, giftId, termsVersion: 1 }, token);
    expect((await exchange('cash')).body.data).toMatchObject({ amount: 10, pointsLeft: 7 });
    expect((await exchange('watch')).body.code).toBe(CODE.giftPointsShort);
    expect((await suite.call(luxuryRemind, { activityId: activity.id, giftId: 'watch' }, { token })).body.data).toEqual({ giftId: 'watch', reminded: true, pointsMissing: 1 });
    await bet(memberId, 100_00);
    const watch = (await exchange('watch')).body.data;
    expect(watch).toMatchObject({ amount: 0, pointsLeft: 0 });
    const gifts = (await suite.call(luxuryGift, { activityId: activity.id }, { token })).body.data;
    expect(gifts).toMatchObject({ points: 0, reminders: ['watch'] });
    expect(gifts.exchanges.map((row) => [row.giftId, row.points, row.applicationStatus])).toEqual([['watch', 8, 0], ['cash', 5, null]]);
    await suite.call(opsGiftApplyReject, { id: watch.applicationId!, reason: 'Out of stock' }, ops());
    expect((await suite.call(luxuryGift, { activityId: activity.id }, { token })).body.data.points).toBe(8);
    expect((await exchange('cash')).body.data).toMatchObject({ amount: 10, pointsLeft: 3 });
    expect(await walletOf(suite.db, memberId)).toBe(20_00);
  });

  it('top gift: ranking by turnover with masked names, my rank, exchange validity and exchange', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'top_gift', title: 'Top', budgetMinor: 1_000_00,
      config: { pointMinor: 50_00, gifts: [{ id: 'cash', giftName: '20 yuan', category: 2, amountMinor: 20_00, basis: 'points', threshold: 10 }] },
    });
    const high = await suite.memberWithBalance(0);
    const low = await suite.memberWithBalance(0);
    await bet(high.memberId, 987_65);
    await bet(low.memberId, 312_34);
    const list = (await suite.call(topGiftList, { activityId: activity.id })).body.data.list;
    const ours = list.filter((row) => row.turnover === 987.65 || row.turnover === 312.34);
    expect(ours.map((row) => row.turnover)).toEqual([987.65, 312.34]);
    expect(ours[0]!.rank).toBeLessThan(ours[1]!.rank);
    expect(ours[0]!.name).toMatch(/^mb\*\*\*\d$/);
    expect((await suite.call(topGiftUserInfo, { activityId: activity.id }, { token: high.token })).body.data).toMatchObject({ turnover: 987.65, points: 19, rank: ours[0]!.rank });
    expect((await suite.call(topGiftExchangeValidity, { activityId: activity.id, giftId: 'cash' }, { token: low.token })).body.data).toMatchObject({ canApply: false, reason: expect.stringContaining('costs 10 points') });
    expect((await suite.call(topGiftExchangeValidity, { activityId: activity.id, giftId: 'cash' }, { token: high.token })).body.data.canApply).toBe(true);
    expect((await suite.callWithKey(topGiftExchange, { activityId: activity.id, giftId: 'cash', termsVersion: 1 }, high.token)).body.data).toMatchObject({ amount: 20, pointsLeft: 9 });
    expect((await suite.call(topGiftPageConfig, { activityId: activity.id }, { token: high.token })).body.data.points).toEqual({ earned: 19, spent: 10, balance: 9 });
  });

  it('top gift dividends: claimed once after the end by a member inside a prize band; refused before the end, outside the bands and after the claim period', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'top_gift', title: 'Top dividends', budgetMinor: 1_000_00, endsAt: new Date(suite.clock.now() + 3_600_000),
      config: { pointMinor: 50_00, rankPrizes: [{ fromRank: 1, toRank: 1, amountMinor: 188_00 }, { fromRank: 2, toRank: 3, amountMinor: 88_00 }], gifts: [{ id: 'cash', giftName: '20', category: 2, amountMinor: 20_00, basis: 'points', threshold: 10 }] },
    });
    const high = await suite.memberWithBalance(0);
    const low = await suite.memberWithBalance(0);
    await bet(high.memberId, 50_000_00);
    await bet(low.memberId, 1_00);
    const claim = (token: string) => suite.callWithKey(topGiftDividend, { activityId: activity.id, termsVersion: 1 }, token);
    expect((await suite.call(topGiftUserInfo, { activityId: activity.id }, { token: high.token })).body.data).toMatchObject({ rank: 1, dividend: { amount: 188, claimable: false, claimed: false } });
    expect((await claim(high.token)).body.code).toBe(CODE.activityNotLive);
    suite.clock.advance(2 * 3_600_000);
    await bet(low.memberId, 900_000_00, new Date(suite.clock.now() - 1000)); // after the end: does not count
    expect((await suite.call(topGiftUserInfo, { activityId: activity.id }, { token: high.token })).body.data.dividend).toEqual({ amount: 188, claimable: true, claimed: false });
    const low1 = await claim(low.token);
    expect(low1.body.code).toBe(CODE.giftLocked);
    expect(low1.body.msg).toMatch(/^rank \d+ is outside every prize band$/);
    expect((await claim(high.token)).body.data).toMatchObject({ rank: 1, amount: 188, centerWalletBalance: 188 });
    expect((await claim(high.token)).body.code).toBe(CODE.giftAlreadyTaken);
    expect(await walletOf(suite.db, high.memberId)).toBe(188_00);
    expect(await walletOf(suite.db, low.memberId)).toBe(0);
    expect((await suite.call(topGiftUserInfo, { activityId: activity.id }, { token: high.token })).body.data.dividend).toEqual({ amount: 188, claimable: false, claimed: true });
    suite.clock.advance(7 * DAY);
    const late = await suite.memberWithBalance(0);
    expect((await claim(late.token)).body.code).toBe(CODE.activityNotLive);
  });

  it.runIf(engine.name === 'postgres')('twenty parallel takes of one gift by one member pay it once', async () => {
    const activity = await publishedActivity(suite.db, now(), PRESENT);
    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 150_00);
    const answers = await Promise.all(Array.from({ length: 20 }, () => suite.callWithKey(presentApply, { activityId: activity.id, giftId: 'bet-100', termsVersion: 1 }, token)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.every((answer) => answer.body.code === 0 || answer.body.code === CODE.giftAlreadyTaken || answer.body.code === CODE.activityClaimTooFrequent)).toBe(true);
    expect(await walletOf(suite.db, memberId)).toBe(8_88);
  });
});
