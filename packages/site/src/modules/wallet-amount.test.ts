import { describe, expect, it } from 'vitest';
import { convertedMinor, formatMinor, formatWire, parseAmount } from './wallet-amount.js';

describe('parseAmount', () => {
  it('reads yuan exactly into fen, without float error', () => {
    expect(parseAmount('0.29', { decimals: 2 })).toEqual({ ok: true, minor: 29 });
    expect(parseAmount(' 1234.5 ', { decimals: 2 })).toEqual({ ok: true, minor: 123450 });
    expect(parseAmount('.5', { decimals: 2 })).toEqual({ ok: true, minor: 50 });
    expect(parseAmount('5.', { decimals: 2 })).toEqual({ ok: true, minor: 500 });
    expect(parseAmount('1.10', { decimals: 2 })).toEqual({ ok: true, minor: 110 });
    expect(parseAmount('0.000001', { decimals: 6 })).toEqual({ ok: true, minor: 1 });
  });

  it('names each problem', () => {
    expect(parseAmount('   ', { decimals: 2 })).toEqual({ ok: false, problem: 'amountEmpty' });
    expect(parseAmount('abc', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotNumber' });
    expect(parseAmount('1e3', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotNumber' });
    expect(parseAmount('.', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotNumber' });
    expect(parseAmount('1.234', { decimals: 2 })).toEqual({ ok: false, problem: 'amountTooManyDecimals' });
    expect(parseAmount('0', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotPositive' });
    expect(parseAmount('0.00', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotPositive' });
    expect(parseAmount('-5', { decimals: 2 })).toEqual({ ok: false, problem: 'amountNotPositive' });
    expect(parseAmount('100000000.01', { decimals: 2 })).toEqual({ ok: false, problem: 'amountTooLarge' });
    expect(parseAmount('99999999999999999999', { decimals: 2 })).toEqual({ ok: false, problem: 'amountTooLarge' });
    expect(parseAmount('9999999999.999999', { decimals: 6 })).toEqual({ ok: false, problem: 'amountTooLarge' });
    expect(parseAmount('10000000.000001', { decimals: 6, maxMinor: 1 })).toEqual({ ok: false, problem: 'amountOverBalance' });
  });

  it('refuses more than the balance and accepts exactly the balance', () => {
    expect(parseAmount('100.01', { decimals: 2, maxMinor: 10_000 })).toEqual({ ok: false, problem: 'amountOverBalance' });
    expect(parseAmount('100', { decimals: 2, maxMinor: 10_000 })).toEqual({ ok: true, minor: 10_000 });
  });
});

describe('formatMinor and formatWire', () => {
  it('show exactly the decimals of the currency, grouped in the member language', () => {
    expect(formatMinor(123456, 2)).toBe('1,234.56');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(1, 6)).toBe('0.000001');
    expect(formatMinor(42, 0)).toBe('42');
    expect(formatWire(10000, 2)).toBe('10,000.00');
    expect(formatWire(50000, 2, 'en')).toBe('50,000.00');
    expect(formatWire(12.5, 2)).toBe('12.50');
    expect(formatWire(7.15, 5)).toBe('7.15000');
    expect(formatWire(100000, 6)).toBe('100,000.000000');
  });
});

describe('convertedMinor', () => {
  it('converts as the server does, rounding down in the site favour', () => {
    expect(convertedMinor('usdtToRmb', 1_000_000, 715_000n)).toBe(715);
    expect(convertedMinor('usdtToRmb', 1, 715_000n)).toBe(0);
    expect(convertedMinor('usdtToRmb', 123_456_789, 715_000n)).toBe(88271);
    expect(convertedMinor('rmbToUsdt', 725, 725_000n)).toBe(1_000_000);
    expect(convertedMinor('rmbToUsdt', 100, 725_000n)).toBe(137_931);
    expect(convertedMinor('rmbToUsdt', 100, 0n)).toBe(0);
  });
});
