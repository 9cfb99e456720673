import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE, CODE, type AnyCall, type ApiClient } from '@lobby/sdk';
import { CREDIT_FIX_ROUTES, canClaimFanShui, createWelfareStore, daysLeftOf, totalRebateBasisPoints, type FanShuiInfo } from './welfare-store.js';

const info = (pendingAmount: number, buffBasisPoints = 0): FanShuiInfo => ({
  rateBasisPoints: 50, buffBasisPoints, windowDays: 30, pendingBets: pendingAmount > 0 ? 1 : 0, pendingTurnover: pendingAmount > 0 ? 150 : 0, pendingAmount, claims: [],
});

/** A fake server for the welfare calls: it answers each call by name and records what was sent, with its key. */
function scriptedClient() {
  const sent: { name: string; key?: string }[] = [];
  let pending = 1.2;
  let centre = 1_000;
  let claimFailure: ApiError | null = null;
  let releaseClaim: (() => void) | null = null;
  const answers: Record<string, () => unknown> = {
    welfareCenter: () => ({ activities: [{ activityId: 9, kind: 'promo_v2', title: 'Buff <b>card</b>', status: 1, endsAt: '2026-12-31T00:00:00.000Z', available: 1 }], rebatePending: pending, applicationsUnderReview: 0 }),
    fanShuiInfo: () => info(pending, 30),
    buffCardList: () => ({ cards: [] }),
    memberCredit: () => ({ checks: [{ key: 'phone', passed: false }, { key: 'deposit', passed: true }], passed: 1, total: 2 }),
    bankNotice: () => ({ notices: [{ bankName: 'ICBC', cardTail: '1234', sharedWithAnotherAccount: true }] }),
  };
  const client = {
    deviceId: 'test',
    call: async (call: AnyCall, _request: unknown, options?: { idempotencyKey?: string }) => {
      sent.push({ name: call.name, ...(options?.idempotencyKey ? { key: options.idempotencyKey } : {}) });
      if (call.name !== 'fanShuiClaim') return answers[call.name]!();
      await new Promise<void>((resolve) => (releaseClaim = resolve));
      if (claimFailure) throw claimFailure;
      const amount = pending;
      pending = 0;
      centre += amount;
      return { claim: { id: 1, amount, turnover: 150, bets: 1, buffBasisPoints: 30, createdAt: '2026-12-01T00:00:00.000Z' }, centerWalletBalance: centre };
    },
  } as unknown as ApiClient;
  return {
    client,
    sent,
    claims: () => sent.filter((entry) => entry.name === 'fanShuiClaim'),
    failNextClaim: (failure: ApiError | null) => (claimFailure = failure),
    /** Lets the claim on its way answer (after the test's own clicks). */
    answerClaim: async () => {
      while (!releaseClaim) await Promise.resolve();
      const release = releaseClaim;
      releaseClaim = null;
      release();
    },
  };
}

