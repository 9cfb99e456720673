import { describe, expect, it } from 'vitest';
import type { WithdrawalOrder } from '@lobby/sdk';
import { boundEWalletAddresses, cardNumberOf, drawsToConfirm, isActiveWithdrawal, payoutOf, usdtAddressOf, withdrawAmountProblem, withdrawProgress } from './withdraw-logic.js';

const info = { minAmount: 100, maxAmount: 500_000, balance: 10_000, surplusCount: 10, currency: 'RMB' as const };

function draw(orderState: number, matchResult = 0): WithdrawalOrder {
  return {
    billNo: `W${orderState}`, orderState, status: 0, matchResult, orderSource: 0, orderTimeOut: 30, expireTime: 100, withdrawType: 0, sourceWithdrawType: 0,
    speedLabel: 0, firstDraw: false, amount: 200, currency: 'RMB', createdAt: '2026-01-01T00:00:00Z', subDraws: [],
  };
}

describe('withdrawals page logic', () => {
  it('places draw states on the normal and the expired steps', () => {
    expect(withdrawProgress(4011)).toEqual({ steps: 'normal', step: 1 });
    expect(withdrawProgress(4012)).toEqual({ steps: 'normal', step: 1 });
    expect(withdrawProgress(4013)).toEqual({ steps: 'normal', step: 2 });
    expect(withdrawProgress(4015)).toEqual({ steps: 'normal', step: 3 });
    expect(withdrawProgress(4016)).toEqual({ steps: 'expired', step: 2 });
  });

  it('checks amounts against the range, the balance and the day limit, exactly', () => {
    expect(withdrawAmountProblem('', info)).toBe('amountEmpty');
    expect(withdrawAmountProblem('1e3', info)).toBe('amountNotNumber');
    expect(withdrawAmountProblem('100.001', info)).toBe('amountDecimals');
    expect(withdrawAmountProblem('99.99', info)).toBe('amountOutOfRange');
    expect(withdrawAmountProblem('10000.01', info)).toBe('amountOverBalance');
    expect(withdrawAmountProblem('200', { ...info, surplusCount: 0 })).toBe('limitReached');
    expect(withdrawAmountProblem('10000', info)).toBeNull();
    expect(withdrawAmountProblem('10.123456', { ...info, minAmount: 10, currency: 'USDT' })).toBeNull();
    expect(withdrawAmountProblem('10.1234567', { ...info, minAmount: 10, currency: 'USDT' })).toBe('amountDecimals');
  });

  it('finds the split draws to confirm and whether the order is still active', () => {
    const order = { ...draw(4012), subDraws: [draw(4013, 1), draw(4015), draw(4013, 0)] };
    expect(drawsToConfirm(order).map((d) => d.billNo)).toEqual(['W4013']);
    expect(isActiveWithdrawal(order)).toBe(true);
    expect(isActiveWithdrawal({ ...draw(4015), subDraws: [draw(4015), draw(4016)] })).toBe(false);
    expect(drawsToConfirm(draw(4013, 1))).toHaveLength(1);
  });

  it('validates card numbers and USDT addresses by protocol', () => {
    expect(cardNumberOf('6222 0202 0011 2233')).toBe('6222020200112233');
    expect(cardNumberOf('12345')).toBeNull();
    expect(usdtAddressOf('TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ', 'TRC20')).toBe('TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ');
    expect(usdtAddressOf('TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ', 'ERC20')).toBeNull();
    expect(usdtAddressOf('0x1fbf7c7e53eA4523733A69e35b55c90743A0461d', 'ERC20')).not.toBeNull();
    expect(usdtAddressOf('34atGC6JkxxKLFUPpygHtroFsdzYQSffGw', 'OMNI')).not.toBeNull();
    expect(usdtAddressOf('0x12', 'ERC20')).toBeNull();
  });

  it('sends a bound card as its id only, and a typed card as name and number', () => {
    const form = { kind: 'bank' as const, amount: 100, withdrawType: 0 as const, password: 'x' };
    expect(payoutOf({ ...form, bankCardId: 12 })).toEqual({ bankCardId: 12 });
    expect(payoutOf({ ...form, bankName: 'ICBC', bankCard: '6222020200112233' })).toEqual({ bankName: 'ICBC', bankCard: '6222020200112233' });
  });

  it('offers only the bound addresses of the chosen e-wallet (EbPay 3, KoiPay 4), never a USDT address', () => {
    const addresses = [{ id: 1, protocol: 0 }, { id: 2, protocol: 3 }, { id: 3, protocol: 4 }, { id: 4, protocol: 3 }];
    expect(boundEWalletAddresses(addresses, 3).map((address) => address.id)).toEqual([2, 4]);
    expect(boundEWalletAddresses(addresses, 4).map((address) => address.id)).toEqual([3]);
    expect(boundEWalletAddresses([{ id: 1, protocol: 0 }], 3)).toEqual([]);
  });
});
