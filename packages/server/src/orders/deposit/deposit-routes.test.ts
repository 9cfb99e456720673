import { describe, expect, it } from 'vitest';
import {
  CODE,
  alreadyPaid,
  bigBankProcessingOrder,
  cancelNormalOrder,
  depositAppeal,
  depositOrderStatus,
  depositPay,
  depositTipLoop,
  discountConfig,
  lastDepositInfo,
  opsSandboxPayment,
  payChannels,
  recordDetail,
  speedCancelCount,
  urgeOrder,
  type DepositOrder,
} from '@lobby/sdk';
import { serverSuite } from '../../testing/server-suite.js';
import { walletOf } from '../../testing/members.js';
import { testEngines } from '../../testing/databases.js';

describe.each(testEngines())('member deposit calls on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  const open = async (token: string, amount = 100, payTypeId = '1') => {
    const { body } = await suite.callWithKey(depositPay, { payTypeId, amount }, token);
    expect(body.code).toBe(0);
    return body.data;
  };
  const sandboxPay = (billNo: string, outcome: 'paid' | 'failed', duplicate = false) =>
    suite.call(opsSandboxPayment, { billNo, outcome, duplicate }, { token: suite.opsToken });

  it('lists the pay channels with the spec fields', async () => {
    const { token } = await suite.memberWithBalance(0);
    const { body } = await suite.call(payChannels, {}, { token });
    const bank = body.data.list.find((c) => c.pay_type_id === '1')!;
    expect(bank).toMatchObject({ typeName: 'Bank transfer', deposit_min_amount: 100, deposit_max_amount: 50_000, depositRate: 1, maxDailyDiscount: 188, transfer: true, recommend: true });
    expect(body.data.list.find((c) => c.pay_type_id === '411')!.fixed_amount).toEqual([100, 200, 500, 1000, 2000]);
  });

  it('opens an order pending payment with recipient fields, and refuses a second active order', async () => {
    const { token } = await suite.memberWithBalance(0);
    const order = await open(token, 250.5);
    expect(order).toMatchObject({ orderState: 101, orderTimeOut: 15, orderAmount: 250.5, payType: '1', transfer: true, bankName: 'Sandbox Bank' });
    expect(order.billNo).toMatch(/^D\d{22}$/);
    expect(order.expireTime).toBeGreaterThan(890);
    expect(order.recipientAccount).toMatch(/^\d{16}$/);
    const status = await suite.call(depositOrderStatus, {}, { token });
    expect(status.body.data?.billNo).toBe(order.billNo);
    const second = await suite.callWithKey(depositPay, { payTypeId: '411', amount: 50 }, token);
    expect(second.body.code).toBe(CODE.hasOtherOne);
    expect((second.body.data as DepositOrder).billNo).toBe(order.billNo);
  });

  it('rounds a discount down to the fen in integers (0.5% of 333.33 is 1.66)', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const order = await open(token, 333.33, '912');
    await sandboxPay(order.billNo, 'paid');
    expect(await walletOf(suite.db, memberId)).toBe(333_33 + 1_66);
  });

  it('credits the centre wallet once when the provider confirms, even when the callback comes twice', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const order = await open(token, 1000);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    const { body } = await sandboxPay(order.billNo, 'paid', true);
    expect(body.data.deliveries.map((d) => d.result).sort()).toEqual(['applied', 'duplicate']);
    expect(await walletOf(suite.db, memberId)).toBe(1000_00 + 10_00); // 1% discount on bank transfer
    const status = await suite.call(depositOrderStatus, { billNo: order.billNo }, { token });
    expect(status.body.data).toMatchObject({ orderState: 104, discountAmount: 10, expireTime: 0 });
    const again = await sandboxPay(order.billNo, 'paid');
    expect(again.body.data.deliveries[0]!.result).toBe('ignored:order is 104');
    expect(await walletOf(suite.db, memberId)).toBe(1010_00);
    const tip = await suite.call(depositTipLoop, {}, { token });
    expect(tip.body.data).toMatchObject({ status: 1, billNo: order.billNo });
    expect((await suite.call(depositTipLoop, {}, { token })).body.data.status).toBe(0);
    const discount = await suite.call(discountConfig, {}, { token });
    expect(discount.body.data.list.find((c) => c.pay_type_id === '1')!.usedToday).toBe(10);
  });

  it('closes the order without money when the provider reports a failure', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const order = await open(token, 200, '411');
    await sandboxPay(order.billNo, 'failed');
    expect((await suite.call(lastDepositInfo, {}, { token })).body.data).toMatchObject({ billNo: order.billNo, orderState: 103 });
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('moves through already-paid, urge (once a minute) and appeal; cancel is refused once paid', async () => {
    const { token } = await suite.memberWithBalance(0);
    const order = await open(token);
    const paid = await suite.call(alreadyPaid, { billNo: order.billNo }, { token });
    expect(paid.body.data.orderState).toBe(102);
    expect((await suite.call(urgeOrder, { billNo: order.billNo }, { token })).body.data.urgeCount).toBe(1);
    expect((await suite.call(urgeOrder, { billNo: order.billNo }, { token })).body.code).toBe(CODE.urgeTooSoon);
    suite.clock.advance(61_000);
    expect((await suite.call(urgeOrder, { billNo: order.billNo }, { token })).body.data.urgeCount).toBe(2);
    const cancel = await suite.call(cancelNormalOrder, { billNo: order.billNo }, { token });
    expect(cancel.body.code).toBe(CODE.illegalTransition);
    expect(cancel.body.msg).toMatch(/pending confirmation/);
    const appeal = await suite.call(depositAppeal, { billNo: order.billNo, content: '<b>paid at 10:00</b>' }, { token });
    expect(appeal.body.data.appealed).toBe(true);
    expect((await suite.call(alreadyPaid, { billNo: order.billNo }, { token })).body.code).toBe(CODE.illegalTransition);
  });

  it('cancels orders pending payment, counting and limiting cancellations a day', async () => {
    const { token } = await suite.memberWithBalance(0);
    for (let i = 0; i < 3; i += 1) {
      const order = await open(token);
      expect((await suite.call(cancelNormalOrder, { billNo: order.billNo }, { token })).body.data.orderState).toBe(103);
    }
    expect((await suite.call(speedCancelCount, {}, { token })).body.data).toEqual({ count: 3, limit: 3 });
    const fourth = await open(token);
    expect((await suite.call(cancelNormalOrder, { billNo: fourth.billNo }, { token })).body.code).toBe(CODE.tooMany);
  });

  it('expires an unpaid order after orderTimeOut; a late confirmation changes nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0, { siteId: 4 });
    const order = await open(token, 5000, '112');
    expect((await suite.call(bigBankProcessingOrder, {}, { token })).body.data?.billNo).toBe(order.billNo);
    suite.clock.advance(15 * 60_000 + 1000);
    expect((await suite.call(depositOrderStatus, { billNo: order.billNo }, { token })).body.data).toMatchObject({ orderState: 105, expireTime: 0 });
    expect((await suite.call(bigBankProcessingOrder, {}, { token })).body.data).toBeNull();
    const late = await sandboxPay(order.billNo, 'paid');
    expect(late.body.data.deliveries[0]!.result).toBe('ignored:order is 105');
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('hides every order from other members, whatever billNo they try', async () => {
    const owner = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);
    const order = await open(owner.token);
    for (const [call, request] of [
      [depositOrderStatus, { billNo: order.billNo }],
      [cancelNormalOrder, { billNo: order.billNo }],
      [alreadyPaid, { billNo: order.billNo }],
      [urgeOrder, { billNo: order.billNo }],
      [depositAppeal, { billNo: order.billNo, content: 'mine' }],
      [recordDetail, { billNo: order.billNo }],
    ] as const) {
      const { body } = await suite.call(call, request as never, { token: other.token });
      expect(body.code).toBe(CODE.orderNotFound);
    }
    expect((await suite.call(depositOrderStatus, {}, { token: other.token })).body.data).toBeNull();
    expect((await suite.call(depositOrderStatus, { billNo: order.billNo }, { token: owner.token })).body.data?.orderState).toBe(101);
  });

  it('refuses bad input with 400 or a business code, never 500, and opens nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const cases: [unknown, number][] = [
      [{ payTypeId: '1', amount: 0 }, CODE.invalidField],
      [{ payTypeId: '1', amount: 100.123 }, CODE.invalidField],
      [{ payTypeId: '1', amount: -5 }, CODE.invalidField],
      [{ payTypeId: 'abc', amount: 100 }, CODE.invalidField],
      [{ payTypeId: '1', amount: '100' }, CODE.invalidField],
      [{ payTypeId: '1', amount: 100, extra: 1 }, CODE.unknownField],
      [{ payTypeId: '999', amount: 100 }, CODE.payChannelNotFound],
      [{ payTypeId: '1', amount: 99.99 }, CODE.amountOutOfRange],
      [{ payTypeId: '1', amount: 50_000.01 }, CODE.amountOutOfRange],
    ];
    for (const [request, code] of cases) {
      const { status, body } = await suite.callWithKey(depositPay, request as never, token);
      expect(status).toBeLessThan(500);
      expect(body.code).toBe(code);
    }
    expect((await suite.call(recordDetail, { billNo: 'D1; DROP TABLE x' }, { token })).status).toBe(400);
    expect((await suite.call(lastDepositInfo, {}, { token })).body.data).toBeNull();
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('answers a replayed idempotency key with the first order, and refuses the key with another body', async () => {
    const { token } = await suite.memberWithBalance(0);
    const first = await suite.callWithKey(depositPay, { payTypeId: '1', amount: 300 }, token, 'deposit-key-1');
    const replay = await suite.callWithKey(depositPay, { payTypeId: '1', amount: 300 }, token, 'deposit-key-1');
    expect(replay.body.data.billNo).toBe(first.body.data.billNo);
    const reused = await suite.callWithKey(depositPay, { payTypeId: '1', amount: 301 }, token, 'deposit-key-1');
    expect(reused.status).toBe(409);
    expect((await suite.call(depositPay, { payTypeId: '1', amount: 300 }, { token })).body.code).toBe(CODE.idempotencyKeyMissing);
  });

  it('refuses the payment when the provider declines or times out, leaving no order; a slow answer still works', async () => {
    const { token } = await suite.memberWithBalance(0);
    suite.app.payments.sandbox.timeoutMs = 100;
    suite.app.payments.sandbox.injectFault({ kind: 'decline' }, { kind: 'hang' }, { kind: 'delay', delayMs: 30 });
    expect((await suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(CODE.paymentDeclined);
    expect((await suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(CODE.paymentProviderTimeout);
    expect((await suite.call(lastDepositInfo, {}, { token })).body.data).toBeNull();
    expect((await suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)).body.data.orderState).toBe(101);
    suite.app.payments.sandbox.timeoutMs = 3000;
  });

  it('opens one order when several depositPay calls with different keys race', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === CODE.hasOtherOne)).toHaveLength(5);
    const { rows } = await suite.db.query('SELECT 1 FROM deposit_orders WHERE member_id = $1', [memberId]);
    expect(rows).toHaveLength(1);
  });

  it('answers record detail by billNo for the owner', async () => {
    const { token } = await suite.memberWithBalance(0);
    const order = await open(token, 123.45);
    const { body } = await suite.call(recordDetail, { billNo: order.billNo }, { token });
    expect(body.data).toMatchObject({ dealType: 'deposit', orderState: 101, statusName: 'pending payment', auditStatus: 0, amount: 123.45, currency: 'RMB' });
  });
});
