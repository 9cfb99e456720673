import { describe, expect, it } from 'vitest';
import { USDT_DEPOSIT_STEPS } from '../deposit-logic.js';
import { usdtAmountProblem, usdtStepIndex } from './usdt-logic.js';

describe('USDT deposit amount rules', () => {
  const usdt = { min: 10, max: 100_000 };
  const rmb = { min: 71.5, max: 715_000 };
  it('takes up to 6 decimals of USDT and 2 of yuan, inside the range, compared exactly', () => {
    expect(usdtAmountProblem('12.345678', 'usdt', usdt)).toBeNull();
    expect(usdtAmountProblem('10', 'usdt', usdt)).toBeNull();
    expect(usdtAmountProblem('100000', 'usdt', usdt)).toBeNull();
    expect(usdtAmountProblem('71.50', 'rmb', rmb)).toBeNull();
  });
  it('names the problem of a bad amount', () => {
    expect(usdtAmountProblem('  ', 'usdt', usdt)).toBe('usdtAmountEmpty');
    expect(usdtAmountProblem('1e3', 'usdt', usdt)).toBe('usdtAmountNotNumber');
    expect(usdtAmountProblem('-20', 'usdt', usdt)).toBe('usdtAmountNotNumber');
    expect(usdtAmountProblem('12.3456789', 'usdt', usdt)).toBe('usdtAmountDecimals');
    expect(usdtAmountProblem('100.001', 'rmb', rmb)).toBe('usdtAmountDecimals');
    expect(usdtAmountProblem('9.999999', 'usdt', usdt)).toBe('usdtAmountOutOfRange');
    expect(usdtAmountProblem('100000.000001', 'usdt', usdt)).toBe('usdtAmountOutOfRange');
    expect(usdtAmountProblem('71.49', 'rmb', rmb)).toBe('usdtAmountOutOfRange');
  });
});

describe('USDT deposit steps (spec section 4)', () => {
  it("has 3 steps on route 'rmb' and 4 on route 'usdt'", () => {
    expect(USDT_DEPOSIT_STEPS.rmb).toHaveLength(3);
    expect(USDT_DEPOSIT_STEPS.usdt).toEqual(['chooseColdWallet', 'selectProtocol', 'enterAmount', 'completed']);
  });
  it('moves through the steps as the member chooses, orders and is credited', () => {
    expect(usdtStepIndex('usdt', { merchantNo: '', protocol: '', order: null })).toEqual({ current: 0, done: false });
    expect(usdtStepIndex('usdt', { merchantNo: 'M', protocol: '', order: null })).toEqual({ current: 1, done: false });
    expect(usdtStepIndex('usdt', { merchantNo: 'M', protocol: 'TRC20', order: null })).toEqual({ current: 2, done: false });
    expect(usdtStepIndex('usdt', { merchantNo: 'M', protocol: 'TRC20', order: { orderState: 101 } })).toEqual({ current: 3, done: false });
    expect(usdtStepIndex('usdt', { merchantNo: 'M', protocol: 'TRC20', order: { orderState: 104 } })).toEqual({ current: 3, done: true });
    expect(usdtStepIndex('rmb', { merchantNo: 'M', protocol: 'TRC20', order: null })).toEqual({ current: 0, done: false });
    expect(usdtStepIndex('rmb', { merchantNo: 'M', protocol: 'TRC20', order: { orderState: 102 } })).toEqual({ current: 1, done: false });
    expect(usdtStepIndex('rmb', { merchantNo: 'M', protocol: 'TRC20', order: { orderState: 104 } })).toEqual({ current: 2, done: true });
  });
});
