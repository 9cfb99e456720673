import { describe, expect, it } from 'vitest';
import { CODE, HEADER, opsYuebaoStatus, walletBalance, yuebaoConfig, yuebaoRevenue, yuebaoToCentre, yuebaoToYeb } from '@lobby/sdk';
import { balancesOf, auditLedger } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { accrueYuebaoInterest, dailyInterestMinor, yuebaoDay } from './yuebao-interest.js';

describe('yuebao interest arithmetic', () => {
  it('pays whole fen a day, rounded down, in integer math', () => {
    expect(dailyInterestMinor(10_000_00, 3_65000)).toBe(100);
    expect(dailyInterestMinor(9_999_99, 3_65000)).toBe(99);
    expect(dailyInterestMinor(99, 3_65000)).toBe(0);
    expect(dailyInterestMinor(0, 3_65000)).toBe(0);
    expect(dailyInterestMinor(9_000_000_000_000_00, 3_65000)).toBe(90_000_000_000);
  });

  it('counts days in Beijing time', () => {
    expect(yuebaoDay(Date.parse('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
    expect(yuebaoDay(Date.parse('2026-11-20T15:59:59Z'), -1)).toBe('2026-11-19');
  });
});

describe.each(testEngines())('yuebao on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('moves yuan into yuebao and back, refusing more than the wallet holds', async () => {
    const { memberId, token } = await suite.memberWithBalance(20_000_00);
    const into = await suite.callWithKey(yuebaoToYeb, { money: 10_000 }, token);
    expect(into.body.data).toMatchObject({ money: 10_000, centerWalletBalance: 10_000, yebWalletBalance: 10_000 });
    const back = await suite.callWithKey(yuebaoToCentre, { money: 0.5 }, token);
    expect(back.body.data).toMatchObject({ centerWalletBalance: 10_000.5, yebWalletBalance: 9_999.5 });
    expect((await suite.callWithKey(yuebaoToCentre, { money: 9_999.51 }, token)).body.code).toBe(CODE.exceedsBalance);
    expect((await suite.callWithKey(yuebaoToYeb, { money: 10_000.51 }, token)).body.code).toBe(CODE.exceedsBalance);
    for (const money of [0, -1, 1.001, '1']) {
      const bad = await signedInject(suite.app, { call: yuebaoToYeb, body: { money }, token, headers: { 'x-idempotency-key': newKey() } });
      expect(bad.statusCode, String(money)).toBe(400);
    }
    const wallet = await suite.call(walletBalance, {}, { token });
    expect(wallet.body.data).toMatchObject({ yebWalletBalance: 9_999.5, memberTotalBalance: 20_000 });
    expect(await balancesOf(suite.db, memberId)).toEqual(new Map([['centre', 10_000_50], ['yuebao', 9_999_50], ['locked', 0], ['usdt', 0], ['usdt_locked', 0], ['coin', 0], ['bonus', 0]]));
  });

  it('accrues interest once per member per day from the house and reports it', async () => {
    const a = await suite.memberWithBalance(10_000_00);
    const b = await suite.memberWithBalance(10_000_00);
    await suite.callWithKey(yuebaoToYeb, { money: 10_000 }, a.token);
    await suite.callWithKey(yuebaoToYeb, { money: 50 }, b.token);
    const yesterday = yuebaoDay(suite.clock.now(), -1);
    const first = await accrueYuebaoInterest(suite.db, yesterday);
    expect(first.members).toBeGreaterThanOrEqual(2);
    const again = await accrueYuebaoInterest(suite.db, yesterday);
    expect(again).toMatchObject({ members: 0, interestMinor: 0 });
    expect((await balancesOf(suite.db, a.memberId)).get('yuebao')).toBe(10_001_00);
    expect((await balancesOf(suite.db, b.memberId)).get('yuebao')).toBe(50_00);
    const revenue = await suite.call(yuebaoRevenue, {}, { token: a.token });
    expect(revenue.body.data).toEqual({ yesterdayEarnings: 1, cumulativeIncome: 1, annualInterestRate: 3.65, availableAmount: 10_001, interestAmount: 1 });
    await accrueYuebaoInterest(suite.db, yuebaoDay(suite.clock.now(), -2));
    const next = await suite.call(yuebaoRevenue, {}, { token: a.token });
    expect(next.body.data).toMatchObject({ yesterdayEarnings: 1, cumulativeIncome: 2 });
    expect((await suite.call(yuebaoRevenue, {}, { token: b.token })).body.data).toMatchObject({ cumulativeIncome: 0, availableAmount: 50 });
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  });

  it('answers the config with the annual rate, and yebTaskStatus 1 while a yuebao task runs (the seeded brand has one)', async () => {
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(yuebaoConfig, {}, { token })).body.data).toEqual({ status: 1, model: 1, vipFlag: 0, yebTaskStatus: 1, annualInterestRate: 3.65 });
    await suite.db.query("UPDATE promo_activities SET state = 'ended' WHERE kind = 'promo_v2'");
    expect((await suite.call(yuebaoConfig, {}, { token })).body.data).toMatchObject({ yebTaskStatus: 0 });
    expect((await suite.call(yuebaoConfig, {})).status).toBe(401);
  });

  it('lets an operator close yuebao on one brand: status 0 there, both moves refused with yuebaoClosed and nothing moved, other brands untouched, then reopen', async () => {
    const lobby = await suite.memberWithBalance(1_000_00);
    const aurora = await suite.memberWithBalance(1_000_00, { siteId: 8 });
    await suite.callWithKey(yuebaoToYeb, { money: 300 }, lobby.token);
    const close = await suite.call(opsYuebaoStatus, { siteId: 4, status: 0 }, { token: suite.opsToken });
    expect(close.body).toMatchObject({ code: 0, data: { siteId: 4, status: 0 } });
    expect((await suite.call(yuebaoConfig, {}, { token: lobby.token })).body.data).toMatchObject({ status: 0 });
    for (const call of [yuebaoToYeb, yuebaoToCentre]) {
      const refused = await suite.callWithKey(call, { money: 1 }, lobby.token);
      expect(refused.body, call.name).toMatchObject({ code: CODE.yuebaoClosed, msg: expect.stringContaining('closed') });
    }
    const kept = await balancesOf(suite.db, lobby.memberId);
    expect([kept.get('centre'), kept.get('yuebao')]).toEqual([700_00, 300_00]);
    expect((await suite.call(yuebaoConfig, {}, { token: aurora.token, siteId: 8 })).body.data).toMatchObject({ status: 1 });
    const auroraMove = await suite.call(yuebaoToYeb, { money: 5 }, { token: aurora.token, siteId: 8, headers: { [HEADER.idempotencyKey]: newKey() } });
    expect(auroraMove.body).toMatchObject({ code: 0, data: { yebWalletBalance: 5 } });

    expect((await suite.call(opsYuebaoStatus, { siteId: 4, status: 1 }, { token: suite.opsToken })).body.data).toEqual({ siteId: 4, status: 1 });
    expect((await suite.call(yuebaoConfig, {}, { token: lobby.token })).body.data).toMatchObject({ status: 1 });
    expect((await suite.callWithKey(yuebaoToCentre, { money: 300 }, lobby.token)).body.data).toMatchObject({ centerWalletBalance: 1_000, yebWalletBalance: 0 });
  });

  it('refuses opsYuebaoStatus without an operator token, for a member token, for an unknown site and for a status other than 0 or 1', async () => {
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(opsYuebaoStatus, { siteId: 4, status: 0 })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsYuebaoStatus, { siteId: 4, status: 0 }, { token })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsYuebaoStatus, { siteId: 999, status: 0 }, { token: suite.opsToken })).body).toMatchObject({ code: CODE.notFound, msg: expect.stringContaining('999') });
    const bad = await signedInject(suite.app, { call: opsYuebaoStatus, body: { siteId: 4, status: 2 }, token: suite.opsToken });
    expect(bad.statusCode).toBe(400);
    expect((await suite.call(yuebaoConfig, {}, { token })).body.data).toMatchObject({ status: 1 });
  });
});
