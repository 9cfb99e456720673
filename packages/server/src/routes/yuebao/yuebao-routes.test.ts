import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, walletBalance, yuebaoConfig, yuebaoRevenue, yuebaoToCentre, yuebaoToYeb } from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { auditLedger } from '../../ledger/index.js';
import { buildTestApp } from '../../testing/app.js';
import { callApi, signedInject } from '../../testing/client.js';
import { testEngines } from '../../testing/databases.js';
import { memberWithBalance } from '../finance/route-test.fixture.js';
import { balancesOf } from '../finance/wallet-view.js';
import { callWithKey, movableClock, newKey } from '../venues/venue-test.fixture.js';
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
  let db: Database;
  let app: FastifyInstance;
  const clock = movableClock();
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { providers: { clock } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('moves yuan into yuebao and back, refusing more than the wallet holds', async () => {
    const { memberId, token } = await memberWithBalance(db, 20_000_00);
    const into = await callWithKey(app, yuebaoToYeb, { money: 10_000 }, token);
    expect(into.body.data).toMatchObject({ money: 10_000, centerWalletBalance: 10_000, yebWalletBalance: 10_000 });
    const back = await callWithKey(app, yuebaoToCentre, { money: 0.5 }, token);
    expect(back.body.data).toMatchObject({ centerWalletBalance: 10_000.5, yebWalletBalance: 9_999.5 });
    expect((await callWithKey(app, yuebaoToCentre, { money: 9_999.51 }, token)).body.code).toBe(CODE.exceedsBalance);
    expect((await callWithKey(app, yuebaoToYeb, { money: 10_000.51 }, token)).body.code).toBe(CODE.exceedsBalance);
    for (const money of [0, -1, 1.001, '1']) {
      const bad = await signedInject(app, { call: yuebaoToYeb, body: { money }, token, headers: { 'x-idempotency-key': newKey() } });
      expect(bad.statusCode, String(money)).toBe(400);
    }
    const wallet = await callApi(app, walletBalance, {}, { token });
    expect(wallet.body.data).toMatchObject({ yebWalletBalance: 9_999.5, memberTotalBalance: 20_000 });
    expect(await balancesOf(db, memberId)).toEqual(new Map([['centre', 10_000_50], ['yuebao', 9_999_50], ['locked', 0], ['usdt', 0], ['usdt_locked', 0], ['coin', 0]]));
  });

  it('accrues interest once per member per day from the house and reports it', async () => {
    const a = await memberWithBalance(db, 10_000_00);
    const b = await memberWithBalance(db, 10_000_00);
    await callWithKey(app, yuebaoToYeb, { money: 10_000 }, a.token);
    await callWithKey(app, yuebaoToYeb, { money: 50 }, b.token);
    const yesterday = yuebaoDay(clock.now(), -1);
    const first = await accrueYuebaoInterest(db, yesterday);
    expect(first.members).toBeGreaterThanOrEqual(2);
    const again = await accrueYuebaoInterest(db, yesterday);
    expect(again).toMatchObject({ members: 0, interestMinor: 0 });
    expect((await balancesOf(db, a.memberId)).get('yuebao')).toBe(10_001_00);
    expect((await balancesOf(db, b.memberId)).get('yuebao')).toBe(50_00);
    const revenue = await callApi(app, yuebaoRevenue, {}, { token: a.token });
    expect(revenue.body.data).toEqual({ yesterdayEarnings: 1, cumulativeIncome: 1, annualInterestRate: 3.65, availableAmount: 10_001, interestAmount: 1 });
    await accrueYuebaoInterest(db, yuebaoDay(clock.now(), -2));
    const next = await callApi(app, yuebaoRevenue, {}, { token: a.token });
    expect(next.body.data).toMatchObject({ yesterdayEarnings: 1, cumulativeIncome: 2 });
    expect((await callApi(app, yuebaoRevenue, {}, { token: b.token })).body.data).toMatchObject({ cumulativeIncome: 0, availableAmount: 50 });
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('answers the config with the annual rate', async () => {
    const { token } = await memberWithBalance(db, 0);
    expect((await callApi(app, yuebaoConfig, {}, { token })).body.data).toEqual({ status: 1, model: 1, vipFlag: 0, yebTaskStatus: 0, annualInterestRate: 3.65 });
    expect((await callApi(app, yuebaoConfig, {})).status).toBe(401);
  });
});
