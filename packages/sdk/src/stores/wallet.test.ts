import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { $totalFundsMinor, $wallet, clearSession, divideHalfUp, fromMinor, rateUnits, setWallet, totalFundsMinor, type VenueMoney, type WalletBalance } from '@lobby/sdk';

const venue = (currency: 'RMB' | 'USDT', money: number): VenueMoney => ({
  enName: 'V',
  zhName: '场馆',
  gameType: 1,
  channelCode: `${currency}-${money}`,
  currency,
  money,
  maintenance: false,
});

const wallet = (patch: Partial<WalletBalance>): WalletBalance => ({
  centerWalletBalance: 0,
  lockedWalletBalance: 0,
  memberTotalBalance: 0,
  virtualCurrencyWalletBalance: 0,
  virtualCurrencyLockWalletBalance: 0,
  coinWalletBalance: 0,
  yebWalletBalance: 0,
  baseRate: 7,
  venueList: [],
  totalFunds: 0,
  ...patch,
});

afterEach(() => clearSession());

describe('totalFundsMinor (spec section 3)', () => {
  it('adds member total, RMB venues and USDT venues times the rate, in fen', () => {
    const funds = wallet({
      memberTotalBalance: 1000.5,
      baseRate: 7.12345,
      venueList: [venue('RMB', 20.25), venue('USDT', 10.5), venue('RMB', 0.01), venue('USDT', 0.000001)],
    });
    // 100050 + 2025 + 1 fen, plus 10.500001 USDT * 7.12345 = 74.79623212345 yuan -> 7480 fen (half up).
    expect(totalFundsMinor(funds)).toBe(109556);
  });

  it('rounds the USDT part half up, once, after summing', () => {
    expect(totalFundsMinor(wallet({ baseRate: 5, venueList: [venue('USDT', 0.001)] }))).toBe(1); // 0.5 fen -> 1
    expect(totalFundsMinor(wallet({ baseRate: 5, venueList: [venue('USDT', 0.000999)] }))).toBe(0); // 0.4995 fen -> 0
    // Two venues of 0.3 fen each: rounding each would give 0, summing first gives 0.6 -> 1.
    expect(totalFundsMinor(wallet({ baseRate: 3, venueList: [venue('USDT', 0.001), venue('USDT', 0.001)] }))).toBe(1);
  });

  it('takes the rate to 5 decimals, half up', () => {
    expect(rateUnits(7.12345)).toBe(712345n);
    expect(rateUnits(7.123455)).toBe(712346n);
    expect(rateUnits(7.123454)).toBe(712345n);
    expect(divideHalfUp(-15n, 10n)).toBe(-2n);
    expect(divideHalfUp(14n, 10n)).toBe(1n);
  });

  it('refuses amounts with more decimals than their currency has', () => {
    expect(() => totalFundsMinor(wallet({ venueList: [venue('RMB', 1.234)] }))).toThrow(/decimals/);
    expect(() => totalFundsMinor(wallet({ venueList: [venue('USDT', 1.2345678)] }))).toThrow(/decimals/);
  });

  it('equals the exact sum for any amounts (property)', () => {
    const fen = fc.integer({ min: 0, max: 10 ** 10 });
    const micro = fc.integer({ min: 0, max: 10 ** 12 });
    fc.assert(
      fc.property(fen, fc.array(fen, { maxLength: 5 }), fc.array(micro, { maxLength: 5 }), fc.integer({ min: 1, max: 10_000_000 }), (member, rmb, usdt, rate) => {
        const funds = wallet({
          memberTotalBalance: fromMinor(member, 2),
          baseRate: Number(`${Math.floor(rate / 1e5)}.${String(rate % 1e5).padStart(5, '0')}`),
          venueList: [...rmb.map((value) => venue('RMB', fromMinor(value, 2))), ...usdt.map((value) => venue('USDT', fromMinor(value, 6)))],
        });
        // Reference: exact rational in 1e-11 yuan, rounded half up to fen with floor((2n + d) / 2d).
        const usdtUnits = usdt.reduce((sum, value) => sum + BigInt(value), 0n) * BigInt(rate);
        const usdtFen = (2n * usdtUnits + 10n ** 9n) / (2n * 10n ** 9n);
        const expected = BigInt(member) + rmb.reduce((sum, value) => sum + BigInt(value), 0n) + usdtFen;
        expect(totalFundsMinor(funds)).toBe(Number(expected));
        expect(totalFundsMinor({ ...funds, venueList: [...funds.venueList].reverse() })).toBe(Number(expected));
      }),
      { numRuns: 300 },
    );
  });
});

describe('$wallet and $totalFundsMinor', () => {
  it('computes total funds from the stored wallet', () => {
    expect($totalFundsMinor.get()).toBeNull();
    expect(setWallet(wallet({ memberTotalBalance: 12.34, baseRate: 7.12345, venueList: [venue('USDT', 1)] }))).toEqual({ ok: true });
    expect($totalFundsMinor.get()).toBe(1234 + 712);
  });

  it('leaves the state unchanged when an update fails', () => {
    const good = wallet({ memberTotalBalance: 1 });
    setWallet(good);
    const result = setWallet(wallet({ memberTotalBalance: 1.001 }));
    expect(result.ok).toBe(false);
    expect($wallet.get()).toBe(good);
    expect($totalFundsMinor.get()).toBe(100);
  });
});
