import { describe, expect, it } from 'vitest';
import {
  CODE,
  depositPay,
  opsDepositConfirm,
  opsDepositReject,
  opsPayChannelState,
  payChannels,
  speedAppealConfig,
  speedToCardAppeal,
  speedToCardCancel,
  speedToCardConfig,
  speedToCardConfirm,
  speedToCardInfo,
  speedToCardRemind,
  type DepositOrder,
} from '@lobby/sdk';
import { serverSuite } from '../../../testing/server-suite.js';
import { walletOf } from '../../../testing/members.js';
import { testEngines } from '../../../testing/databases.js';

describe.each(testEngines())('fast-to-card (912) deposit flow and the real conditions of section 8 on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const open = async (token: string, amount = 300, payTypeId = '912') => {
    const { body } = await suite.callWithKey(depositPay, { payTypeId, amount }, token);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const setRealName = (memberId: number, name: string) => suite.db.query('UPDATE members SET real_name = $2 WHERE id = $1', [memberId, name]);
  const ordersOf = async (memberId: number) => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1', [memberId])).rows[0]!.n;
  const channelState = (siteId: number, payTypeId: string, state: 'open' | 'maintenance' | 'disabled' | 'unstaffed') =>
    suite.call(opsPayChannelState, { siteId, payTypeId, state }, { token: suite.opsToken });

  it('shows the card to pay to and both deadlines, checks the payer name, reminds (spaced, limited) and credits only on the operator’s confirmation', async () => {
    const { memberId, token } = await suite.memberWithBalance(0, { siteId: 4 });
    expect((await suite.call(speedToCardInfo, {}, { token })).body.data).toBeNull();
    const key = crypto.randomUUID();
    const first = await suite.callWithKey(depositPay, { payTypeId: '912', amount: 300 }, token, key);
    const again = await suite.callWithKey(depositPay, { payTypeId: '912', amount: 300 }, token, key);
    expect(again.body.data.billNo).toBe(first.body.data.billNo);
    expect(await ordersOf(memberId)).toBe(1);
    const billNo = first.body.data.billNo;

    const info = (await suite.call(speedToCardInfo, {}, { token })).body.data!;
    expect(info.order).toMatchObject({ billNo, orderState: 101, orderAmount: 300, payType: '912', bankName: 'Sandbox Bank' });
    expect(info.order.recipientAccount).toMatch(/^\d{16}$/);
    expect(info.payExpireTime).toBeGreaterThan(890);
    expect(new Date(info.payDeadline).getTime()).toBe(suite.clock.now() + 15 * 60_000);
    expect(info).toMatchObject({ confirmDeadline: '', confirmExpireTime: 0, remindCount: 0, remindLimit: 3, cancelCount: 0, cancelLimit: 3, payerName: '' });

    // A reminder before confirming payment is refused; so is a payer name with no real name to check it against.
    expect((await suite.call(speedToCardRemind, { billNo }, { token })).body.code).toBe(CODE.illegalTransition);
    expect((await suite.call(speedToCardConfirm, { billNo, payerName: '王五' }, { token })).body.code).toBe(CODE.authenticationFailure);
    await setRealName(memberId, '张三');
    const wrong = await suite.call(speedToCardConfirm, { billNo, payerName: '王五' }, { token });
    expect(wrong.body.code).toBe(CODE.errorName);
    expect((await suite.call(speedToCardInfo, { billNo }, { token })).body.data!.order.orderState).toBe(101);

    suite.clock.advance(60_000);
    const confirmed = (await suite.call(speedToCardConfirm, { billNo, payerName: ' 张三 ' }, { token })).body.data;
    expect(confirmed).toMatchObject({ payerName: '张三', payExpireTime: 0, confirmExpireTime: 900, remindAfter: 0 });
    expect(confirmed.order.orderState).toBe(102);
    expect(new Date(confirmed.confirmDeadline).getTime()).toBe(suite.clock.now() + 15 * 60_000);
    expect((await suite.call(speedToCardConfirm, { billNo, payerName: '张三' }, { token })).body.code).toBe(CODE.illegalTransition);

    const reminded = (await suite.call(speedToCardRemind, { billNo }, { token })).body.data;
    expect(reminded).toMatchObject({ remindCount: 1, remindAfter: 60 });
    expect((await suite.call(speedToCardRemind, { billNo }, { token })).body.code).toBe(CODE.urgeTooSoon);
    for (const count of [2, 3]) {
      suite.clock.advance(61_000);
      expect((await suite.call(speedToCardRemind, { billNo }, { token })).body.data.remindCount).toBe(count);
    }
    suite.clock.advance(61_000);
    expect((await suite.call(speedToCardRemind, { billNo }, { token })).body.code).toBe(CODE.speedRemindLimit);
    expect((await suite.call(speedToCardInfo, { billNo }, { token })).body.data!.confirmExpireTime).toBe(900 - 3 * 61);
    expect(await walletOf(suite.db, memberId)).toBe(0);

    expect((await suite.call(opsDepositConfirm, { billNo }, { token: suite.opsToken })).body.code).toBe(0);
    expect(await walletOf(suite.db, memberId)).toBe(300_00 + 1_50); // 0.5% reward
    const done = (await suite.call(speedToCardInfo, { billNo }, { token })).body.data!;
    expect(done).toMatchObject({ confirmExpireTime: 0, remindAfter: 0 });
    expect(done.order).toMatchObject({ orderState: 104, discountAmount: 1.5 });
    expect((await suite.call(speedToCardInfo, {}, { token })).body.data).toBeNull();
  });

  it('takes one appeal with a reason of the appeal config, in the states the config names', async () => {
    const { token } = await suite.memberWithBalance(0, { siteId: 4 });
    const config = (await suite.call(speedAppealConfig, {}, { token })).body.data;
    expect(config).toEqual({ reasons: ['paidNotConfirmed', 'wrongAmount', 'cardProblem', 'other'], maxLength: 500, states: [102, 103, 105] });
    const order = await open(token, 500);
    const early = await suite.call(speedToCardAppeal, { billNo: order.billNo, reason: 'other', content: 'x' }, { token });
    expect(early.body.code).toBe(CODE.illegalTransition);
    await suite.call(opsDepositReject, { billNo: order.billNo }, { token: suite.opsToken });
    const badReason = await suite.call(speedToCardAppeal, { billNo: order.billNo, reason: 'nope' as 'other', content: 'x' }, { token });
    expect(badReason.body.code).toBe(CODE.invalidField);
    const appealed = (await suite.call(speedToCardAppeal, { billNo: order.billNo, reason: 'paidNotConfirmed', content: '<b>paid 500 at 10:02</b>' }, { token })).body.data;
    expect(appealed).toMatchObject({ appealReason: 'paidNotConfirmed', appealContent: '<b>paid 500 at 10:02</b>' });
    expect(appealed.order.appealed).toBe(true);
    expect((await suite.call(speedToCardAppeal, { billNo: order.billNo, reason: 'other', content: 'again' }, { token })).body.code).toBe(CODE.speedAlreadyAppealed);
  });

  it('counts speed cancellations (tooMany after 3) and speed orders a day (payCount; tooMany after 5); refuses other orders and other members', async () => {
    // The app's day, not the database's: two days ahead of the database clock, each
    // cancellation still counts for today (order events carry the app clock's time).
    suite.clock.advance(2 * 24 * 3600_000);
    const { memberId, token } = await suite.memberWithBalance(0, { siteId: 4 });
    const other = await suite.memberWithBalance(0, { siteId: 4 });
    for (let i = 0; i < 3; i += 1) {
      const order = await open(token, 200 + i);
      const cancelled = (await suite.call(speedToCardCancel, { billNo: order.billNo }, { token })).body.data;
      expect(cancelled).toMatchObject({ cancelCount: i + 1, cancelLimit: 3 });
      expect(cancelled.order.orderState).toBe(103);
    }
    const fourth = await open(token, 400);
    expect((await suite.call(speedToCardInfo, { billNo: fourth.billNo }, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    // Another member reaches none of it: every speed call answers orderNotFound and nothing changes.
    const bill = { billNo: fourth.billNo };
    expect((await suite.call(speedToCardConfirm, { ...bill, payerName: 'x' }, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    expect((await suite.call(speedToCardRemind, bill, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    expect((await suite.call(speedToCardCancel, bill, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    expect((await suite.call(speedToCardAppeal, { ...bill, reason: 'other', content: 'x' }, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    const refused = await suite.call(speedToCardCancel, { billNo: fourth.billNo }, { token });
    expect(refused.body.code).toBe(CODE.tooMany);
    expect((await suite.call(speedToCardInfo, { billNo: fourth.billNo }, { token })).body.data!.order.orderState).toBe(101);
    await suite.call(opsDepositReject, { billNo: fourth.billNo }, { token: suite.opsToken });
    const fifth = await open(token, 500);
    await suite.call(opsDepositReject, { billNo: fifth.billNo }, { token: suite.opsToken });
    expect((await suite.call(speedToCardConfig, {}, { token })).body.data.payCount).toBe(0);
    const sixth = await suite.callWithKey(depositPay, { payTypeId: '912', amount: 600 }, token);
    expect(sixth.body.code).toBe(CODE.tooMany);
    expect(await ordersOf(memberId)).toBe(5);
    // A bank-transfer order is not a speed order.
    const bank = await open(token, 150, '1');
    expect((await suite.call(speedToCardInfo, { billNo: bank.billNo }, { token })).body.code).toBe(CODE.speedOrderNotSpeed);
    expect((await suite.call(speedToCardRemind, { billNo: bank.billNo }, { token })).body.code).toBe(CODE.speedOrderNotSpeed);
  });

  it('refuses depositPay for the real conditions of spec section 8, writing nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0, { siteId: 4 });
    const refused = async (request: { payTypeId: string; amount: number; depositorName?: string }, code: number, auroraToken?: string) => {
      const { body } = auroraToken
        ? await suite.call(depositPay, request, { token: auroraToken, siteId: 8, headers: { 'x-idempotency-key': crypto.randomUUID() } })
        : await suite.callWithKey(depositPay, request, token);
      expect(body.code, `${request.payTypeId} ${body.msg}`).toBe(code);
      return body;
    };
    try {
      expect((await channelState(4, '912', 'maintenance')).body.data).toEqual({ siteId: 4, payTypeId: '912', state: 'maintenance' });
      await refused({ payTypeId: '912', amount: 300 }, CODE.noAvailable);
      expect((await suite.call(speedToCardConfig, {}, { token })).body.data.bankMaintain).toBe(true);
      await channelState(4, '411', 'maintenance');
      const recommend = await refused({ payTypeId: '411', amount: 100 }, CODE.recommendPayment);
      expect(recommend.data).toEqual({ pay_type_id: '1' });
      await channelState(4, '1', 'disabled');
      await refused({ payTypeId: '1', amount: 150, depositorName: '张三' }, CODE.disabled);
      expect((await suite.call(payChannels, {}, { token })).body.data.list.map((c) => c.pay_type_id)).not.toContain('1');
      // With the recommended channel disabled, a channel in maintenance has nothing to recommend.
      await refused({ payTypeId: '411', amount: 100 }, CODE.noAvailable);
      await channelState(4, '112', 'unstaffed');
      await refused({ payTypeId: '112', amount: 6000 }, CODE.noLabor);
      expect((await channelState(4, '999', 'disabled')).body.code).toBe(CODE.payChannelNotFound);
      expect((await channelState(4, '912', 'open' as const)).body.code).toBe(0);
      for (const payTypeId of ['411', '1', '112']) await channelState(4, payTypeId, 'open');
      await refused({ payTypeId: '112', amount: 600_000 }, CODE.helpGuests);
      await refused({ payTypeId: '912', amount: 300, depositorName: '李四' }, CODE.authenticationFailure);
      await setRealName(memberId, '张三');
      await refused({ payTypeId: '912', amount: 300, depositorName: '李四' }, CODE.errorName);
      expect(await ordersOf(memberId)).toBe(0);
      expect((await suite.call(payChannels, {}, { token })).body.data.list.map((c) => c.pay_type_id)).toContain('1');
      const order = (await suite.callWithKey(depositPay, { payTypeId: '912', amount: 300, depositorName: '张三' }, token)).body.data as DepositOrder;
      expect(order.orderState).toBe(101);
      // WeChat QR is offered on lobby, not on aurora: wrongPay there; an id no brand offers stays payChannelNotFound.
      const aurora = await suite.memberWithBalance(0, { siteId: 8 });
      await suite.db.query(`UPDATE members SET phone = '13800138000' WHERE id = $1`, [aurora.memberId]);
      await refused({ payTypeId: '312', amount: 100 }, CODE.wrongPay, aurora.token);
      await refused({ payTypeId: '999', amount: 100 }, CODE.payChannelNotFound, aurora.token);
    } finally {
      for (const payTypeId of ['912', '411', '1', '112']) await channelState(4, payTypeId, 'open');
    }
  });
});
