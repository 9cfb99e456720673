import { describe, expect, it } from 'vitest';
import {
  CODE, REBATE_BASIS_POINTS, bankNotice, buffCardList, fanShuiClaim, fanShuiInfo, memberCredit, promoV2ListApply, virtualCurrencyInfo, welfareCenter, yebTaskList,
  yuebaoToYeb,
} from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { createSession } from '../../members/sessions.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { insertConfirmedDeposit, publishedActivity } from '../engine/engine.fixture.js';
import { yebTaskRunning } from './index.js';

const DAY = 86_400_000;

describe.each(testEngines())('the remaining activity calls on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const now = () => new Date(suite.clock.now());
  const bet = (memberId: number, stakeMinor: number, at = new Date(suite.clock.now() - 60_000)) => insertBet(suite.db, { memberId, stakeMinor, placedAt: at });

  it('fan shui: 0.50 % of unrebated valid bets of the last 30 days, each bet once; nothing to claim is refused and changes nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    await bet(memberId, 1_000_00);
    await bet(memberId, 234_56);
    await bet(memberId, 5_000_00, new Date(suite.clock.now() - 31 * DAY)); // outside the window
    await insertBet(suite.db, { memberId, stakeMinor: 700_00, placedAt: new Date(suite.clock.now() - 1000), status: 'void' });
    const info = (await suite.call(fanShuiInfo, {}, { token })).body.data;
    expect(info).toMatchObject({ rateBasisPoints: REBATE_BASIS_POINTS, buffBasisPoints: 0, windowDays: 30, pendingBets: 2, pendingTurnover: 1_234.56, pendingAmount: 6.17, claims: [] });
    const key = `rebate-${memberId}`;
    const claimed = await suite.callWithKey(fanShuiClaim, {}, token, key);
    expect(claimed.body.data).toMatchObject({ claim: { amount: 6.17, turnover: 1_234.56, bets: 2 }, centerWalletBalance: 6.17 });
    expect((await suite.callWithKey(fanShuiClaim, {}, token, key)).body).toEqual(claimed.body);
    const none = await suite.callWithKey(fanShuiClaim, {}, token);
    expect(none.body.code).toBe(CODE.rebateNothingToClaim);
    expect(await walletOf(suite.db, memberId)).toBe(6_17);
    await bet(memberId, 100);
    expect((await suite.callWithKey(fanShuiClaim, {}, token)).body.code).toBe(CODE.rebateNothingToClaim); // 1 yuan at 0.5 % is half a fen
    expect((await suite.db.query('SELECT count(*)::int AS n FROM promo_rebate_claims WHERE member_id = $1', [memberId])).rows).toEqual([{ n: 1 }]);
    expect((await suite.call(fanShuiInfo, {}, { token })).body.data).toMatchObject({ pendingBets: 1, pendingAmount: 0, claims: [{ amount: 6.17 }] });
  });

  it('buff cards: a virtual gift with a buff raises the fan shui rate while it lasts; welfare centre and yuebao tasks read real standing', async () => {
    const activity = await publishedActivity(suite.db, now(), {
      kind: 'promo_v2', title: 'Buff and yuebao', budgetMinor: 100_00,
      config: { gifts: [
        { id: 'buff', giftName: 'Buff +0.20 %', category: 0, amountMinor: 0, basis: 'vipLevel', threshold: 0, buff: { rebateBasisPoints: 20, days: 7 } },
        { id: 'yeb', giftName: 'Yuebao task', category: 2, amountMinor: 5_00, basis: 'yuebao', threshold: 1_000_00 },
      ] },
    });
    const { memberId, token } = await suite.memberWithBalance(2_000_00);
    const welfare = (await suite.call(welfareCenter, {}, { token })).body.data;
    expect(welfare.activities.find((row) => row.activityId === activity.id)).toMatchObject({ available: 1 });
    expect(await yebTaskRunning(suite.db, 4, now())).toBe(true);
    expect(await yebTaskRunning(suite.db, 4, new Date(suite.clock.now() - 400 * DAY))).toBe(false); // nothing had started then
    const tasks = (await suite.call(yebTaskList, {}, { token })).body.data;
    expect(tasks.yuebao).toBe(0);
    expect(tasks.tasks.find((task) => task.activityId === activity.id)?.gift).toMatchObject({ id: 'yeb', status: 0, threshold: 1000, progress: 0 });
    expect((await suite.callWithKey(yuebaoToYeb, { money: 1_000 }, token)).body.code).toBe(0);
    expect((await suite.call(yebTaskList, {}, { token })).body.data.tasks.find((task) => task.activityId === activity.id)?.gift).toMatchObject({ status: 1, progress: 1000 });
    expect((await suite.callWithKey(promoV2ListApply, { activityId: activity.id, giftId: 'yeb', termsVersion: 1 }, token)).body.data.amount).toBe(5);

    expect((await suite.callWithKey(promoV2ListApply, { activityId: activity.id, giftId: 'buff', termsVersion: 1 }, token)).body.data).toMatchObject({ amount: 0, gift: { status: 2 } });
    const cards = (await suite.call(buffCardList, {}, { token })).body.data.cards;
    expect(cards).toEqual([{ activityId: activity.id, giftId: 'buff', giftName: 'Buff +0.20 %', rebateBasisPoints: 20, takenAt: now().toISOString(), expiresAt: new Date(suite.clock.now() + 7 * DAY).toISOString(), active: true }]);
    await bet(memberId, 1_000_00);
    expect((await suite.call(fanShuiInfo, {}, { token })).body.data).toMatchObject({ buffBasisPoints: 20, pendingAmount: 7 });
    expect((await suite.call(welfareCenter, {}, { token })).body.data).toMatchObject({ rebatePending: 7, applicationsUnderReview: 0 });
    suite.clock.advance(7 * DAY);
    const later = await createSession(suite.db, memberId, 'test-device-0001', suite.clock.now()); // the first session has timed out
    expect((await suite.call(buffCardList, {}, { token: later })).body.data.cards[0]!.active).toBe(false);
    expect((await suite.call(fanShuiInfo, {}, { token: later })).body.data).toMatchObject({ buffBasisPoints: 0, pendingAmount: 5 });
  });

  it('member credit counts the identity checks passed; bank notice names cards another account shares', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const credit = (await suite.call(memberCredit, {}, { token })).body.data;
    expect(credit).toEqual({ checks: [{ key: 'phone', passed: false }, { key: 'realName', passed: false }, { key: 'bankCard', passed: false }, { key: 'deposit', passed: false }, { key: 'accountAge', passed: false }], passed: 0, total: 5 });
    await suite.db.query("UPDATE members SET phone = '13800138001', real_name = 'Li Lei', created_at = $2 WHERE id = $1", [memberId, new Date(suite.clock.now() - 8 * DAY)]);
    await insertConfirmedDeposit(suite.db, memberId, 100_00, new Date(suite.clock.now() - 1000));
    const other = await suite.memberWithBalance(0);
    const card = "INSERT INTO member_bank_cards (member_id, card_type, bank_name, card_no, real_name) VALUES ($1, 0, $2, $3, 'Li Lei')";
    await suite.db.query(card, [memberId, 'ICBC', '6222 0000 0000 1234']);
    await suite.db.query(card, [memberId, 'CMB', '6225000000005678']);
    await suite.db.query(card, [other.memberId, 'ICBC', '6222000000001234']);
    expect((await suite.call(memberCredit, {}, { token })).body.data).toMatchObject({ passed: 5, total: 5 });
    expect((await suite.call(bankNotice, {}, { token })).body.data.notices).toEqual([
      { bankName: 'ICBC', cardTail: '1234', sharedWithAnotherAccount: true },
      { bankName: 'CMB', cardTail: '5678', sharedWithAnotherAccount: false },
    ]);
    expect((await suite.call(bankNotice, {}, {})).body.code).toBe(CODE.tokenMissing);
  });

  it('virtual currency info: the protocols, and the USDT deposit protocols and rate of the brand', async () => {
    const info = (await suite.call(virtualCurrencyInfo, {})).body.data;
    expect(info.protocols.map((protocol) => protocol.name)).toEqual(['TRC20', 'ERC20', 'OMNI', 'EBPAY', 'KOIPAY', 'BTC', 'ETH', 'BNB', 'TRX']);
    expect(info.supportUsdt).toBe(true);
    expect(info.depositProtocols).toEqual(['TRC20', 'ERC20']);
    expect(info.exchangeRate).toBeGreaterThan(0);
  });
});
