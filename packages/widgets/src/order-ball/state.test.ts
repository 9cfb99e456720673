import { describe, expect, it } from 'vitest';
import type { DepositOrder, WithdrawalOrder } from '@lobby/sdk';
import { depositBall, matchedChannel, shouldAnnounce, switchedToOrdinary, withdrawalBall, withdrawalStatus, type Draw } from './state.js';

const deposit = (over: Partial<DepositOrder> = {}): DepositOrder =>
  ({ id: 1, billNo: 'D1', orderState: 101, orderTimeOut: 15, expireTime: 600, payType: '1', ...over }) as DepositOrder;
const draw = (over: Partial<Draw> = {}): Draw =>
  ({ billNo: 'W1-1', orderState: 4011, matchResult: 0, orderSource: 0, orderTimeOut: 30, expireTime: 1200, withdrawType: 1, speedLabel: 0, firstDraw: false, ...over }) as Draw;
const withdrawal = (over: Partial<Draw> = {}, subDraws: Draw[] = []): WithdrawalOrder => ({ ...draw({ billNo: 'W1', ...over }), subDraws }) as WithdrawalOrder;
const home = { route: '/app/home', bigBank: 'unknown' as const, ended: false };

describe('deposit ball (spec section 4)', () => {
  it('shows confirm payment with a countdown for 101, enter details for another active state', () => {
    expect(depositBall(deposit(), home)).toMatchObject({ hidden: false, label: 'confirmPayment', remainingS: 600, totalS: 900 });
    expect(depositBall(deposit({ orderState: 102, expireTime: 0 }), home)).toMatchObject({ hidden: false, label: 'enterDetails', remainingS: null });
  });

  it('is hidden without an order, for 103 closed, and after an end-order answer', () => {
    expect(depositBall(null, home)).toEqual({ hidden: true, reason: 'noOrder' });
    expect(depositBall(deposit({ orderState: 103 }), home)).toEqual({ hidden: true, reason: 'notActive' });
    expect(depositBall(deposit(), { ...home, ended: true })).toEqual({ hidden: true, reason: 'ended' });
  });

  it('is hidden on the deposit page for a speed order, a big-bank order, or a failed big-bank fetch', () => {
    const onDeposit = { route: '/app/myCenter/deposit?tab=1', bigBank: 'none' as const, ended: false };
    expect(depositBall(deposit({ payType: '912' }), onDeposit)).toEqual({ hidden: true, reason: 'speedOrder' });
    expect(depositBall(deposit(), { ...onDeposit, bigBank: 'present' })).toEqual({ hidden: true, reason: 'bigBank' });
    expect(depositBall(deposit(), { ...onDeposit, bigBank: 'failed' })).toEqual({ hidden: true, reason: 'bigBankFailed' });
    expect(depositBall(deposit(), onDeposit)).toMatchObject({ hidden: false });
    expect(depositBall(deposit({ payType: '912' }), home)).toMatchObject({ hidden: false });
  });
});

describe('withdrawal status (spec section 4)', () => {
  it('computes 0 processing, 1 waiting, 2 to be confirmed, 3 manual source', () => {
    expect(withdrawalStatus(withdrawal())?.status).toBe(0);
    expect(withdrawalStatus(withdrawal({ orderState: 4012, expireTime: 300 }))).toMatchObject({ status: 1, countdownDraw: { expireTime: 300 } });
    expect(withdrawalStatus(withdrawal({ orderState: 4013, matchResult: 1 }))).toMatchObject({ status: 2, toConfirmCount: 1 });
    expect(withdrawalStatus(withdrawal({ orderState: 4013, matchResult: 0 }))?.status).toBe(0);
    expect(withdrawalStatus(withdrawal({ orderSource: 1, orderState: 4012 }))?.status).toBe(3);
    expect(withdrawalStatus(withdrawal({ orderSource: 2 }))?.status).toBe(3);
  });

  it('reads the sub-draws of a split order: confirm count and the soonest countdown', () => {
    const order = withdrawal({ orderState: 4011 }, [
      draw({ billNo: 'a', orderState: 4013, matchResult: 1, expireTime: 500 }),
      draw({ billNo: 'b', orderState: 4012, expireTime: 100 }),
      draw({ billNo: 'c', orderState: 4013, matchResult: 1, expireTime: 200 }),
      draw({ billNo: 'd', orderState: 4015 }),
    ]);
    expect(withdrawalStatus(order)).toMatchObject({ status: 2, toConfirmCount: 2, countdownDraw: { billNo: 'c' } });
  });

  it('has no status when no draw is active, and the ball hides then and on the withdrawals page', () => {
    expect(withdrawalStatus(withdrawal({ orderState: 4015 }))).toBeNull();
    expect(withdrawalBall(withdrawal({ orderState: 4016 }), { route: '/app/home', ended: false })).toEqual({ hidden: true, reason: 'notActive' });
    expect(withdrawalBall(withdrawal(), { route: '/app/myCenter/withdrawals', ended: false })).toEqual({ hidden: true, reason: 'withdrawalsPage' });
    expect(withdrawalBall(withdrawal({ orderState: 4013, matchResult: 1, expireTime: 90 }), { route: '/app/home', ended: false })).toMatchObject({
      hidden: false,
      label: 'status2',
      toConfirmCount: 1,
      remainingS: 90,
      totalS: 1800,
    });
  });
});

describe('prompts and countdown', () => {
  it('notices a super-fast order switched to ordinary exactly as the spec says', () => {
    expect(switchedToOrdinary({ orderState: 4012, matchResult: 0, speedLabel: 1 })).toBe(true);
    expect(switchedToOrdinary({ orderState: 4011, matchResult: 0, speedLabel: 1 })).toBe(false);
    expect(switchedToOrdinary({ orderState: 4012, matchResult: 1, speedLabel: 1 })).toBe(false);
    expect(switchedToOrdinary({ orderState: 4012, matchResult: 0, speedLabel: 0 })).toBe(false);
  });

  it('names what the money was matched to', () => {
    expect([919, 918, 920, 1].map(matchedChannel)).toEqual(['alipay', 'wechat', 'ecny', 'bankCard']);
  });

  it('announces once a minute and at 30 and 10 s', () => {
    const announced = Array.from({ length: 181 }, (_, s) => s).filter(shouldAnnounce);
    expect(announced).toEqual([10, 30, 60, 120, 180]);
  });
});

