import { beforeEach, describe, expect, it } from 'vitest';
import { $wallet, ApiError, CODE, resetWallet, setLanguage, type ApiClient, type CallOptions } from '@lobby/sdk';
import { createWalletActions, startsAutoRecycling, walletVersion } from './wallet-refresh.js';

const wallet = {
  centerWalletBalance: 100, lockedWalletBalance: 0, memberTotalBalance: 100, virtualCurrencyWalletBalance: 0, virtualCurrencyLockWalletBalance: 0,
  coinWalletBalance: 0, yebWalletBalance: 0, baseRate: 7.1, venueList: [], totalFunds: 100,
};
const transfer = (state: 'completed' | 'failed' | 'pending') => ({ transferId: 't', apiName: 'LBSPORT', state, amount: 1, message: '', centerWalletBalance: 100, money: 0 });

/** A client answering by call name, recording each call with its idempotency key. */
function fakeClient(answers: Record<string, (request: unknown) => unknown>) {
  const sent: { name: string; request: unknown; key?: string }[] = [];
  const client = {
    deviceId: 'test',
    async call(call: { name: string }, request: unknown, options: CallOptions = {}) {
      sent.push({ name: call.name, request, ...(options.idempotencyKey ? { key: options.idempotencyKey } : {}) });
      const answer = answers[call.name];
      if (!answer) throw new Error(`unexpected call ${call.name}`);
      return answer(request);
    },
  } as unknown as ApiClient;
  return { client, sent };
}

describe('wallet actions', () => {
  let nowMs = 0;
  const now = () => nowMs;
  beforeEach(() => {
    nowMs = 1_000_000;
    resetWallet();
    setLanguage('en');
  });

  it("refreshes the venues and the wallet, 'amount refreshed', then refuses a second refresh within 10 s without calling", async () => {
    const { client, sent } = fakeClient({ venueBalanceRefresh: () => ({ message: 'amount refreshed', venueList: [] }), walletBalance: () => wallet });
    const actions = createWalletActions(client, now);
    const before = walletVersion.get();
    expect(await actions.refresh()).toEqual({ ok: true, message: 'Amount refreshed' });
    expect($wallet.get()?.centerWalletBalance).toBe(100);
    expect(walletVersion.get()).toBe(before + 1);
    nowMs += 9_999;
    expect(await actions.refresh()).toEqual({ ok: false, message: 'The operation is too frequent, please try again later', code: CODE.operationTooFrequent });
    expect(sent.map((call) => call.name)).toEqual(['venueBalanceRefresh', 'walletBalance']);
    nowMs += 1;
    expect((await actions.refresh()).ok).toBe(true);
  });

  it("shows the server's operationTooFrequent refusal with its message", async () => {
    const { client } = fakeClient({
      venueBalanceRefresh: () => {
        throw new ApiError({ code: CODE.operationTooFrequent, status: 200, message: 'The operation is too frequent, please try again later' });
      },
    });
    expect(await createWalletActions(client, now).refresh()).toEqual({ ok: false, message: 'The operation is too frequent, please try again later', code: CODE.operationTooFrequent });
  });

  it("recycles the confirmed venues with v2 and an idempotency key, reloads the wallet and says 'Recovery successful!'", async () => {
    const { client, sent } = fakeClient({
      oneClickRecycleV2: () => ({ message: 'Recovery successful!', state: 'completed', transfers: [transfer('completed')], centerWalletBalance: 100 }),
      walletBalance: () => wallet,
      userInfo: () => ({ id: 1 }),
    });
    const actions = createWalletActions(client, now);
    expect(actions.canRecycle()).toBe(true);
    expect(await actions.recycle(['LBSPORT'])).toEqual({ ok: true, message: 'Recovery successful!' });
    const recycle = sent.find((call) => call.name === 'oneClickRecycleV2')!;
    expect(recycle.request).toEqual({ apiNames: ['LBSPORT'] });
    expect(recycle.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map((call) => call.name)).toContain('walletBalance');
    nowMs += 5_000;
    expect(actions.canRecycle()).toBe(false);
    expect((await actions.recycle()).message).toBe('The operation is too frequent, please try again later');
    expect(sent.filter((call) => call.name.startsWith('oneClickRecycle'))).toHaveLength(1);
  });

  it('recycles every venue with v1 for the automatic recycling, and gives the server message when a venue failed', async () => {
    const { client, sent } = fakeClient({
      oneClickRecycle: () => ({ message: 'Recycling failed for LBSPORT; their money stays in the venue', state: 'completed', transfers: [transfer('failed')], centerWalletBalance: 100 }),
      walletBalance: () => wallet,
      userInfo: () => ({ id: 1 }),
    });
    expect(await createWalletActions(client, now).recycle()).toEqual({ ok: false, message: 'Recycling failed for LBSPORT; their money stays in the venue' });
    expect(sent[0]).toMatchObject({ name: 'oneClickRecycle', request: {} });
  });

  it('starts the automatic recycling only when the status becomes 1', () => {
    expect(startsAutoRecycling(0, 1)).toBe(true);
    expect(startsAutoRecycling(1, 1)).toBe(false);
    expect(startsAutoRecycling(null, 1)).toBe(false);
    expect(startsAutoRecycling(1, 0)).toBe(false);
  });
});
