import { describe, expect, it, vi } from 'vitest';
import type { AnyCall, ApiClient } from '@lobby/sdk';
import { wordCount } from './composer.js';
import { BLOCK_SIZE, blocksOf, orderView } from './message-list.js';
import { createRoomSession, type ChatEntry, type ChatRoomDetail } from './room-session.js';
import { backoffMs, type MqttLike } from './transport.js';

const entry = (id: number): ChatEntry => ({ id, roomId: 1, kind: 'text', memberId: 1, nickName: 'n', content: 'c', vip: 0, isAdmin: false, pinned: false, sentAtMs: 0 });

describe('chat box pieces', () => {
  it('counts code points of the trimmed text, as the server does', () => {
    expect(wordCount('😀好a')).toBe(3);
    expect(wordCount('😀'.repeat(200))).toBe(200);
    expect(wordCount(`  ${'a'.repeat(200)}\n\t `)).toBe(200);
    expect(wordCount('\u3000好\u00a0')).toBe(1);
    expect(wordCount('   ')).toBe(0);
  });

  it('backs off from about 1 s, doubling, to at most 30 s with jitter', () => {
    expect(backoffMs(0, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(8000);
    expect(backoffMs(50, () => 1)).toBe(37_500);
    expect(backoffMs(50, () => 0)).toBe(22_500);
  });

  it('splits a long list into blocks so only the last block changes when a message arrives', () => {
    const entries = Array.from({ length: 2 * BLOCK_SIZE + 3 }, (_, i) => entry(i + 1));
    const blocks = blocksOf(entries);
    expect(blocks.map((block) => block.length)).toEqual([BLOCK_SIZE, BLOCK_SIZE, 3]);
    const next = blocksOf([...entries, entry(999)]);
    expect(next[0]!.every((e, i) => e === blocks[0]![i])).toBe(true);
    expect(next[2]).toHaveLength(4);
  });

  it('shows an order push by its order id, with Follow only when followable', () => {
    const push = (orderFollow: 0 | 1): ChatEntry => ({ ...entry(5), kind: 'order', memberId: null, content: 'B77', order: { orderId: 'B77', orderFollow } });
    expect(orderView(push(1))).toEqual({ orderId: 'B77', followable: true });
    expect(orderView(push(0))).toEqual({ orderId: 'B77', followable: false });
    expect(orderView(entry(6))).toBeNull();
    expect(orderView({ ...entry(7), kind: 'order' })).toBeNull();
  });

  it('keeps an order push once by id whether it comes from history, the broker or the catch-up, and clears it on close', async () => {
    const order: ChatEntry = { ...entry(10), kind: 'order', memberId: null, nickName: 'admin', content: 'B10', order: { orderId: 'B10', orderFollow: 1 } };
    const later: ChatEntry = { ...entry(11), content: 'after' };
    const room = { admin: false, userStatus: 0, pinned: null, welcome: { high: [], normal: [] }, orderPushList: [order.order] } as unknown as ChatRoomDetail;
    const answers: Record<string, unknown> = {
      chatRoomDetailAnonymous: room,
      chatHistoryAnonymous: { list: [entry(9), order] },
      chatConnectorAnonymous: { url: 'ws://127.0.0.1/mqtt', clientId: 'c', username: 'v-1', password: 'p', expiresAtMs: 0, topics: { room: 'lobby/room/4/1', inbox: null } },
      chatOfflineMessageAnonymous: { list: [order, later] },
    };
    const client = { deviceId: 'd', call: async (call: AnyCall) => answers[call.name] } as unknown as ApiClient;
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const mqttClient: MqttLike = {
      on: ((event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener)) as MqttLike['on'],
      subscribe: (_topics, _options, callback) => callback?.(null),
      end: () => undefined,
    };
    const emitted: string[] = [];
    const session = createRoomSession({
      client, roomId: 1, isMember: () => false, loadMqtt: async () => ({ connect: () => mqttClient }),
      emit: (name) => void emitted.push(name), signal: new AbortController().signal,
    });
    await session.open();
    expect(session.$entries.get().map((e) => e.id)).toEqual([9, 10]);
    // The broker delivers the same push live, then the catch-up after connect answers it again.
    listeners.get('message')!('lobby/room/4/1', new TextEncoder().encode(JSON.stringify({ type: 'message', message: order })));
    listeners.get('connect')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.$entries.get().map((e) => e.id)).toEqual([9, 10, 11]);
    expect(session.$entries.get().filter((e) => e.order?.orderId === 'B10')).toHaveLength(1);
    expect(emitted.filter((name) => name === 'lobby-message')).toHaveLength(3);
    session.close();
    expect(session.$entries.get()).toEqual([]);
  });

  it('shows history at once but loads mqtt.js and connects only once the box is seen', async () => {
    const room = { admin: false, userStatus: 0, pinned: null, welcome: { high: [], normal: [] }, orderPushList: [] } as unknown as ChatRoomDetail;
    const answers: Record<string, unknown> = {
      chatRoomDetailAnonymous: room,
      chatHistoryAnonymous: { list: [entry(1), entry(2)] },
      chatConnectorAnonymous: { url: 'ws://127.0.0.1/mqtt', clientId: 'c', username: 'v-1', password: 'p', expiresAtMs: 0, topics: { room: 'lobby/room/4/1', inbox: null } },
      chatOfflineMessageAnonymous: { list: [] },
    };
    const client = { deviceId: 'd', call: async (call: AnyCall) => answers[call.name] } as unknown as ApiClient;
    const mqttClient: MqttLike = { on: (() => undefined) as MqttLike['on'], subscribe: () => undefined, end: () => undefined };
    let loads = 0;
    let seen!: () => void;
    const session = createRoomSession({
      client, roomId: 1, isMember: () => false, signal: new AbortController().signal, emit: () => undefined,
      loadMqtt: async () => (loads++, { connect: () => mqttClient }),
      whenSeen: () => new Promise<void>((resolve) => (seen = resolve)),
    });
    const opening = session.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.$entries.get().map((e) => e.id)).toEqual([1, 2]);
    expect(session.$status.get()).toBe('idle');
    expect(loads).toBe(0);
    seen();
    await opening;
    expect(loads).toBe(1);
    expect(session.$status.get()).toBe('connecting');
    session.close();
  });
  it('asks for no broker login while mqtt.js cannot load, and tries the load again with growing delays', async () => {
    vi.useFakeTimers();
    try {
      const room = { admin: false, userStatus: 0, pinned: null, welcome: { high: [], normal: [] }, orderPushList: [] } as unknown as ChatRoomDetail;
      const answers: Record<string, unknown> = {
        chatRoomDetailAnonymous: room,
        chatHistoryAnonymous: { list: [] },
        chatConnectorAnonymous: { url: 'ws://127.0.0.1/mqtt', clientId: 'c', username: 'v-1', password: 'p', expiresAtMs: 0, topics: { room: 'lobby/room/4/1', inbox: null } },
      };
      const calls: string[] = [];
      const client = { deviceId: 'd', call: async (call: AnyCall) => (calls.push(call.name), answers[call.name]) } as unknown as ApiClient;
      const mqttClient: MqttLike = { on: (() => undefined) as MqttLike['on'], subscribe: () => undefined, end: () => undefined };
      const loads: number[] = [];
      const session = createRoomSession({
        client, roomId: 1, isMember: () => false, signal: new AbortController().signal, emit: () => undefined,
        loadMqtt: async () => {
          loads.push(Date.now());
          if (loads.length <= 4) throw new TypeError("This document requires 'TrustedScriptURL' assignment.");
          return { connect: () => mqttClient };
        },
      });
      await session.open();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(loads).toHaveLength(5);
      const gaps = loads.slice(1).map((at, i) => at - loads[i]!);
      for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]!).toBeGreaterThan(gaps[i - 1]!);
      expect(calls.filter((name) => name === 'chatConnectorAnonymous')).toHaveLength(1);
      session.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
