import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE, type AnyCall, type ApiClient, type LiveMatch } from '@lobby/sdk';
import { createRoomStore } from './room-store.js';

const match = (version: number, homeScore: number): LiveMatch => ({
  fixtureId: 'fx', sport: 'football', kind: 'sports', leagueEn: 'L', leagueZh: '联', homeEn: 'H', homeZh: '主', guestEn: 'G', guestZh: '客',
  startsAt: '2026-11-26T06:00:00.000Z', status: 'live', minute: 10, homeScore, guestScore: 0, isStart: true, version,
});

/** A client that answers each call by name and records what was sent (with its options). */
function scriptedClient(options: { lostSends?: number; rankFailsAfterSend?: boolean } = {}) {
  let lostSends = options.lostSends ?? 0;
  const sent: { name: string; request: unknown; key?: string }[] = [];
  let coins = 500;
  let rank: { rank: number; name: string; coins: number }[] = [];
  const answers: Record<string, (request: Record<string, number>) => unknown> = {
    anchorRoomDetail: () => ({ room: { roomId: 'pitch-1', anchorId: 101, anchorName: 'Lin', avatar: '', title: 'T', categoryId: 1, anchorStatus: 1, viewers: 5, fixtureId: 'fx', match: match(3, 0) }, chatRoomId: 100000 }),
    giftConfigList: () => ({ list: [{ giftId: 2, giftName: 'Heart', coins: 52, icon: '', sort: 2 }] }),
    watchStatus: () => ({ watching: false, watchers: 0 }),
    giftRank: () => {
      if (options.rankFailsAfterSend && rank.length > 0) throw new ApiError({ code: 100500, status: 500, message: 'busy' });
      return { anchorId: 101, list: rank };
    },
    coinWalletBalance: () => ({ coinWalletBalance: coins }),
    giftRewardSend: (request) => {
      coins -= 52 * request.count!;
      rank = [{ rank: 1, name: 'de***', coins: 52 * request.count! }];
      return { billNo: 'GF1', anchorId: 101, giftId: 2, count: request.count, coins: 52 * request.count!, coinWalletBalance: coins };
    },
    anchorBuyGoldEvent: () => ({ billNo: 'CB1', recorded: true }),
  };
  const client = {
    deviceId: 'test',
    call: async (call: AnyCall, request: Record<string, number>, options?: { idempotencyKey?: string }) => {
      sent.push({ name: call.name, request, ...(options?.idempotencyKey ? { key: options.idempotencyKey } : {}) });
      if (call.name === 'giftRewardSend' && lostSends > 0) {
        lostSends -= 1;
        throw new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'offline' });
      }
      return answers[call.name]!(request);
    },
  } as unknown as ApiClient;
  return { client, sent };
}

const texts = { sent: (gift: string, count: number, balance: number) => `${gift} x${count} ${balance}`, failed: (reason: string) => reason };

describe('the anchor room store', () => {
  it('sends a gift to the room\'s anchor with a fresh key each time, then shows the coins left and the new rank', async () => {
    const { client, sent } = scriptedClient();
    const store = createRoomStore(client, 'pitch-1', true, texts);
    await store.load();
    expect(store.$room.get()).toMatchObject({ chatRoomId: 100000, coins: 500, rank: [] });
    await store.sendGift(2, 2);
    await store.sendGift(2, 1);
    const sends = sent.filter((entry) => entry.name === 'giftRewardSend');
    expect(sends.map((entry) => entry.request)).toEqual([{ anchorId: 101, giftId: 2, count: 2, roomId: 100000 }, { anchorId: 101, giftId: 2, count: 1, roomId: 100000 }]);
    expect(new Set(sends.map((entry) => entry.key)).size).toBe(2);
    expect(store.$room.get()).toMatchObject({ coins: 344, rank: [{ rank: 1, coins: 52 }], notice: { tone: 'success', text: 'Heart x1 344' } });
  });

  it('retries a send that got no answer with the same key, so the coins are spent at most once', async () => {
    const { client, sent } = scriptedClient({ lostSends: 1 });
    const store = createRoomStore(client, 'pitch-1', true, texts);
    await store.load();
    await store.sendGift(2, 1);
    expect(store.$room.get().notice).toMatchObject({ tone: 'error' });
    await store.sendGift(2, 1);
    const sends = sent.filter((entry) => entry.name === 'giftRewardSend');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.key).toBe(sends[0]!.key);
    // Another gift or count is another request: a fresh key.
    await store.sendGift(2, 3);
    expect(sent.filter((entry) => entry.name === 'giftRewardSend')[2]!.key).not.toBe(sends[0]!.key);
  });

  it('reports a sent gift as sent even when the rank cannot be read after it', async () => {
    const { client } = scriptedClient({ rankFailsAfterSend: true });
    const store = createRoomStore(client, 'pitch-1', true, texts);
    await store.load();
    await store.sendGift(2, 1);
    expect(store.$room.get()).toMatchObject({ coins: 448, notice: { tone: 'success', text: 'Heart x1 448' } });
  });

  it('keeps the newest pushed score and records the buy-gold event with the room', async () => {
    const { client, sent } = scriptedClient();
    const store = createRoomStore(client, 'pitch-1', true, texts);
    await store.load();
    store.pushedMatch(match(5, 2));
    store.pushedMatch(match(4, 1));
    expect(store.$room.get().match).toMatchObject({ version: 5, homeScore: 2 });
    await store.boughtGold({ gold_count: 180, recharge_amount: 18 });
    expect(sent.find((entry) => entry.name === 'anchorBuyGoldEvent')!.request).toEqual({ gold_count: 180, recharge_amount: 18, roomId: 'pitch-1' });
  });

  it('asks a visitor for no coins or follows', async () => {
    const { client, sent } = scriptedClient();
    const store = createRoomStore(client, 'pitch-1', false, texts);
    await store.load();
    expect(sent.map((entry) => entry.name).sort()).toEqual(['anchorRoomDetail', 'giftConfigList', 'giftRank']);
    expect(store.$room.get().coins).toBeNull();
  });
});
