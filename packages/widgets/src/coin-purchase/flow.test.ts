import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lobby/sdk';
import { createCoinFlow, type CoinFlowDeps, type CoinFlowOutcome } from './flow.js';
import { INITIAL_AMOUNT, pickQuickAmount, typeAmount } from './amount.js';

const texts = { failed: 'Operation failed', success: 'Purchase successful' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function fakeDeps() {
  const outcomes: CoinFlowOutcome[] = [];
  let keys = 0;
  const deps = {
    checkPermission: vi.fn<CoinFlowDeps['checkPermission']>(async () => ({ code: 0, msg: 'ok' })),
    buy: vi.fn<CoinFlowDeps['buy']>(async (money: number) => ({ message: 'bought', coins: money * 10, money })),
    memberId: vi.fn<CoinFlowDeps['memberId']>(async () => 7),
    afterPurchase: vi.fn(),
    newKey: vi.fn(() => `key-${++keys}`),
    report: (outcome: CoinFlowOutcome) => {
      outcomes.push(outcome);
    },
  } satisfies CoinFlowDeps;
  return { deps, outcomes };
}

async function toConfirming(flow: ReturnType<typeof createCoinFlow>, yuan = 18) {
  expect(await flow.open(texts.failed)).toBe(true);
  expect(await flow.buyNow(yuan, texts.failed)).toBe(true);
}

describe('coin purchase flow (spec section 4)', () => {
  it('checks permission on open, on buy-now and on confirm, then buys and reports in order', async () => {
    const { deps, outcomes } = fakeDeps();
    const flow = createCoinFlow(deps);
    await toConfirming(flow, 18);
    expect(flow.$state.get()).toEqual({ step: 'confirming', loading: false, confirmingYuan: 18 });
    expect(await flow.confirm(texts)).toBe(true);
    expect(deps.checkPermission).toHaveBeenCalledTimes(3);
    expect(deps.buy).toHaveBeenCalledWith(18, 'key-1');
    expect(outcomes).toEqual([
      { kind: 'success', message: 'bought', buyGold: { user_id: 7, gold_count: 180, recharge_amount: 18 } },
      { kind: 'finished' },
    ]);
    expect(deps.afterPurchase).toHaveBeenCalledTimes(1);
    expect(flow.$state.get().step).toBe('closed');
  });

  it('stops at a refused permission with the server message, or the failed text without one', async () => {
    const { deps, outcomes } = fakeDeps();
    deps.checkPermission.mockResolvedValueOnce({ code: 401020, msg: 'account sleeping' });
    const flow = createCoinFlow(deps);
    expect(await flow.open(texts.failed)).toBe(false);
    expect(flow.$state.get().step).toBe('closed');
    expect(outcomes).toEqual([{ kind: 'error', type: 'coin-permission', message: 'account sleeping', code: 401020 }]);
    deps.checkPermission.mockResolvedValueOnce({ code: 5, msg: '' });
    await flow.open(texts.failed);
    expect(outcomes[1]).toMatchObject({ type: 'coin-permission', message: 'Operation failed' });
    expect(deps.buy).not.toHaveBeenCalled();
  });

  it('does not buy when the check on confirm refuses, and stays in the dialog', async () => {
    const { deps, outcomes } = fakeDeps();
    const flow = createCoinFlow(deps);
    await toConfirming(flow);
    deps.checkPermission.mockResolvedValueOnce({ code: 9, msg: 'closed for today' });
    expect(await flow.confirm(texts)).toBe(false);
    expect(deps.buy).not.toHaveBeenCalled();
    expect(outcomes).toEqual([{ kind: 'error', type: 'coin-permission', message: 'closed for today', code: 9 }]);
    expect(flow.$state.get()).toMatchObject({ step: 'confirming', loading: false });
  });

  it('sends one purchase for a double click, with one idempotency key', async () => {
    const pending = deferred<{ message: string; coins: number; money: number }>();
    const { deps } = fakeDeps();
    deps.buy.mockImplementation(() => pending.promise);
    const flow = createCoinFlow(deps);
    await toConfirming(flow, 58);
    const first = flow.confirm(texts);
    const second = flow.confirm(texts);
    expect(await second).toBe(false);
    expect(flow.$state.get().loading).toBe(true);
    await vi.waitFor(() => expect(deps.buy).toHaveBeenCalledTimes(1));
    pending.resolve({ message: '', coins: 580, money: 58 });
    expect(await first).toBe(true);
    expect(deps.buy).toHaveBeenCalledTimes(1);
  });

  it('resets the guard on failure; a refusal gets a new key, a network failure keeps it', async () => {
    const { deps, outcomes } = fakeDeps();
    const flow = createCoinFlow(deps);
    await toConfirming(flow, 5);
    deps.buy.mockRejectedValueOnce(new ApiError({ code: -1, status: 0, message: 'network' }));
    expect(await flow.confirm(texts)).toBe(false);
    expect(outcomes.at(-1)).toMatchObject({ kind: 'error', type: 'coin-purchase', message: 'Operation failed' });
    deps.buy.mockRejectedValueOnce(new ApiError({ code: 220003, status: 200, message: 'x', serverMessage: 'balance too low' }));
    expect(await flow.confirm(texts)).toBe(false);
    expect(outcomes.at(-1)).toMatchObject({ kind: 'error', type: 'coin-purchase', message: 'balance too low', code: 220003 });
    expect(await flow.confirm(texts)).toBe(true);
    expect(deps.buy.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('answers the generic success text when the server sends no message', async () => {
    const { deps, outcomes } = fakeDeps();
    deps.buy.mockResolvedValueOnce({ message: '', coins: 10, money: 1 });
    const flow = createCoinFlow(deps);
    await toConfirming(flow, 1);
    await flow.confirm(texts);
    expect(outcomes[0]).toMatchObject({ kind: 'success', message: 'Purchase successful' });
  });

  it('will not close while a purchase is being sent', async () => {
    const pending = deferred<{ message: string; coins: number; money: number }>();
    const { deps } = fakeDeps();
    deps.buy.mockImplementation(() => pending.promise);
    const flow = createCoinFlow(deps);
    await toConfirming(flow);
    const sending = flow.confirm(texts);
    await vi.waitFor(() => expect(deps.buy).toHaveBeenCalled());
    flow.close();
    expect(flow.$state.get().step).toBe('confirming');
    pending.resolve({ message: 'ok', coins: 180, money: 18 });
    await sending;
    expect(flow.$state.get().step).toBe('closed');
  });
});

describe('coin amount field (spec section 5)', () => {
  it('starts at quick amount 1', () => {
    expect(INITIAL_AMOUNT).toEqual({ amountYuan: 1, quickPick: 1, message: null });
  });

  it('picks a quick amount, and any typing clears the pick', () => {
    expect(pickQuickAmount(188)).toEqual({ amountYuan: 188, quickPick: 188, message: null });
    expect(typeAmount('188')).toEqual({ amountYuan: 188, quickPick: null, message: null });
  });

  it('keeps digits only, clears on empty, raises 0 to 1 and caps at 500000 with the message', () => {
    expect(typeAmount('1a2.3')).toMatchObject({ amountYuan: 123 });
    expect(typeAmount('')).toEqual({ amountYuan: null, quickPick: null, message: null });
    expect(typeAmount('abc')).toMatchObject({ amountYuan: null });
    expect(typeAmount('0')).toMatchObject({ amountYuan: 1 });
    expect(typeAmount('500001')).toEqual({ amountYuan: 500000, quickPick: null, message: 'amountUpTo500000' });
    expect(typeAmount('500000')).toEqual({ amountYuan: 500000, quickPick: null, message: null });
  });
});
