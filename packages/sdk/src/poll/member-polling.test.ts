import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BALANCE_POLL_MS,
  clearSession,
  createBalancePoller,
  createDepositTipPoller,
  createOrderPoller,
  DEPOSIT_TIP_FIRST_DELAY_MS,
  DEPOSIT_TIP_POLL_MS,
  ORDER_POLL_MS,
  setSession,
  startMemberPolling,
} from '@lobby/sdk';

beforeEach(() => {
  vi.useFakeTimers();
  clearSession();
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('spec intervals', () => {
  it('names the intervals of spec sections 4 and 9', () => {
    expect([ORDER_POLL_MS, DEPOSIT_TIP_POLL_MS, DEPOSIT_TIP_FIRST_DELAY_MS, BALANCE_POLL_MS]).toEqual([60_000, 60_000, 5_000, 60_000]);
  });

  it('deposit tip: first after 5 s, every 60 s, stops after a tip with status 1', async () => {
    const tips = [null, { status: 0 }, { status: 1 }];
    const task = vi.fn(async () => tips.shift() ?? null);
    const poller = createDepositTipPoller(task, { visibility: null });
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(poller.active).toBe(false);
  });
});

describe('startMemberPolling', () => {
  it('starts nothing for a visitor', async () => {
    const task = vi.fn(async () => undefined);
    startMemberPolling([createOrderPoller(task, { visibility: null })]);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    expect(task).not.toHaveBeenCalled();
  });

  it('polls while logged in and stops every poller on logout', async () => {
    setSession('t');
    const order = vi.fn(async () => undefined);
    const balance = vi.fn(async () => undefined);
    const pollers = [createOrderPoller(order, { visibility: null }), createBalancePoller(balance, { visibility: null })];
    startMemberPolling(pollers);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(order).toHaveBeenCalledTimes(2);
    expect(balance).toHaveBeenCalledTimes(2);
    clearSession();
    expect(pollers.every((poller) => !poller.active)).toBe(true);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 5);
    expect(order).toHaveBeenCalledTimes(2);
    expect(balance).toHaveBeenCalledTimes(2);
  });

  it('the returned function stops them too', async () => {
    setSession('t');
    const order = vi.fn(async () => undefined);
    const stop = startMemberPolling([createOrderPoller(order, { visibility: null })]);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(order).toHaveBeenCalledTimes(1);
  });
});
