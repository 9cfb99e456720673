import { describe, expect, it } from 'vitest';
import { canBuyCoins, COIN_DEFAULT_AMOUNT, COIN_QUICK_AMOUNTS, coinsFor, sanitizeCoinAmount, showsBalanceBubble } from '@lobby/sdk';

describe('coin amount (spec sections 5 and 9)', () => {
  it('keeps digits only and clears the quick pick', () => {
    expect(sanitizeCoinAmount('1a8')).toEqual({ amountYuan: 18, quickPick: null });
    expect(sanitizeCoinAmount('007')).toEqual({ amountYuan: 7, quickPick: null });
  });

  it('empty clears the amount', () => {
    expect(sanitizeCoinAmount('')).toEqual({ amountYuan: null, quickPick: null });
    expect(sanitizeCoinAmount('abc')).toEqual({ amountYuan: null, quickPick: null });
  });

  it('raises below the minimum to 1', () => {
    expect(sanitizeCoinAmount('0')).toEqual({ amountYuan: 1, quickPick: null });
    expect(sanitizeCoinAmount('000')).toEqual({ amountYuan: 1, quickPick: null });
  });

  it('caps above the maximum at 500000 with "Amount up to 500000"', () => {
    expect(sanitizeCoinAmount('500000')).toEqual({ amountYuan: 500000, quickPick: null });
    expect(sanitizeCoinAmount('500001')).toEqual({ amountYuan: 500000, quickPick: null, message: 'amountUpTo500000' });
    expect(sanitizeCoinAmount('99999999999999999999999').message).toBe('amountUpTo500000');
  });

  it('coins are amount times the rate, 10 by default', () => {
    expect(coinsFor(58)).toBe(580);
    expect(coinsFor(500000)).toBe(5_000_000);
    expect(coinsFor(3, 12.5)).toBe(37);
    expect(() => coinsFor(1.5)).toThrow(RangeError);
  });

  it('quick choices and default', () => {
    expect(COIN_QUICK_AMOUNTS).toEqual([1, 18, 58, 188, 588, 1888]);
    expect(COIN_DEFAULT_AMOUNT).toBe(1);
  });

  it('buy is disabled when empty, zero or above the centre balance', () => {
    expect(canBuyCoins(null, 10_000)).toBe(false);
    expect(canBuyCoins(0, 10_000)).toBe(false);
    expect(canBuyCoins(100, 10_000)).toBe(true);
    expect(canBuyCoins(101, 10_000)).toBe(false);
    expect(canBuyCoins(1, null)).toBe(false);
  });

  it('the balance bubble shows above the balance or when the balance is empty', () => {
    expect(showsBalanceBubble(101, 10_000)).toBe(true);
    expect(showsBalanceBubble(100, 10_000)).toBe(false);
    expect(showsBalanceBubble(null, 0)).toBe(true);
    expect(showsBalanceBubble(1, null)).toBe(true);
  });
});
