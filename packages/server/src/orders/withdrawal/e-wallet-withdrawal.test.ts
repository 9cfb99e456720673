import { describe, expect, it } from 'vitest';
import {
  CODE,
  eWalletAddressAdd,
  eWalletAddressRemove,
  eWalletWithdraw,
  md5Hex,
  opsWithdrawalExpire,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  virtualCurrencyInsert,
  walletBalance,
  withdrawInfo,
  withdrawOrderInfo,
  withdrawPasswordSet,
  withdrawalConfirm,
} from '@lobby/sdk';
import { serverSuite } from '../../testing/server-suite.js';
import { walletOf } from '../../testing/members.js';
import { testEngines } from '../../testing/databases.js';

const PIN = md5Hex('246810');

describe.each(testEngines())('e-wallet withdrawals on %s', (engine) => {
  const suite = serverSuite(engine);

  const member = async (centreMinor: number) => {
    const m = await suite.memberWithBalance(centreMinor);
    expect((await suite.call(withdrawPasswordSet, { password: PIN }, { token: m.token })).body.code).toBe(0);
    return m;
  };
  const bindEWallet = async (token: string, protocol: 3 | 4, address: string) => {
    const { body } = await suite.call(eWalletAddressAdd, { protocol, address }, { token });
    expect(body.code).toBe(0);
    return body.data.id;
  };
  const withdraw = (token: string, addressId: number, amount: number, key?: string, withdrawPassword = PIN) => suite.callWithKey(eWalletWithdraw, { amount, addressId, withdrawPassword }, token, key);
  const ops = (call: typeof opsWithdrawalMatch, billNo: string) => suite.call(call, { billNo }, { token: suite.opsToken });
  const ordersOf = async (memberId: number) => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1', [memberId])).rows[0]!.n;

  it("answers withdraw info '5' as the open e-wallet way (EbPay 3, KoiPay 4) from the centre wallet; '2' account transfer stays closed", async () => {
    const { token } = await member(800_00);
    const info = (await suite.call(withdrawInfo, { type: '5' }, { token })).body.data;
    expect(info).toMatchObject({ type: '5', enabled: true, currency: 'RMB', balance: 800, minAmount: 100, hasWithdrawPassword: true, usdt: null, fast: null });
    expect(info.eWallet).toEqual({ ways: [{ protocol: 3, name: 'EbPay', withdrawType: 3 }, { protocol: 4, name: 'KoiPay', withdrawType: 4 }] });
    const transfer = (await suite.call(withdrawInfo, { type: '2' }, { token })).body.data;
    expect(transfer).toMatchObject({ enabled: false, eWallet: null });
    expect((await suite.call(withdrawInfo, { type: '3' }, { token })).body.data.eWallet).toBeNull();
  });

  it('locks the amount for a bound EbPay address, then pays it out through match, pay and confirmation', async () => {
    const { memberId, token } = await member(1_000_00);
    const addressId = await bindEWallet(token, 3, 'eb_alice_01');
    const { body } = await withdraw(token, addressId, 250.5);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ orderState: 4011, status: 0, withdrawType: 3, sourceWithdrawType: 3, amount: 250.5, currency: 'RMB', subDraws: [] });
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([749_50, 250_50]);
    const balance = (await suite.call(walletBalance, {}, { token })).body.data;
    expect([balance.centerWalletBalance, balance.lockedWalletBalance]).toEqual([749.5, 250.5]);
    const billNo = body.data.billNo;
    const { rows } = await suite.db.query<{ payout: Record<string, string> }>('SELECT payout FROM withdrawal_orders WHERE bill_no = $1', [billNo]);
    expect(rows[0]!.payout).toEqual({ eWallet: 'EbPay', address: 'eb_alice_01', addressId: String(addressId) });

    expect((await ops(opsWithdrawalMatch, billNo)).body.data.orderState).toBe(4012);
    expect((await ops(opsWithdrawalPay, billNo)).body.data.orderState).toBe(4013);
    expect((await suite.call(withdrawOrderInfo, {}, { token })).body.data).toMatchObject({ billNo, orderState: 4013, matchResult: 1, status: 2 });
    expect((await suite.call(withdrawalConfirm, { billNo }, { token })).body.data).toMatchObject({ orderState: 4015 });
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([749_50, 0]);
  });

  it('takes withdraw type 4 for a KoiPay address and returns the lock when the draw expires', async () => {
    const { memberId, token } = await member(500_00);
    const addressId = await bindEWallet(token, 4, 'koi.bob@example');
    const { body } = await withdraw(token, addressId, 200);
    expect(body.data).toMatchObject({ withdrawType: 4, amount: 200 });
    expect(await walletOf(suite.db, memberId, 'locked')).toBe(200_00);
    expect((await ops(opsWithdrawalExpire, body.data.billNo)).body.data.orderState).toBe(4016);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([500_00, 0]);
  });

  it("refuses another member's, an unknown, a removed or a USDT address id, a wrong password or too much, and changes nothing", async () => {
    const owner = await member(300_00);
    const other = await member(300_00);
    const foreign = await bindEWallet(other.token, 3, 'eb_other_99');
    const own = await bindEWallet(owner.token, 3, 'eb_owner_01');
    const removed = await bindEWallet(owner.token, 4, 'koi_owner_02');
    expect((await suite.call(eWalletAddressRemove, { id: removed }, { token: owner.token })).body.code).toBe(0);
    const usdt = (await suite.call(virtualCurrencyInsert, { protocol: 0, address: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ' }, { token: owner.token })).body.data.id;
    for (const addressId of [foreign, 987_654_321, removed, usdt]) {
      const refused = await withdraw(owner.token, addressId, 150);
      expect(refused.body.code).toBe(CODE.withdrawAddressNotFound);
      expect(refused.body.msg).toMatch(/addressId/);
    }
    expect((await withdraw(owner.token, own, 150, undefined, md5Hex('wrong'))).body.code).toBe(CODE.withdrawPasswordWrong);
    expect((await withdraw(owner.token, own, 400)).body.code).toBe(CODE.exceedsBalance);
    expect((await withdraw(owner.token, own, 99.99)).body.code).toBe(CODE.amountOutOfRange);
    for (const body of [{ amount: 100.001, addressId: own, withdrawPassword: PIN }, { amount: 100, addressId: 0, withdrawPassword: PIN }, { amount: 100, withdrawPassword: PIN }]) {
      expect((await suite.callWithKey(eWalletWithdraw, body as never, owner.token)).status).toBe(400);
    }
    expect((await suite.call(eWalletWithdraw, { amount: 150, addressId: own, withdrawPassword: PIN }, { token: owner.token })).body.code).toBe(CODE.idempotencyKeyMissing);
    expect([await walletOf(suite.db, owner.memberId), await walletOf(suite.db, owner.memberId, 'locked'), await ordersOf(owner.memberId)]).toEqual([300_00, 0, 0]);
    expect([await walletOf(suite.db, other.memberId), await walletOf(suite.db, other.memberId, 'locked'), await ordersOf(other.memberId)]).toEqual([300_00, 0, 0]);
  });

  it('replays a key without a second order or lock, and hides the order from another member', async () => {
    const owner = await member(1_000_00);
    const other = await member(0);
    const addressId = await bindEWallet(owner.token, 3, 'eb_replay_01');
    const first = await withdraw(owner.token, addressId, 120, 'ew-key-1');
    const again = await withdraw(owner.token, addressId, 120, 'ew-key-1');
    expect(again.body.data.billNo).toBe(first.body.data.billNo);
    expect([await walletOf(suite.db, owner.memberId), await walletOf(suite.db, owner.memberId, 'locked'), await ordersOf(owner.memberId)]).toEqual([880_00, 120_00, 1]);
    expect((await suite.call(withdrawOrderInfo, { billNo: first.body.data.billNo }, { token: other.token })).body.code).toBe(CODE.orderNotFound);
  });
});