describe('the welfare centre store', () => {
  it('reads every panel, each answer kept as it came', async () => {
    const { client } = scriptedClient();
    const store = createWelfareStore(client, async () => undefined);
    expect(store.$welfare.get().fanShui).toEqual({ state: 'loading' });
    await store.load();
    const state = store.$welfare.get();
    expect(state.welfare).toMatchObject({ state: 'ready', data: { activities: [{ title: 'Buff <b>card</b>', available: 1 }] } });
    expect(state.fanShui).toMatchObject({ state: 'ready', data: { pendingAmount: 1.2, buffBasisPoints: 30 } });
    expect(state.buffCards).toEqual({ state: 'ready', data: [] });
    expect(state.credit).toMatchObject({ state: 'ready', data: { passed: 1, total: 2 } });
    expect(state.bankNotices).toEqual({ state: 'ready', data: [{ bankName: 'ICBC', cardTail: '1234', sharedWithAnotherAccount: true }] });
    expect(canClaimFanShui(state)).toBe(true);
  });

  it('sends one claim with one idempotency key for a double click, then reads the wallet and the panels again', async () => {
    const fake = scriptedClient();
    let walletReads = 0;
    const store = createWelfareStore(fake.client, async () => {
      walletReads += 1;
    });
    await store.load();
    const first = store.claim();
    const second = store.claim();
    expect(store.$welfare.get().claiming).toBe(true);
    expect(canClaimFanShui(store.$welfare.get())).toBe(false);
    await fake.answerClaim();
    await Promise.all([first, second]);
    expect(fake.claims()).toHaveLength(1);
    expect(fake.claims()[0]!.key).toMatch(/.+/);
    expect(walletReads).toBe(1);
    const state = store.$welfare.get();
    expect(state).toMatchObject({ claiming: false, claimRefusal: null, claimed: { claim: { amount: 1.2 }, centerWalletBalance: 1_001.2 } });
    expect(state.fanShui).toMatchObject({ state: 'ready', data: { pendingAmount: 0 } });
    expect(canClaimFanShui(state)).toBe(false);
  });

  it('shows a refusal with its code and catalogue message, and the next claim is a new action with a new key', async () => {
    const fake = scriptedClient();
    const store = createWelfareStore(fake.client, async () => undefined);
    await store.load();
    fake.failNextClaim(new ApiError({ code: CODE.rebateNothingToClaim, status: 200, message: '暂无可领取的返水', serverMessage: 'no fan shui to claim' }));
    const refused = store.claim();
    await fake.answerClaim();
    await refused;
    expect(store.$welfare.get().claimRefusal).toEqual({ code: CODE.rebateNothingToClaim, message: '暂无可领取的返水', serverMessage: 'no fan shui to claim' });
    fake.failNextClaim(null);
    const again = store.claim();
    await fake.answerClaim();
    await again;
    const [one, two] = fake.claims();
    expect(one!.key).not.toBe(two!.key);
    expect(store.$welfare.get()).toMatchObject({ claimRefusal: null, claimed: { claim: { amount: 1.2 } } });
  });

  it('retries a claim that got no answer with the same key, and reads nothing again until it is answered', async () => {
    const fake = scriptedClient();
    let walletReads = 0;
    const store = createWelfareStore(fake.client, async () => {
      walletReads += 1;
    });
    await store.load();
    fake.failNextClaim(new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'network' }));
    const lost = store.claim();
    await fake.answerClaim();
    await lost;
    expect(walletReads).toBe(0);
    expect(store.$welfare.get().claimRefusal).toMatchObject({ code: CLIENT_CODE.networkError });
    fake.failNextClaim(null);
    const retry = store.claim();
    await fake.answerClaim();
    await retry;
    const [one, two] = fake.claims();
    expect(two!.key).toBe(one!.key);
    expect(walletReads).toBe(1);
  });

  it('keeps a panel\'s refusal beside the others', async () => {
    const fake = scriptedClient();
    const failing = {
      ...fake.client,
      call: (call: AnyCall, request: unknown, options?: { idempotencyKey?: string }) =>
        call.name === 'memberCredit' ? Promise.reject(new ApiError({ code: CODE.tokenMissing, status: 401, message: '登录已过期' })) : fake.client.call(call as never, request as never, options),
    } as unknown as ApiClient;
    const store = createWelfareStore(failing, async () => undefined);
    await store.load();
    expect(store.$welfare.get().credit).toEqual({ state: 'refused', refusal: { code: CODE.tokenMissing, message: '登录已过期', serverMessage: '' } });
    expect(store.$welfare.get().bankNotices.state).toBe('ready');
  });
});

describe('welfare centre rules', () => {
  it('adds an active buff card to the fan shui rate', () => {
    expect(totalRebateBasisPoints({ rateBasisPoints: 50, buffBasisPoints: 0 })).toBe(50);
    expect(totalRebateBasisPoints({ rateBasisPoints: 50, buffBasisPoints: 30 })).toBe(80);
  });

  it('counts a buff card\'s days left, a started day as a whole, none once it has run out', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    expect(daysLeftOf({ active: true, expiresAt: '2026-12-08T12:00:00.000Z' }, now)).toBe(7);
    expect(daysLeftOf({ active: true, expiresAt: '2026-12-08T00:00:00.000Z' }, now)).toBe(7);
    expect(daysLeftOf({ active: true, expiresAt: '2026-12-01T12:00:01.000Z' }, now)).toBe(1);
    expect(daysLeftOf({ active: false, expiresAt: '2026-12-08T12:00:00.000Z' }, now)).toBe(0);
  });

  it('sends each failed member-credit check where it is fixed; account age only waits', () => {
    expect(CREDIT_FIX_ROUTES).toEqual({
      phone: '/app/myCenter/userInfo', realName: '/app/myCenter/userInfo', bankCard: '/app/myCenter/banks', deposit: '/app/myCenter/deposit', accountAge: null,
    });
  });

  it('claims only what is waiting, one claim at a time', () => {
    expect(canClaimFanShui({ claiming: false, fanShui: { state: 'ready', data: info(0.01) } })).toBe(true);
    expect(canClaimFanShui({ claiming: false, fanShui: { state: 'ready', data: info(0) } })).toBe(false);
    expect(canClaimFanShui({ claiming: true, fanShui: { state: 'ready', data: info(1) } })).toBe(false);
    expect(canClaimFanShui({ claiming: false, fanShui: { state: 'loading' } })).toBe(false);
  });
});
