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
import { testAppSuite } from '../../testing/app-suite.js';
import type { callApi } from '../../testing/client.js';
import { testEngines } from '../../testing/databases.js';
import { TestClock, clockedApi, keyed as keyedAt, orderMember, walletOf } from '../../testing/orders.js';

describe.each(testEngines())('member deposit calls on %s', (engine) => {
  const clock = new TestClock();
  const suite = testAppSuite(engine, { providers: { clock } });
  const api = <C extends Parameters<typeof callApi>[1]>(...args: Parameters<typeof callApi<C>> extends [unknown, ...infer R] ? R : never) => clockedApi(suite.app, clock)(...args);
  const keyed: typeof keyedAt = (a, call, request, token, key, timestamp) => keyedAt(a, call, request, token, key, timestamp ?? clock.now());

  const open = async (token: string, amount = 100, payTypeId = '1') => {
    const { body } = await keyed(suite.app, depositPay, { payTypeId, amount }, token);
    expect(body.code).toBe(0);
    return body.data;
  };
  const sandboxPay = (billNo: string, outcome: 'paid' | 'failed', duplicate = false) =>
    api(opsSandboxPayment, { billNo, outcome, duplicate }, { token: suite.opsToken });

  it('lists the pay channels with the spec fields', async () => {
    const { token } = await orderMember(suite.db, 0);
    const { body } = await api(payChannels, {}, { token });
    const bank = body.data.list.find((c) => c.pay_type_id === '1')!;
    expect(bank).toMatchObject({ typeName: 'Bank transfer', deposit_min_amount: 100, deposit_max_amount: 50_000, depositRate: 1, maxDailyDiscount: 188, transfer: true, recommend: true });
    expect(body.data.list.find((c) => c.pay_type_id === '411')!.fixed_amount).toEqual([100, 200, 500, 1000, 2000]);
  });

  it('opens an order pending payment with recipient fields, and refuses a second active order', async () => {
    const { token } = await orderMember(suite.db, 0);
    const order = await open(token, 250.5);
    expect(order).toMatchObject({ orderState: 101, orderTimeOut: 15, orderAmount: 250.5, payType: '1', transfer: true, bankName: 'Sandbox Bank' });
    expect(order.billNo).toMatch(/^D\d{22}$/);
    expect(order.expireTime).toBeGreaterThan(890);
    expect(order.recipientAccount).toMatch(/^\d{16}$/);
    const status = await api(depositOrderStatus, {}, { token });
    expect(status.body.data?.billNo).toBe(order.billNo);
    const second = await keyed(suite.app, depositPay, { payTypeId: '411', amount: 50 }, token);
    expect(second.body.code).toBe(CODE.hasOtherOne);
    expect((second.body.data as DepositOrder).billNo).toBe(order.billNo);
  });

  it('rounds a discount down to the fen in integers (0.5% of 333.33 is 1.66)', async () => {
    const { memberId, token } = await orderMember(suite.db, 0);
    const order = await open(token, 333.33, '912');
    await sandboxPay(order.billNo, 'paid');
    expect(await walletOf(suite.db, memberId)).toBe(333_33 + 1_66);
  });

  it('credits the centre wallet once when the provider confirms, even when the callback comes twice', async () => {
    const { memberId, token } = await orderMember(suite.db, 0);
    const order = await open(token, 1000);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    const { body } = await sandboxPay(order.billNo, 'paid', true);
    expect(body.data.deliveries.map((d) => d.result).sort()).toEqual(['applied', 'duplicate']);
    expect(await walletOf(suite.db, memberId)).toBe(1000_00 + 10_00); // 1% discount on bank transfer
    const status = await api(depositOrderStatus, { billNo: order.billNo }, { token });
    expect(status.body.data).toMatchObject({ orderState: 104, discountAmount: 10, expireTime: 0 });
    const again = await sandboxPay(order.billNo, 'paid');
    expect(again.body.data.deliveries[0]!.result).toBe('ignored:order is 104');
    expect(await walletOf(suite.db, memberId)).toBe(1010_00);
    const tip = await api(depositTipLoop, {}, { token });
    expect(tip.body.data).toMatchObject({ status: 1, billNo: order.billNo });
    expect((await api(depositTipLoop, {}, { token })).body.data.status).toBe(0);
    const discount = await api(discountConfig, {}, { token });
    expect(discount.body.data.list.find((c) => c.pay_type_id === '1')!.usedToday).toBe(10);
  });

  it('closes the order without money when the provider reports a failure', async () => {
    const { memberId, token } = await orderMember(suite.db, 0);
    const order = await open(token, 200, '411');
    await sandboxPay(order.billNo, 'failed');
    expect((await api(lastDepositInfo, {}, { token })).body.data).toMatchObject({ billNo: order.billNo, orderState: 103 });
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('moves through already-paid, urge (once a minute) and appeal; cancel is refused once paid', async () => {
    const { token } = await orderMember(suite.db, 0);
    const order = await open(token);
    const paid = await api(alreadyPaid, { billNo: order.billNo }, { token });
    expect(paid.body.data.orderState).toBe(102);
    expect((await api(urgeOrder, { billNo: order.billNo }, { token })).body.data.urgeCount).toBe(1);
    expect((await api(urgeOrder, { billNo: order.billNo }, { token })).body.code).toBe(CODE.urgeTooSoon);
    clock.advance(61_000);
    expect((await api(urgeOrder, { billNo: order.billNo }, { token })).body.data.urgeCount).toBe(2);
    const cancel = await api(cancelNormalOrder, { billNo: order.billNo }, { token });
    expect(cancel.body.code).toBe(CODE.illegalTransition);
    expect(cancel.body.msg).toMatch(/pending confirmation/);
    const appeal = await api(depositAppeal, { billNo: order.billNo, content: '<b>paid at 10:00</b>' }, { token });
    expect(appeal.body.data.appealed).toBe(true);
    expect((await api(alreadyPaid, { billNo: order.billNo }, { token })).body.code).toBe(CODE.illegalTransition);
  });

  it('cancels orders pending payment, counting and limiting cancellations a day', async () => {
    const { token } = await orderMember(suite.db, 0);
    for (let i = 0; i < 3; i += 1) {
      const order = await open(token);
      expect((await api(cancelNormalOrder, { billNo: order.billNo }, { token })).body.data.orderState).toBe(103);
    }
    expect((await api(speedCancelCount, {}, { token })).body.data).toEqual({ count: 3, limit: 3 });
    const fourth = await open(token);
    expect((await api(cancelNormalOrder, { billNo: fourth.billNo }, { token })).body.code).toBe(CODE.tooMany);
  });

  it('expires an unpaid order after orderTimeOut; a late confirmation changes nothing', async () => {
    const { memberId, token } = await orderMember(suite.db, 0, 4, clock.now());
    const order = await open(token, 5000, '112');
    expect((await api(bigBankProcessingOrder, {}, { token })).body.data?.billNo).toBe(order.billNo);
    clock.advance(15 * 60_000 + 1000);
    expect((await api(depositOrderStatus, { billNo: order.billNo }, { token })).body.data).toMatchObject({ orderState: 105, expireTime: 0 });
    expect((await api(bigBankProcessingOrder, {}, { token })).body.data).toBeNull();
    const late = await sandboxPay(order.billNo, 'paid');
    expect(late.body.data.deliveries[0]!.result).toBe('ignored:order is 105');
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('hides every order from other members, whatever billNo they try', async () => {
    const owner = await orderMember(suite.db, 0);
    const other = await orderMember(suite.db, 0);
    const order = await open(owner.token);
    for (const [call, request] of [
      [depositOrderStatus, { billNo: order.billNo }],
      [cancelNormalOrder, { billNo: order.billNo }],
      [alreadyPaid, { billNo: order.billNo }],
      [urgeOrder, { billNo: order.billNo }],
      [depositAppeal, { billNo: order.billNo, content: 'mine' }],
      [recordDetail, { billNo: order.billNo }],
    ] as const) {
      const { body } = await api(call, request as never, { token: other.token });
      expect(body.code).toBe(CODE.orderNotFound);
    }
    expect((await api(depositOrderStatus, {}, { token: other.token })).body.data).toBeNull();
    expect((await api(depositOrderStatus, { billNo: order.billNo }, { token: owner.token })).body.data?.orderState).toBe(101);
  });

  it('refuses bad input with 400 or a business code, never 500, and opens nothing', async () => {
    const { memberId, token } = await orderMember(suite.db, 0);
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
      const { status, body } = await keyed(suite.app, depositPay, request as never, token);
      expect(status).toBeLessThan(500);
      expect(body.code).toBe(code);
    }
    expect((await api(recordDetail, { billNo: 'D1; DROP TABLE x' }, { token })).status).toBe(400);
    expect((await api(lastDepositInfo, {}, { token })).body.data).toBeNull();
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('answers a replayed idempotency key with the first order, and refuses the key with another body', async () => {
    const { token } = await orderMember(suite.db, 0);
    const first = await keyed(suite.app, depositPay, { payTypeId: '1', amount: 300 }, token, 'deposit-key-1');
    const replay = await keyed(suite.app, depositPay, { payTypeId: '1', amount: 300 }, token, 'deposit-key-1');
    expect(replay.body.data.billNo).toBe(first.body.data.billNo);
    const reused = await keyed(suite.app, depositPay, { payTypeId: '1', amount: 301 }, token, 'deposit-key-1');
    expect(reused.status).toBe(409);
    expect((await api(depositPay, { payTypeId: '1', amount: 300 }, { token })).body.code).toBe(CODE.idempotencyKeyMissing);
  });

  it('refuses the payment when the provider declines or times out, leaving no order; a slow answer still works', async () => {
    const { token } = await orderMember(suite.db, 0);
    suite.app.payments.sandbox.timeoutMs = 100;
    suite.app.payments.sandbox.injectFault({ kind: 'decline' }, { kind: 'hang' }, { kind: 'delay', delayMs: 30 });
    expect((await keyed(suite.app, depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(CODE.paymentDeclined);
    expect((await keyed(suite.app, depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(CODE.paymentProviderTimeout);
    expect((await api(lastDepositInfo, {}, { token })).body.data).toBeNull();
    expect((await keyed(suite.app, depositPay, { payTypeId: '1', amount: 100 }, token)).body.data.orderState).toBe(101);
    suite.app.payments.sandbox.timeoutMs = 3000;
  });

  it('opens one order when several depositPay calls with different keys race', async () => {
    const { memberId, token } = await orderMember(suite.db, 0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => keyed(suite.app, depositPay, { payTypeId: '1', amount: 100 }, token)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === CODE.hasOtherOne)).toHaveLength(5);
    const { rows } = await suite.db.query('SELECT 1 FROM deposit_orders WHERE member_id = $1', [memberId]);
    expect(rows).toHaveLength(1);
  });

  it('answers record detail by billNo for the owner', async () => {
    const { token } = await orderMember(suite.db, 0);
    const order = await open(token, 123.45);
    const { body } = await api(recordDetail, { billNo: order.billNo }, { token });
    expect(body.data).toMatchObject({ dealType: 'deposit', orderState: 101, statusName: 'pending payment', auditStatus: 0, amount: 123.45, currency: 'RMB' });
  });
});
