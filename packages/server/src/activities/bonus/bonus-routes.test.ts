import { beforeAll, describe, expect, it } from 'vitest';
import {
  CODE, activityRecharge, averageDeposit, bonusForfeit, bonusMine, depositAgainInfo, depositDiscountByType, depositFirstReceive, depositFirstValidation,
  depositNoLimitApply, depositStageApply, md5Hex, withdrawalRequest, withdrawPasswordSet,
} from '@lobby/sdk';
import { walletOf } from '../../testing/members.js';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { createActivity, publishActivity, type Activity } from '../engine/index.js';
import { insertConfirmedDeposit } from '../engine/engine.fixture.js';
import { grantBonus } from './index.js';

const PIN = md5Hex('246810');
const DAY = 86_400_000;

describe.each(testEngines())('bonus calls on %s', (engine) => {
  const suite = serverSuite(engine);
  let activity: Activity;

  beforeAll(async () => {
    const now = new Date();
    const draft = await createActivity(suite.db, 4, {
      kind: 'deposit_first', title: 'Route test first deposit', config: { percentBp: 5000, maxBonusMinor: 100_00, minDepositMinor: 10_00, multiple: 10, maxBetMinor: 50_00, expiryDays: 7 },
      termsText: 'terms', startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 30 * DAY), budgetMinor: 10_000_00,
    }, now);
    activity = await publishActivity(suite.db, draft.id, now);
  });

  it("keeps the bonus apart: the member withdraws its whole centre balance while a bonus wagers, and cannot withdraw the bonus", async () => {
    const { memberId, token } = await suite.memberWithBalance(500_00);
    expect((await suite.call(withdrawPasswordSet, { password: PIN }, { token })).body.code).toBe(0);
    await suite.db.transaction((tx) => grantBonus(tx, {
      activity, memberId, claimKey: 'apart', amountMinor: 100_00, multiple: 10, expiresAt: new Date(Date.now() + DAY), maxBetMinor: 50_00, termsVersion: 1, now: new Date(),
    }));
    const mine = (await suite.call(bonusMine, {}, { token })).body.data;
    expect(mine.bonusWalletBalance).toBe(100);
    expect(mine.list[0]).toMatchObject({ amount: 100, required: 1000, done: 0, percent: 0, status: 'wagering', maxBet: 50 });
    expect(mine.list[0]!.weights).toHaveLength(7);
    const request = (amount: number) => suite.callWithKey(withdrawalRequest, { amount, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect((await request(500)).body.code).toBe(0);
    expect(await walletOf(suite.db, memberId, 'centre')).toBe(0);
    const refused = await request(100);
    expect(refused.body.code).not.toBe(0);
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(100_00);
    expect(await walletOf(suite.db, memberId, 'locked')).toBe(500_00);
  });

  it('forfeits my bonus through the call, once per key; refuses an unknown bonus', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const { grant } = await suite.db.transaction((tx) => grantBonus(tx, {
      activity, memberId, claimKey: 'forfeit', amountMinor: 5_00, multiple: 1, expiresAt: new Date(Date.now() + DAY), maxBetMinor: 50_00, termsVersion: 1, now: new Date(),
    }));
    const forfeited = await suite.callWithKey(bonusForfeit, { id: grant.id }, token, 'forfeit-key');
    expect(forfeited.body.data).toMatchObject({ bonus: { id: grant.id, status: 'forfeited' }, bonusWalletBalance: 0 });
    expect((await suite.callWithKey(bonusForfeit, { id: grant.id }, token, 'forfeit-key')).body).toEqual(forfeited.body);
    expect((await suite.callWithKey(bonusForfeit, { id: grant.id }, token)).body.code).toBe(CODE.bonusNotWagering);
    expect((await suite.callWithKey(bonusForfeit, { id: 987_654 }, token)).body.code).toBe(CODE.bonusNotFound);
  });

  it('claims the first-deposit bonus through its page calls, with the terms version shown', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.call(depositFirstValidation, { id: activity.id }, { token })).body.data).toMatchObject({ status: 0, rule: { mode: 'first', percent: 50, maxBonus: 100 } });
    await insertConfirmedDeposit(suite.db, memberId, 80_00, new Date());
    expect((await suite.call(depositFirstValidation, { id: activity.id }, { token })).body.data).toMatchObject({ status: 2, deposits: [{ amount: 80, bonus: 40, status: 2 }] });
    expect((await suite.callWithKey(depositFirstReceive, { id: activity.id, termsVersion: 99 }, token)).body.code).toBe(CODE.activityTermsChanged);
    const paid = await suite.callWithKey(depositFirstReceive, { id: activity.id, termsVersion: activity.termsVersion }, token);
    expect(paid.body.data).toMatchObject({ info: { status: 3 }, bonus: { amount: 40, required: 400, status: 'wagering' } });
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(40_00);
    expect((await suite.call(depositAgainInfo, { id: activity.id }, { token })).body.code).toBe(CODE.activityNotFound);
  });

  it('claims no-limit and stage deposit bonuses deposit by deposit through their calls, each deposit once', async () => {
    const now = new Date();
    const again = async (title: string, config: Record<string, unknown>) => publishActivity(suite.db, (await createActivity(suite.db, 4, {
      kind: 'deposit_again', title, config: { ...config, multiple: 5, maxBetMinor: 50_00, expiryDays: 7 }, termsText: 'terms',
      startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 30 * DAY), budgetMinor: 10_000_00,
    }, now)).id, now);
    const noLimit = await again('Route test no limit', { mode: 'noLimit', percentBp: 1000, maxBonusMinor: 50_00, minDepositMinor: 20_00 });
    const stage = await again('Route test stage', { mode: 'stage', stages: [{ minDepositMinor: 100_00, bonusMinor: 8_00 }, { minDepositMinor: 1_000_00, bonusMinor: 88_00 }] });
    const { memberId, token } = await suite.memberWithBalance(0);
    await insertConfirmedDeposit(suite.db, memberId, 50_00, now);
    await insertConfirmedDeposit(suite.db, memberId, 1_200_00, now);
    const deposits = (await suite.call(depositAgainInfo, { id: noLimit.id }, { token })).body.data.deposits;
    const small = deposits.find((deposit) => deposit.amount === 50)!.billNo;
    const big = deposits.find((deposit) => deposit.amount === 1200)!.billNo;
    expect(deposits.map((deposit) => deposit.bonus).sort((a, b) => a - b)).toEqual([5, 50]); // 10 %, at most 50 yuan

    // No limit: each deposit's bonus once; a repeat of the same key answers the same.
    const first = await suite.callWithKey(depositNoLimitApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: small }, token, 'no-limit-small');
    expect(first.body.data.bonus).toMatchObject({ amount: 5, required: 25, status: 'wagering' });
    expect((await suite.callWithKey(depositNoLimitApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: small }, token, 'no-limit-small')).body).toEqual(first.body);
    expect((await suite.callWithKey(depositNoLimitApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: small }, token)).body.code).toBe(CODE.depositBonusReceived);
    expect((await suite.callWithKey(depositNoLimitApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: big }, token)).body.data.bonus).toMatchObject({ amount: 50 });
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(55_00);
    // The wrong call for the activity's mode, and a deposit that is not the member's, change nothing.
    expect((await suite.callWithKey(depositStageApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: big }, token)).body.code).toBe(CODE.depositBonusWrongMode);
    expect((await suite.callWithKey(depositNoLimitApply, { id: noLimit.id, termsVersion: noLimit.termsVersion, billNo: 'T0000NOTMINE' }, token)).body.code).toBe(CODE.depositBonusNoDeposit);

    // Stage: the 50-yuan deposit reaches no stage; the 1,200-yuan one the second (88 yuan).
    expect((await suite.callWithKey(depositStageApply, { id: stage.id, termsVersion: stage.termsVersion, billNo: small }, token)).body.code).toBe(CODE.depositBonusNoDeposit);
    const staged = await suite.callWithKey(depositStageApply, { id: stage.id, termsVersion: stage.termsVersion, billNo: big }, token);
    expect(staged.body.data.bonus).toMatchObject({ amount: 88, required: 440, status: 'wagering' });
    expect(staged.body.data.info.deposits).toEqual([expect.objectContaining({ billNo: big, bonus: 88, status: 3 })]);
    expect((await suite.callWithKey(depositNoLimitApply, { id: stage.id, termsVersion: stage.termsVersion, billNo: big }, token)).body.code).toBe(CODE.depositBonusWrongMode);
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(143_00);
  });

  it('lists the deposit activities by type, previews a recharge and averages deposits', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const listed = (await suite.call(depositDiscountByType, { type: 1 })).body.data.list;
    expect(listed.find((entry) => entry.activityId === activity.id)).toMatchObject({ type: 1, kind: 'deposit_first' });
    expect(listed.every((entry) => entry.type === 1)).toBe(true);
    const preview = (await suite.call(activityRecharge, { amount: 500 }, { token })).body.data.list;
    expect(preview.find((entry) => entry.activityId === activity.id)).toMatchObject({ bonus: 100 });
    expect((await suite.call(averageDeposit, {}, { token })).body.data).toEqual({ days: 30, count: 0, total: 0, average: 0 });
    await insertConfirmedDeposit(suite.db, memberId, 100_00, new Date());
    await insertConfirmedDeposit(suite.db, memberId, 201_01, new Date());
    expect((await suite.call(averageDeposit, {}, { token })).body.data).toEqual({ days: 30, count: 2, total: 301.01, average: 150.5 });
    expect((await suite.call(activityRecharge, { amount: 500 }, { token })).body.data.list.find((entry) => entry.activityId === activity.id)).toMatchObject({ bonus: 0 });
  });
});
