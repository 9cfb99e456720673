import { describe, expect, it } from 'vitest';
import { CODE, changeMoneyConfig, rmbToUsdt, usdtToRmb } from '@lobby/sdk';
import { balancesOf, auditLedger, createTransfer, ensureAccounts } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { rmbForUsdt, usdtForRmb } from './conversions.js';

describe('conversion arithmetic', () => {
  it('converts exactly at the 1e5 rate precision, rounding down', () => {
    expect(rmbForUsdt(1_000_000, 7_15000)).toBe(715);
    expect(rmbForUsdt(1_398, 7_15000)).toBe(0);
    expect(rmbForUsdt(1_399, 7_15001)).toBe(1);
    expect(rmbForUsdt(123_456_789, 7_15000)).toBe(88_271);
    expect(usdtForRmb(725, 7_25000)).toBe(1_000_000);
    expect(usdtForRmb(1, 7_25000)).toBe(1_379);
    expect(usdtForRmb(100_000_000_00, 7_25000)).toBe(13_793_103_448_275);
    expect(() => usdtForRmb(9_000_000_000_000_00, 7_25000)).toThrow(RangeError);
  });
});

describe.each(testEngines())('USDT conversions on %s', (engine) => {
  const suite = serverSuite(engine);

  async function withUsdt(usdtMinor: number) {
    const member = await suite.memberWithBalance(100_00);
    if (usdtMinor > 0) await suite.db.transaction(async (tx) => {
      const [usdt, house] = await ensureAccounts(tx, [{ memberId: member.memberId, kind: 'usdt', currency: 'USDT' }, { memberId: null, kind: 'house', currency: 'USDT' }]);
      await createTransfer(tx, { debitAccountId: house!.id, creditAccountId: usdt!.id, amountMinor: usdtMinor, currency: 'USDT', code: 'test', reference: `usdt-seed:${member.memberId}` });
    });
    return member;
  }

  it('converts USDT to RMB at the buy rate and back at the sell rate', async () => {
    const { memberId, token } = await withUsdt(10_000_000);
    const config = await suite.call(changeMoneyConfig, {}, { token });
    expect(config.body.data).toEqual({ buyRate: 7.15, sellRate: 7.25, remainCount: 10 });
    const sold = await suite.callWithKey(usdtToRmb, { usdtAmount: 2.5 }, token);
    expect(sold.body.data).toMatchObject({ rate: 7.15, usdtAmount: 2.5, rmbAmount: 17.87, centerWalletBalance: 117.87, virtualCurrencyWalletBalance: 7.5 });
    const bought = await suite.callWithKey(rmbToUsdt, { rmbAmount: 7.25 }, token);
    expect(bought.body.data).toMatchObject({ rate: 7.25, rmbAmount: 7.25, usdtAmount: 1, centerWalletBalance: 110.62, virtualCurrencyWalletBalance: 8.5 });
    expect((await suite.call(changeMoneyConfig, {}, { token })).body.data.remainCount).toBe(8);
    const books = await balancesOf(suite.db, memberId);
    expect([books.get('centre'), books.get('usdt')]).toEqual([110_62, 8_500_000]);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  });

  it('refuses amounts too small to convert, short wallets and bad input, changing nothing', async () => {
    const { memberId, token } = await withUsdt(1_000_000);
    expect((await suite.callWithKey(usdtToRmb, { usdtAmount: 0.001 }, token)).body.code).toBe(CODE.conversionTooSmall);
    expect((await suite.callWithKey(usdtToRmb, { usdtAmount: 1.000001 }, token)).body.code).toBe(CODE.exceedsBalance);
    expect((await suite.callWithKey(rmbToUsdt, { rmbAmount: 100.01 }, token)).body.code).toBe(CODE.exceedsBalance);
    for (const usdtAmount of [0, -1, 1.0000001, '1']) {
      expect((await signedInject(suite.app, { call: usdtToRmb, body: { usdtAmount }, token, headers: { 'x-idempotency-key': newKey() } })).statusCode).toBe(400);
    }
    expect((await suite.call(usdtToRmb, { usdtAmount: 1 }, { token })).body.code).toBe(CODE.idempotencyKeyMissing);
    const books = await balancesOf(suite.db, memberId);
    expect([books.get('centre'), books.get('usdt')]).toEqual([100_00, 1_000_000]);
  });

  it('allows 10 conversions a day and replays a key without converting twice', async () => {
    const { memberId, token } = await withUsdt(0);
    const key = newKey();
    const first = await suite.callWithKey(rmbToUsdt, { rmbAmount: 1 }, token, key);
    expect((await suite.callWithKey(rmbToUsdt, { rmbAmount: 1 }, token, key)).body).toEqual(first.body);
    for (let i = 1; i < 10; i += 1) expect((await suite.callWithKey(rmbToUsdt, { rmbAmount: 1 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(rmbToUsdt, { rmbAmount: 1 }, token)).body.code).toBe(CODE.conversionLimit);
    expect((await suite.call(changeMoneyConfig, {}, { token })).body.data.remainCount).toBe(0);
    expect((await balancesOf(suite.db, memberId)).get('centre')).toBe(90_00);
  });
});
