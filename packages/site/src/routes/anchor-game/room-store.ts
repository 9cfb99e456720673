import { map } from 'nanostores';
import {
  ApiError, anchorBuyGoldEvent, anchorRoomDetail, coinWalletBalance, giftConfigList, giftRank, giftRewardSend, watchSet,
  watchStatus, type ApiClient, type CallResponse, type LiveMatch, type LiveRoom,
} from '@lobby/sdk';
import { createMoneyAction } from '../../modules/money-action.js';

type Gift = CallResponse<typeof giftConfigList>['list'][number];
type RankEntry = CallResponse<typeof giftRank>['list'][number];

export interface RoomState {
  room: LiveRoom | null;
  chatRoomId: number | null;
  /** The covered match, moved by the push (a lower version is ignored). */
  match: LiveMatch | null;
  gifts: Gift[];
  rank: RankEntry[];
  /** Null for a visitor or until loaded. */
  coins: number | null;
  following: boolean;
  sending: boolean;
  /** The last send's outcome, for the status line. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  error: string;
}

export interface RoomTexts {
  sent(gift: string, count: number, balance: number): string;
  failed(reason: string): string;
}

const reason = (failure: unknown) => (failure instanceof ApiError ? failure.message : String(failure));

/**
 * One anchor room's state and actions (docs/ANCHOR-ROOM.md): the room and its match, the
 * gift list, the member's coins, the anchor's gift rank; sending gifts (one idempotency key
 * per send, the same key again for a retry of a send that got no answer), following, and the buy-gold event after a coin purchase.
 *
 * @example const store = createRoomStore(client, 'pitch-1', true, texts); await store.load();
 */
export function createRoomStore(client: ApiClient, roomId: string, signedIn: boolean, texts: RoomTexts) {
  const $room = map<RoomState>({ room: null, chatRoomId: null, match: null, gifts: [], rank: [], coins: null, following: false, sending: false, notice: null, error: '' });
  const giftSend = createMoneyAction();

  async function refreshRank(): Promise<void> {
    const room = $room.get().room;
    if (room) $room.setKey('rank', (await client.call(giftRank, { anchorId: room.anchorId })).list);
  }

  async function refreshCoins(): Promise<void> {
    if (signedIn) $room.setKey('coins', (await client.call(coinWalletBalance, {})).coinWalletBalance);
  }

  async function load(): Promise<void> {
    try {
      const [detail, gifts] = await Promise.all([client.call(anchorRoomDetail, { roomId }), client.call(giftConfigList, {})]);
      $room.set({ ...$room.get(), room: detail.room, chatRoomId: detail.chatRoomId, match: detail.room.match, gifts: gifts.list, error: '' });
      const follow = signedIn ? client.call(watchStatus, { targetType: 'room', targetId: roomId }) : Promise.resolve({ watching: false });
      const [watch] = await Promise.all([follow, refreshRank(), refreshCoins()]);
      $room.setKey('following', watch.watching);
    } catch (failure) {
      $room.setKey('error', reason(failure));
    }
  }

  async function sendGift(giftId: number, count: number): Promise<void> {
    const { room, chatRoomId, gifts, sending } = $room.get();
    const gift = gifts.find((candidate) => candidate.giftId === giftId);
    if (!room || !gift || sending) return;
    $room.set({ ...$room.get(), sending: true, notice: null });
    try {
      const request = { anchorId: room.anchorId, giftId, count, ...(chatRoomId ? { roomId: chatRoomId } : {}) };
      const sent = await giftSend.run(request, (idempotencyKey) => client.call(giftRewardSend, request, { idempotencyKey }));
      $room.set({ ...$room.get(), coins: sent.coinWalletBalance, notice: { tone: 'success', text: texts.sent(gift.giftName, count, sent.coinWalletBalance) } });
      // The gift is sent: a rank that cannot be read now must not turn the notice into a failure (a member would send again).
      await refreshRank().catch(() => undefined);
    } catch (failure) {
      $room.setKey('notice', { tone: 'error', text: texts.failed(reason(failure)) });
    } finally {
      $room.setKey('sending', false);
    }
  }

  async function toggleFollow(): Promise<void> {
    const watching = !$room.get().following;
    const answer = await client.call(watchSet, { targetType: 'room', targetId: roomId, watching });
    $room.setKey('following', answer.watching);
  }

  /** The coin purchase widget's lobby-buy-gold event (spec section 4 "Coin purchase flow" step 3): recorded by the server, then the coins reload. */
  async function boughtGold(event: { gold_count: number; recharge_amount: number }): Promise<void> {
    await client.call(anchorBuyGoldEvent, { gold_count: event.gold_count, recharge_amount: event.recharge_amount, roomId }).catch(() => undefined);
    await refreshCoins();
  }

  /** A pushed fixture: kept when it is newer than the match shown. */
  function pushedMatch(match: LiveMatch): void {
    const shown = $room.get().match;
    if (!shown || shown.fixtureId !== match.fixtureId || match.version > shown.version) $room.setKey('match', match);
  }

  return { $room, load, sendGift, toggleFollow, boughtGold, refreshCoins, pushedMatch };
}

export type RoomStore = ReturnType<typeof createRoomStore>;
