import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE, type AnyCall, type ApiClient, type SportsBet } from '@lobby/sdk';
import { createSportsbookApi } from './sportsbook-api.js';

type Outcome = 'completed' | 'refused' | 'lost';

/** A client whose venue transfers answer as scripted, one outcome per call, recording what was sent. */
function scriptedClient(outcomes: Outcome[]) {
  const sent: { request: unknown; key: string | undefined }[] = [];
  const client = {
    deviceId: 'test',
    call: async (call: AnyCall, request: { transferIntoVal: number }, options?: { idempotencyKey?: string }) => {
      if (call.name !== 'venueTransferIn') throw new Error(`unexpected ${call.name}`);
      sent.push({ request, key: options?.idempotencyKey });
      const outcome = outcomes.shift();
      if (outcome === 'lost') throw new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'offline' });
      if (outcome === 'refused') throw new ApiError({ code: 222004, status: 200, message: 'balance too low' });
      return { transferId: 'T1', apiName: 'sb', state: 'completed', amount: request.transferIntoVal, message: '', centerWalletBalance: 0, money: request.transferIntoVal };
    },
  } as unknown as ApiClient;
  return { client, sent };
}

describe('the sportsbook transfer in', () => {
  it('takes a new key after a refusal, so a corrected amount is not refused as a reused key', async () => {
    const { client, sent } = scriptedClient(['refused', 'completed']);
    const api = createSportsbookApi(client, 'sb');
    await expect(api.transferIn(50_000)).rejects.toThrow('balance too low');
    await expect(api.transferIn(10_000)).resolves.toMatchObject({ state: 'completed', balanceMinor: 10_000 });
    expect(sent.map((entry) => entry.request)).toEqual([{ api_name: 'sb', transferIntoVal: 500 }, { api_name: 'sb', transferIntoVal: 100 }]);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('retries a transfer that got no answer with its key, and takes a new one after an answer', async () => {
    const { client, sent } = scriptedClient(['lost', 'completed', 'completed']);
    const api = createSportsbookApi(client, 'sb');
    await expect(api.transferIn(10_000)).rejects.toThrow('offline');
    await api.transferIn(10_000);
    await api.transferIn(10_000);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[1]!.key);
  });

  it('sends one request for a double click', async () => {
    const { client, sent } = scriptedClient(['completed']);
    const api = createSportsbookApi(client, 'sb');
    await Promise.all([api.transferIn(10_000), api.transferIn(10_000)]);
    expect(sent).toHaveLength(1);
  });
});

describe("the sportsbook's reading of a slip that got no answer", () => {
  const bet = (betId: string, slipId: string, status: SportsBet['status']) => ({ betId, slipId, status, acceptAt: null, reason: '' }) as unknown as SportsBet;

  it("finds the slip's bets among the member's open and settled bets, or answers that it was not taken", async () => {
    const asked: unknown[] = [];
    const lists: Record<string, SportsBet[]> = { open: [bet('B2', 'slip-other', 'open'), bet('B1', 'slip-1', 'open')], settled: [bet('B0', 'slip-1', 'rejected')] };
    const client = {
      call: async (call: AnyCall, request: { state: string }) => {
        if (call.name !== 'sportsBetList') throw new Error(`unexpected ${call.name}`);
        asked.push(request);
        return { bets: lists[request.state] ?? [], total: 0, page: 1, pageSize: 50 };
      },
    } as unknown as ApiClient;
    const api = createSportsbookApi(client, 'sb');
    expect(await api.findPlaced('slip-1')).toEqual({ state: 'refused', code: 'rejected', message: '' });
    lists.settled = [];
    expect(await api.findPlaced('slip-1')).toEqual({ state: 'accepted', betIds: ['B1'] });
    expect(await api.findPlaced('slip-9')).toBeNull();
    expect(asked[0]).toEqual({ state: 'open', venueCode: 'sb', page: 1, pageSize: 50 });
  });
});
