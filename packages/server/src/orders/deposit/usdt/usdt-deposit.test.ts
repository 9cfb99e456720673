import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE,
  alreadyPaid,
  cancelNormalOrder,
  depositOrderStatus,
  depositPay,
  depositTipLoop,
  opsDepositConfirm,
  opsDepositReject,
  opsPayChannelState,
  opsSandboxPayment,
  payChannels,
  recordDetail,
  usdtDepositAddress,
  usdtDepositPay,
  usdtWalletBalance,
  walletBalance,
  type CallRequest,
} from '@lobby/sdk';
import { auditLedger, transfersOfOrder } from '../../../ledger/index.js';
import { serverSuite } from '../../../testing/server-suite.js';
import { testEngines } from '../../../testing/databases.js';
import { walletOf } from '../../../testing/members.js';
import { usdtDueForRmb } from './merchants.js';

const TRC = { merchantNo: 'USDT-TRC20-01', protocol: 'TRC20' } as const;
const ERC = { merchantNo: 'USDT-ERC20-01', protocol: 'ERC20' } as const;

describe.each(testEngines())('USDT deposit orders on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const pay = (token: string, request: CallRequest<typeof usdtDepositPay>, key?: string) => suite.callWithKey(usdtDepositPay, request, token, key);
  const sandboxPay = (billNo: string, outcome: 'paid' | 'failed', duplicate = false) => suite.call(opsSandboxPayment, { billNo, outcome, duplicate }, { token: suite.opsToken });
  const ordersOf = async (memberId: number) =>
    (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1', [memberId])).rows[0]!.n;

  it('lists a USDT channel (2120) on lobby and none on aurora, which takes no USDT', async () => {
    const { token } = await suite.memberWithBalance(0);
    const lobby = (await suite.call(payChannels, {}, { token })).body.data.list.find((c) => c.pay_type_id === '2120');
    expect(lobby).toMatchObject({ typeName: 'USDT', deposit_min_amount: 71.5, deposit_max_amount: 715_000, transfer: false });
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    expect((await suite.call(payChannels, {}, { token: aurora.token, siteId: 8 })).body.data.list.map((c) => c.pay_type_id)).not.toContain('2120');
    const address = (await suite.call(usdtDepositAddress, { merchantNo: TRC.merchantNo }, { token })).body.data;
    expect(address).toMatchObject({ exchangeRate: 7.15, minAmount: 10, maxAmount: 100_000, rmbMinAmount: 71.5, rmbMaxAmount: 715_000 });
  });

  it("route 'usdt': the order shows the merchant's address; the provider's confirmation credits the USDT wallet exactly once", async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const address = (await suite.call(usdtDepositAddress, { merchantNo: TRC.merchantNo }, { token })).body.data.address;
    const { body } = await pay(token, { route: 'usdt', ...TRC, amount: 12.345678 });
    expect(body.code).toBe(0);
    const order = body.data;
    expect(order).toMatchObject({ orderState: 101, payType: '2120', recipientAddress: address, bankName: 'USDT TRC20', orderAmount: 88.27, transfer: false });
    expect(order.usdt).toEqual({ route: 'usdt', ...TRC, address, usdtAmount: 12.345678, creditAmount: 12.345678, exchangeRate: 7.15 });
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(0);
    const settled = await sandboxPay(order.billNo, 'paid', true);
    expect(settled.body.data.deliveries.map((d) => d.result).sort()).toEqual(['applied', 'duplicate']);
    await sandboxPay(order.billNo, 'paid'); // a later, separate callback for the same order changes nothing either
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(12_345_678);
    expect(await walletOf(suite.db, memberId, 'centre')).toBe(0);
    expect((await suite.call(usdtWalletBalance, {}, { token })).body.data).toMatchObject({ virtualCurrencyWalletBalance: 12.345678 });
    expect((await suite.call(depositOrderStatus, { billNo: order.billNo }, { token })).body.data).toMatchObject({ orderState: 104, usdt: { usdtAmount: 12.345678 } });
    expect((await suite.call(depositTipLoop, {}, { token })).body.data).toEqual({ status: 1, content: 'Your deposit of 12.345678 USDT has arrived in the USDT wallet', billNo: order.billNo });
    expect((await suite.call(recordDetail, { billNo: order.billNo }, { token })).body.data).toMatchObject({ amount: 12.345678, currency: 'USDT', orderState: 104 });
    const transfers = await transfersOfOrder(suite.db, order.billNo);
    expect(transfers.map((t) => [t.currency, t.amountMinor])).toEqual([['USDT', 12_345_678]]);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it("route 'rmb': the member names yuan, sends the USDT rounded up at 7.15, and the centre wallet receives the yuan when an operator confirms", async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const { body } = await pay(token, { route: 'rmb', ...ERC, amount: 1000 });
    expect(body.code).toBe(0);
    const due = usdtDueForRmb(1000_00, 7_15000);
    expect(due).toBe(139_860_140); // 1000 / 7.15 = 139.86013986..., rounded up to the micro-USDT
    expect(body.data).toMatchObject({ orderAmount: 1000, bankName: 'USDT ERC20', usdt: { route: 'rmb', protocol: 'ERC20', usdtAmount: 139.86014, creditAmount: 1000, exchangeRate: 7.15 } });
    expect((await suite.call(alreadyPaid, { billNo: body.data.billNo }, { token })).body.data.orderState).toBe(102);
    const confirmed = await suite.call(opsDepositConfirm, { billNo: body.data.billNo }, { token: suite.opsToken });
    expect(confirmed.body.code).toBe(0);
    expect((await suite.call(opsDepositConfirm, { billNo: body.data.billNo }, { token: suite.opsToken })).body.code).toBe(CODE.illegalTransition);
    expect(await walletOf(suite.db, memberId, 'centre')).toBe(1000_00);
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(0);
    expect((await suite.call(walletBalance, {}, { token })).body.data).toMatchObject({ centerWalletBalance: 1000 });
    expect((await suite.call(depositTipLoop, {}, { token })).body.data.content).toBe('Your deposit of 1000.00 has arrived in the centre wallet');
    expect((await suite.call(recordDetail, { billNo: body.data.billNo }, { token })).body.data).toMatchObject({ amount: 1000, currency: 'RMB' });
    const transfers = await transfersOfOrder(suite.db, body.data.billNo);
    expect(transfers.map((t) => [t.currency, t.amountMinor]).sort()).toEqual([['CNY', 1000_00], ['USDT', due]]);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('a USDT order pending payment cancels like any deposit, and expires after its orderTimeOut; a late confirmation credits neither', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const cancelled = (await pay(token, { route: 'usdt', ...TRC, amount: 20 })).body.data;
    expect((await suite.call(cancelNormalOrder, { billNo: cancelled.billNo }, { token })).body.data.orderState).toBe(103);
    expect((await sandboxPay(cancelled.billNo, 'paid')).body.data.deliveries[0]!.result).toBe('ignored:order is 103');

    const expiring = (await pay(token, { route: 'usdt', ...ERC, amount: 30 })).body.data;
    expect(expiring.orderTimeOut).toBeGreaterThan(0);
    suite.clock.advance(expiring.orderTimeOut * 60_000 - 5_000);
    expect((await suite.call(depositOrderStatus, { billNo: expiring.billNo }, { token })).body.data).toMatchObject({ orderState: 101 });
    suite.clock.advance(6_000);
    expect((await suite.call(depositOrderStatus, { billNo: expiring.billNo }, { token })).body.data).toMatchObject({ orderState: 105, expireTime: 0 });
    expect((await sandboxPay(expiring.billNo, 'paid')).body.data.deliveries[0]!.result).toBe('ignored:order is 105');
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(0);
    expect(await walletOf(suite.db, memberId, 'centre')).toBe(0);
    expect(await transfersOfOrder(suite.db, cancelled.billNo)).toEqual([]);
    expect(await transfersOfOrder(suite.db, expiring.billNo)).toEqual([]);
  });

  it('replaying the idempotency key answers the same order and makes one order', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const key = randomUUID();
    const first = await pay(token, { route: 'usdt', ...TRC, amount: 50 }, key);
    const again = await pay(token, { route: 'usdt', ...TRC, amount: 50 }, key);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(memberId)).toBe(1);
    const other = await pay(token, { route: 'usdt', ...TRC, amount: 60 }, key);
    expect(other.status).toBe(409);
    expect(await ordersOf(memberId)).toBe(1);
  });

  it('a rejected or failed order credits nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const rejected = (await pay(token, { route: 'usdt', ...TRC, amount: 10 })).body.data;
    expect((await suite.call(opsDepositReject, { billNo: rejected.billNo }, { token: suite.opsToken })).body.code).toBe(0);
    expect((await sandboxPay(rejected.billNo, 'paid')).body.data.deliveries[0]!.result).toBe('ignored:order is 103');
    const failed = (await pay(token, { route: 'rmb', ...TRC, amount: 100 })).body.data;
    await sandboxPay(failed.billNo, 'failed');
    expect((await suite.call(depositOrderStatus, { billNo: failed.billNo }, { token })).body.data?.orderState).toBe(103);
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(0);
    expect(await walletOf(suite.db, memberId, 'centre')).toBe(0);
    expect(await transfersOfOrder(suite.db, rejected.billNo)).toEqual([]);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('refuses bad input with its own code and changes nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const cases: [CallRequest<typeof usdtDepositPay>, number][] = [
      [{ route: 'usdt', merchantNo: 'USDT-NOPE-9', protocol: 'TRC20', amount: 20 }, CODE.usdtDepositMerchantUnknown],
      [{ route: 'usdt', merchantNo: TRC.merchantNo, protocol: 'ERC20', amount: 20 }, CODE.usdtDepositProtocolNotOffered],
      [{ route: 'usdt', merchantNo: TRC.merchantNo, protocol: 'OMNI', amount: 20 }, CODE.usdtDepositProtocolNotOffered],
      [{ route: 'usdt', ...TRC, amount: 9.999999 }, CODE.usdtDepositAmountOutOfRange],
      [{ route: 'usdt', ...ERC, amount: 19 }, CODE.usdtDepositAmountOutOfRange],
      [{ route: 'usdt', ...TRC, amount: 100_000.000001 }, CODE.usdtDepositAmountOutOfRange],
      [{ route: 'usdt', ...TRC, amount: 12.1234567 }, CODE.usdtDepositTooManyDecimals],
      [{ route: 'rmb', ...TRC, amount: 71.49 }, CODE.usdtDepositAmountOutOfRange],
      [{ route: 'rmb', ...TRC, amount: 100.001 }, CODE.usdtDepositTooManyDecimals],
    ];
    for (const [request, code] of cases) {
      const { body } = await pay(token, request);
      expect([request, body.code]).toEqual([request, code]);
      expect(body.msg.length).toBeGreaterThan(0);
    }
    // The general deposit call does not open USDT orders (no merchant, protocol or route).
    expect((await suite.callWithKey(depositPay, { payTypeId: '2120', amount: 100 }, token)).body.code).toBe(CODE.usdtDepositUseUsdtCall);
    // The schema refuses an unknown route and a malformed merchant outright.
    expect((await pay(token, { route: 'btc' as 'usdt', ...TRC, amount: 20 })).status).toBe(400);
    expect((await pay(token, { route: 'usdt', merchantNo: '../x', protocol: 'TRC20', amount: 20 })).status).toBe(400);
    expect(await ordersOf(memberId)).toBe(0);
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(0);
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    expect((await suite.callWithKey(usdtDepositPay, { route: 'usdt', ...TRC, amount: 20 }, aurora.token)).body.code).not.toBe(0);
  });

  it("the operator's channel state holds for USDT: disabled and in maintenance refuse with nothing written, open again takes orders", async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const setState = async (state: 'open' | 'maintenance' | 'disabled') =>
      expect((await suite.call(opsPayChannelState, { siteId: 4, payTypeId: '2120', state }, { token: suite.opsToken })).body.code).toBe(0);
    try {
      await setState('disabled');
      expect((await pay(token, { route: 'usdt', ...TRC, amount: 20 })).body.code).toBe(CODE.disabled);
      await setState('maintenance');
      expect([CODE.recommendPayment, CODE.noAvailable]).toContain((await pay(token, { route: 'rmb', ...TRC, amount: 100 })).body.code);
      expect(await ordersOf(memberId)).toBe(0);
    } finally {
      await setState('open');
    }
    expect((await pay(token, { route: 'usdt', ...TRC, amount: 20 })).body.code).toBe(0);
    expect(await ordersOf(memberId)).toBe(1);
  });

  it('a member with an active order gets hasOtherOne, and the USDT order shows on the floating ball like any other', async () => {
    const { token } = await suite.memberWithBalance(0);
    const first = (await pay(token, { route: 'usdt', ...TRC, amount: 10 })).body.data;
    const second = await pay(token, { route: 'rmb', ...ERC, amount: 500 });
    expect(second.body.code).toBe(CODE.hasOtherOne);
    expect((await suite.call(depositOrderStatus, {}, { token })).body.data?.billNo).toBe(first.billNo);
  });
});
