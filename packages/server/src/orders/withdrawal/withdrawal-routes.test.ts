import { describe, expect, it } from 'vitest';
import {
  CODE,
  bindBankCard,
  md5Hex,
  opsWithdrawalComplete,
  opsWithdrawalExpire,
  opsWithdrawalFreeze,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  opsWithdrawalSource,
  opsWithdrawalUnfreeze,
  recordDetail,
  usdtWithdraw,
  withdrawInfo,
  withdrawOrderInfo,
  withdrawPasswordReset,
  userInfo,
  withdrawPasswordSet,
  withdrawPasswordStatus,
  withdrawPasswordUpdate,
  withdrawPasswordVerify,
  withdrawalAppeal,
  withdrawalConfirm,
  withdrawalRequest,
} from '@lobby/sdk';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../../ledger/index.js';
import { serverSuite } from '../../testing/server-suite.js';
import { FIXTURE_LOGIN_PASSWORD, walletOf } from '../../testing/members.js';
import { testEngines } from '../../testing/databases.js';

const PIN = md5Hex('246810');
const TRC20 = 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ';

describe.each(testEngines())('member withdrawal calls on %s', (engine) => {
  const suite = serverSuite(engine);

  const member = async (centreMinor: number, siteId = 4) => {
    const m = await suite.memberWithBalance(centreMinor, { siteId });
    expect((await suite.call(withdrawPasswordSet, { password: PIN }, { token: m.token, siteId })).body.code).toBe(0);
    return m;
  };
  const request = (token: string, amount: number, withdrawType: 0 | 1 = 0) =>
    suite.callWithKey(withdrawalRequest, { amount, withdrawType, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' }, token);
  const ops = (call: typeof opsWithdrawalMatch, billNo: string) => suite.call(call, { billNo }, { token: suite.opsToken });

  it('sets, verifies, updates and resets the withdrawal password, stored as a slow salted hash', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.call(withdrawPasswordStatus, {}, { token })).body.data.isSet).toBe(false);
    expect((await suite.call(userInfo, {}, { token })).body.data.passwordFlag).toBe(false);
    expect((await suite.call(withdrawPasswordVerify, { password: PIN }, { token })).body.code).toBe(CODE.withdrawPasswordNotSet);
    await suite.call(withdrawPasswordSet, { password: PIN }, { token });
    expect((await suite.call(userInfo, {}, { token })).body.data.passwordFlag).toBe(true); // the member info says so too
    expect((await suite.call(withdrawPasswordSet, { password: PIN }, { token })).body.code).toBe(CODE.withdrawPasswordAlreadySet);
    const { rows } = await suite.db.query<{ password_hash: string }>('SELECT password_hash FROM withdraw_passwords WHERE member_id = $1', [memberId]);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain(PIN);
    expect((await suite.call(withdrawPasswordVerify, { password: PIN }, { token })).body.data.verified).toBe(true);
    const next = md5Hex('135790');
    expect((await suite.call(withdrawPasswordUpdate, { oldPassword: next, password: next }, { token })).body.code).toBe(CODE.withdrawPasswordWrong);
    expect((await suite.call(withdrawPasswordUpdate, { oldPassword: PIN, password: next }, { token })).body.code).toBe(0);
    expect((await suite.call(withdrawPasswordVerify, { password: next }, { token })).body.code).toBe(0);
    expect((await suite.call(withdrawPasswordReset, { loginPassword: md5Hex('nope'), password: PIN }, { token })).body.code).toBe(CODE.passwordWrong);
    expect((await suite.call(withdrawPasswordReset, { loginPassword: FIXTURE_LOGIN_PASSWORD, password: PIN }, { token })).body.code).toBe(0);
    expect((await suite.call(withdrawPasswordVerify, { password: PIN }, { token })).body.code).toBe(0);
  });

  it('refuses verification for 15 minutes after 5 wrong passwords', async () => {
    const { token } = await member(0);
    for (let i = 0; i < 5; i += 1) expect((await suite.call(withdrawPasswordVerify, { password: md5Hex(`x${i}`) }, { token })).body.code).toBe(CODE.withdrawPasswordWrong);
    const locked = await suite.call(withdrawPasswordVerify, { password: PIN }, { token });
    expect(locked.status).toBe(429);
  });

  it('counts wrong passwords of withdrawal requests and USDT withdrawals toward the lockout, once per key', async () => {
    const { memberId, token } = await member(1_000_00);
    const wrong = md5Hex('not-the-pin');
    const wrongRequest = (key?: string) => suite.callWithKey(withdrawalRequest, { amount: 300, withdrawType: 0, withdrawPassword: wrong, bankName: 'ICBC', bankCard: '6222020200112233' }, token, key);
    const failures = async () => (await suite.db.query<{ failed_count: number }>('SELECT failed_count FROM withdraw_passwords WHERE member_id = $1', [memberId])).rows[0]!.failed_count;
    for (let i = 0; i < 3; i += 1) expect((await wrongRequest('same-wrong-key')).body.code).toBe(CODE.withdrawPasswordWrong);
    expect(await failures()).toBe(1);
    for (let i = 0; i < 3; i += 1) expect((await wrongRequest()).body.code).toBe(CODE.withdrawPasswordWrong);
    const usdt = await suite.callWithKey(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: TRC20, withdrawPassword: wrong }, token);
    expect(usdt.body.code).toBe(CODE.withdrawPasswordWrong);
    expect(await failures()).toBe(5);
    expect((await suite.call(withdrawPasswordVerify, { password: PIN }, { token })).status).toBe(429);
    expect((await request(token, 300)).status).toBe(429);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([1_000_00, 0]);
  });

  it('answers the USDT rate of withdraw info exactly (rate precision 1e5)', async () => {
    const { token } = await member(0);
    expect((await suite.call(withdrawInfo, { type: '1' }, { token })).body.data!.usdt).toMatchObject({ exchangeRate: 7.2, supportUsdt: true });
  });

  it('locks the amount, then releases it through match, pay and member confirmation', async () => {
    const { memberId, token } = await member(1_000_00);
    const { body } = await request(token, 300);
    expect(body.data).toMatchObject({ orderState: 4011, status: 0, matchResult: 0, withdrawType: 0, amount: 300, currency: 'RMB', firstDraw: true, subDraws: [], orderTimeOut: 30 });
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([700_00, 300_00]);
    const billNo = body.data.billNo;
    expect((await suite.call(withdrawalConfirm, { billNo }, { token })).body.code).toBe(CODE.illegalTransition);
    expect((await ops(opsWithdrawalMatch, billNo)).body.data.orderState).toBe(4012);
    expect((await suite.call(withdrawOrderInfo, {}, { token })).body.data).toMatchObject({ orderState: 4012, status: 1 });
    expect((await ops(opsWithdrawalPay, billNo)).body.data.orderState).toBe(4013);
    expect((await suite.call(withdrawOrderInfo, { billNo }, { token })).body.data).toMatchObject({ orderState: 4013, matchResult: 1, status: 2 });
    const done = await suite.call(withdrawalConfirm, { billNo }, { token });
    expect(done.body.data).toMatchObject({ orderState: 4015, status: -1 });
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([700_00, 0]);
    expect((await suite.call(recordDetail, { billNo }, { token })).body.data).toMatchObject({ dealType: 'withdrawal', orderState: 4015, auditStatus: 1, amount: 300 });
    expect((await suite.call(withdrawalConfirm, { billNo }, { token })).body.code).toBe(CODE.illegalTransition);
  });

  it('returns the lock when a draw expires, and freezes, unfreezes and marks manual source', async () => {
    const { memberId, token } = await member(1_000_00);
    const { billNo } = (await request(token, 400)).body.data;
    expect((await ops(opsWithdrawalFreeze, billNo)).body.data.orderState).toBe(4014);
    expect((await ops(opsWithdrawalPay, billNo)).body.code).toBe(CODE.illegalTransition);
    expect((await ops(opsWithdrawalUnfreeze, billNo)).body.data.orderState).toBe(4011);
    const source = await suite.call(opsWithdrawalSource, { billNo, orderSource: 1 }, { token: suite.opsToken });
    expect(source.body.data.orderSource).toBe(1);
    expect((await suite.call(withdrawOrderInfo, { billNo }, { token })).body.data).toMatchObject({ orderSource: 1, status: 3 });
    expect((await ops(opsWithdrawalExpire, billNo)).body.data.orderState).toBe(4016);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([1_000_00, 0]);
    expect((await ops(opsWithdrawalComplete, billNo)).body.code).toBe(CODE.illegalTransition);
  });

  it('lets the member appeal a draw to be confirmed, which freezes it for the back office', async () => {
    const { memberId, token } = await member(500_00);
    const { billNo } = (await request(token, 200)).body.data;
    await ops(opsWithdrawalMatch, billNo);
    await ops(opsWithdrawalPay, billNo);
    const appeal = await suite.call(withdrawalAppeal, { billNo, content: 'not received <script>' }, { token });
    expect(appeal.body.data.orderState).toBe(4014);
    expect((await ops(opsWithdrawalComplete, billNo)).body.data).toMatchObject({ orderState: 4015, note: 'appeal: not received <script>' });
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([300_00, 0]);
  });

  it('splits a fast withdrawal into draws of type 88888, each settled on its own', async () => {
    const { memberId, token } = await member(3_000_00);
    const { body } = await request(token, 2500, 1);
    expect(body.data).toMatchObject({ withdrawType: 1, speedLabel: 1, amount: 2500 });
    expect(body.data.subDraws.map((d) => [d.withdrawType, d.amount, d.orderState])).toEqual([[88888, 1000, 4011], [88888, 1000, 4011], [88888, 500, 4011]]);
    const [a, b, c] = body.data.subDraws.map((d) => d.billNo) as [string, string, string];
    expect((await ops(opsWithdrawalMatch, body.data.billNo)).body.code).toBe(CODE.orderNotFound);
    await ops(opsWithdrawalMatch, a);
    await ops(opsWithdrawalPay, a);
    await ops(opsWithdrawalExpire, b);
    let info = (await suite.call(withdrawOrderInfo, { billNo: body.data.billNo }, { token })).body.data!;
    expect(info).toMatchObject({ orderState: 4013, matchResult: 1 });
    await suite.call(withdrawalConfirm, { billNo: a }, { token });
    await ops(opsWithdrawalExpire, c);
    info = (await suite.call(withdrawOrderInfo, { billNo: c }, { token })).body.data!;
    expect(info.orderState).toBe(4015);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([2_000_00, 0]);
  });

  it('allows USDT withdrawals only with supportUsdt and a valid address, locking USDT', async () => {
    const { memberId, token } = await member(0);
    await suite.db.transaction(async (tx) => {
      const { usdt } = await ensureMemberAccounts(tx, memberId);
      const house = await ensureSystemAccount(tx, 'house', 'USDT');
      await createTransfer(tx, { debitAccountId: house.id, creditAccountId: usdt.id, amountMinor: 50_000_000, currency: 'USDT', code: 'test', reference: `usdt-fixture:${memberId}` });
    });
    const bad = await suite.callWithKey(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: '0x1fbf7c7e53eA4523733A69e35b55c90743A0461d', withdrawPassword: PIN }, token);
    expect(bad.body.code).toBe(CODE.addressInvalid);
    const typo = await suite.callWithKey(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: `${TRC20.slice(0, 10)}b${TRC20.slice(11)}`, withdrawPassword: PIN }, token);
    expect(typo.body.code).toBe(CODE.addressChecksumMismatch);
    expect(await walletOf(suite.db, memberId, 'usdt')).toBe(50_000_000);
    const ok = await suite.callWithKey(usdtWithdraw, { amount: 20.5, protocol: 'TRC20', address: TRC20, withdrawPassword: PIN }, token);
    expect(ok.body.data).toMatchObject({ withdrawType: 30000, currency: 'USDT', amount: 20.5, orderState: 4011 });
    expect([await walletOf(suite.db, memberId, 'usdt'), await walletOf(suite.db, memberId, 'usdt_locked')]).toEqual([29_500_000, 20_500_000]);
    const aurora = await member(0, 8);
    const off = await suite.call(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: TRC20, withdrawPassword: PIN }, { token: aurora.token, siteId: 8, headers: { 'x-idempotency-key': 'usdt-aurora' } });
    expect(off.body.code).toBe(CODE.usdtNotSupported);
    expect((await suite.call(withdrawInfo, { type: '1' }, { token: aurora.token, siteId: 8 })).body.data).toMatchObject({ enabled: false, usdt: { supportUsdt: false } });
  });

  it('refuses without funds, with a wrong password, out of range or with bad input, and changes nothing', async () => {
    const { memberId, token } = await member(150_00);
    expect((await request(token, 200)).body.code).toBe(CODE.exceedsBalance);
    expect((await request(token, 99.99)).body.code).toBe(CODE.amountOutOfRange);
    const wrong = await suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: md5Hex('bad'), bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect(wrong.body.code).toBe(CODE.withdrawPasswordWrong);
    for (const body of [
      { amount: 100, withdrawType: 2, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' },
      { amount: 100, withdrawType: 0, withdrawPassword: '123456', bankName: 'ICBC', bankCard: '6222020200112233' },
      { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: 'abc' },
      { amount: 1e20, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' },
    ]) {
      const { status } = await suite.callWithKey(withdrawalRequest, body as never, token);
      expect(status).toBe(400);
    }
    expect((await suite.call(withdrawInfo, { type: '9' as never }, { token })).status).toBe(400);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([150_00, 0]);
    expect((await suite.call(withdrawOrderInfo, {}, { token })).body.data).toBeNull();
  });

  it('hides a withdrawal from other members and replays a key without a second lock', async () => {
    const owner = await member(1_000_00);
    const other = await member(1_000_00);
    const first = await suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' }, owner.token, 'wd-key-1');
    const replay = await suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '6222020200112233' }, owner.token, 'wd-key-1');
    expect(replay.body.data.billNo).toBe(first.body.data.billNo);
    expect(await walletOf(suite.db, owner.memberId, 'locked')).toBe(100_00);
    const billNo = first.body.data.billNo;
    await ops(opsWithdrawalMatch, billNo);
    await ops(opsWithdrawalPay, billNo);
    for (const [call, body] of [[withdrawOrderInfo, { billNo }], [withdrawalConfirm, { billNo }], [withdrawalAppeal, { billNo, content: 'x' }], [recordDetail, { billNo }]] as const) {
      expect((await suite.call(call, body as never, { token: other.token })).body.code).toBe(CODE.orderNotFound);
    }
    expect((await suite.call(withdrawOrderInfo, { billNo }, { token: owner.token })).body.data?.orderState).toBe(4013);
  });

  it("pays a bound card chosen by its id, refuses another member's card or an unclear payout, and changes nothing then", async () => {
    const owner = await member(1_000_00);
    const other = await member(1_000_00);
    const bind = async (token: string, cardNo: string) => (await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo, realName: 'Li Lei' }, { token })).body.data.id;
    const ownCard = await bind(owner.token, '4111 1111 1111 1111');
    const foreignCard = await bind(other.token, '5500000000000004');
    const orders = async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1', [owner.memberId])).rows[0]!.n;
    const byId = (body: Record<string, unknown>) => suite.callWithKey(withdrawalRequest, { amount: 150, withdrawType: 0, withdrawPassword: PIN, ...body } as never, owner.token);

    for (const [body, code] of [
      [{ bankCardId: foreignCard }, CODE.withdrawCardNotFound],
      [{ bankCardId: 987_654_321 }, CODE.withdrawCardNotFound],
      [{ bankCardId: ownCard, bankName: 'ICBC', bankCard: '6222020200112233' }, CODE.withdrawCardRequired],
      [{ bankName: 'ICBC' }, CODE.withdrawCardRequired],
      [{}, CODE.withdrawCardRequired],
    ] as const) {
      const refused = await byId(body);
      expect(refused.body.code).toBe(code);
      expect(refused.body.msg).toMatch(/bankCard/);
    }
    expect([await walletOf(suite.db, owner.memberId), await walletOf(suite.db, owner.memberId, 'locked'), await orders()]).toEqual([1_000_00, 0, 0]);
    expect([await walletOf(suite.db, other.memberId), await walletOf(suite.db, other.memberId, 'locked')]).toEqual([1_000_00, 0]);

    const made = await byId({ bankCardId: ownCard });
    expect(made.body.data).toMatchObject({ orderState: 4011, amount: 150 });
    const { rows } = await suite.db.query<{ payout: Record<string, string> }>('SELECT payout FROM withdrawal_orders WHERE bill_no = $1', [made.body.data.billNo]);
    expect(rows[0]!.payout).toEqual({ bankName: 'ICBC', bankCard: '****1111', bankCardFull: '4111111111111111', bankCardId: String(ownCard) });
    expect([await walletOf(suite.db, owner.memberId), await walletOf(suite.db, owner.memberId, 'locked')]).toEqual([850_00, 150_00]);
    const typed = await byId({ bankName: 'ABC', bankCard: '6222020200112233' });
    expect(typed.body.code).toBe(0);
  });

  it('locks no more than the wallet holds when withdrawals race', async () => {
    const { memberId, token } = await member(1_000_00);
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(token, 300)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === CODE.exceedsBalance)).toHaveLength(2);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([100_00, 900_00]);
  });

  it('answers withdraw info by type', async () => {
    const { token } = await member(800_00);
    const normal = (await suite.call(withdrawInfo, { type: '3' }, { token })).body.data;
    expect(normal).toMatchObject({ enabled: true, currency: 'RMB', balance: 800, minAmount: 100, hasWithdrawPassword: true, surplusCount: 10, usdt: null, fast: null });
    expect((await suite.call(withdrawInfo, { type: '4' }, { token })).body.data.fast).toMatchObject({ drawCount: 5, fixedAmount: [1000] });
    expect((await suite.call(withdrawInfo, { type: '2' }, { token })).body.data.enabled).toBe(false);
  });
});
