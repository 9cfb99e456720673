import { atom, map } from 'nanostores';
import {
  ApiError, WIDGET_CODE, chatConnector, chatConnectorAnonymous, chatHistory, chatHistoryAnonymous, chatOfflineMessage, chatOfflineMessageAnonymous,
  chatRoomDetail, chatRoomDetailAnonymous, chatSendMessage, type ApiClient, type ChatMessage, type ChatRoom, type Infer,
} from '@lobby/sdk';
import { backoffMs, type MqttLike, type MqttModule } from './transport.js';

export type ChatEntry = Infer<typeof ChatMessage>;
export type ChatRoomDetail = Infer<typeof ChatRoom>;
export type ChatStatus = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline';
export interface MuteState {
  banReason: string;
  unbanTime: number;
}

/** At most this many entries stay in memory; older ones go (history can load them again). */
export const MAX_ENTRIES = 2000;

export interface RoomSessionDeps {
  client: ApiClient;
  roomId: number;
  isMember: () => boolean;
  loadMqtt: () => Promise<MqttModule>;
  /**
   * Resolves once the box is on screen. The live connection (and mqtt.js) waits for it, so
   * a box below the fold costs the page's load no script and the broker no connection
   * until a visitor scrolls to it; history is loaded before. Absent: connect at once.
   */
  whenSeen?: () => Promise<void>;
  /** Called for lobby-* events (status, message, muted). */
  emit: (name: `lobby-${string}`, detail?: unknown) => void;
  signal: AbortSignal;
}

/**
 * One open room: detail, entries (each id once), connection status and mute state, kept
 * in small stores the view reads. Members send through the API; the broker only delivers.
 *
 * @example const session = createRoomSession(deps); await session.open(); session.$entries.get()
 */
export function createRoomSession(deps: RoomSessionDeps) {
  const $status = atom<ChatStatus>('idle');
  const $room = atom<ChatRoomDetail | null>(null);
  const $entries = atom<ChatEntry[]>([]);
  const $mute = atom<MuteState | null>(null);
  const $pinned = atom<ChatEntry | null>(null);
  const $meta = map({ error: '' });
  const seen = new Set<number>();
  let client: MqttLike | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const member = () => deps.isMember();
  const opts = { signal: deps.signal };

  function setStatus(status: ChatStatus): void {
    if ($status.get() === status) return;
    $status.set(status);
    deps.emit('lobby-status', { status });
  }

  /** Adds entries not seen before, in id order; answers how many were new. */
  function merge(list: readonly ChatEntry[]): number {
    const fresh = list.filter((entry) => !seen.has(entry.id));
    if (fresh.length === 0) return 0;
    for (const entry of fresh) seen.add(entry.id);
    let next = [...$entries.get(), ...fresh].sort((a, b) => a.id - b.id);
    if (next.length > MAX_ENTRIES) next = next.slice(next.length - MAX_ENTRIES);
    $entries.set(next);
    for (const entry of fresh) deps.emit('lobby-message', entry);
    return fresh.length;
  }

  function lastId(): number {
    return $entries.get().at(-1)?.id ?? 0;
  }

  function onEvent(payload: Uint8Array): void {
    let event: { type?: string; message?: ChatEntry | null; id?: number; banReason?: string; unbanTime?: number };
    try {
      event = JSON.parse(new TextDecoder().decode(payload)) as typeof event;
    } catch {
      return;
    }
    if (event.type === 'message' && event.message) merge([event.message]);
    else if (event.type === 'delete' && typeof event.id === 'number') $entries.set($entries.get().filter((entry) => entry.id !== event.id));
    else if (event.type === 'pin') $pinned.set(event.message ?? null);
    else if (event.type === 'muted') setMute({ banReason: String(event.banReason ?? ''), unbanTime: Number(event.unbanTime) });
    else if (event.type === 'unmuted') setMute(null);
  }

  function setMute(mute: MuteState | null): void {
    $mute.set(mute);
    deps.emit('lobby-muted', mute);
  }

  /** Fills the gap since the last entry (after a connect or reconnect); each id shows once. */
  async function catchUp(): Promise<void> {
    const call = member() ? chatOfflineMessage : chatOfflineMessageAnonymous;
    const { list } = await deps.client.call(call, { roomId: deps.roomId, afterId: lastId() }, opts);
    merge(list);
  }

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    // mqtt.js first: while its file cannot load, no broker login is asked for (retry backs off).
    const mqtt = await deps.loadMqtt();
    if (closed) return;
    const login = await deps.client.call(member() ? chatConnector : chatConnectorAnonymous, { roomId: deps.roomId }, opts);
    if (closed) return;
    client?.end(true); // A new client always ends the old one.
    // Native timers: mqtt.js's worker timers need a blob: worker, which a strict CSP forbids.
    // Hidden tabs throttle timers to about a minute, so the keepalive allows for that.
    const next = mqtt.connect(login.url, {
      username: login.username, password: login.password, clientId: login.clientId,
      reconnectPeriod: 0, keepalive: 120, connectTimeout: 10_000, timerVariant: 'native',
    });
    client = next;
    next.on('connect', () => {
      const topics = [login.topics.room, ...(login.topics.inbox ? [login.topics.inbox] : [])];
      next.subscribe(topics, { qos: 0 }, () => {
        attempt = 0;
        setStatus('online');
        catchUp().catch(() => undefined);
      });
    });
    next.on('message', (_topic, payload) => onEvent(payload));
    next.on('error', () => undefined);
    next.on('close', () => {
      if (client === next && !closed) retry();
    });
  }

  /** Schedules a reconnect with backoff; a hidden tab waits until it is visible again. */
  function retry(): void {
    if (closed || timer) return;
    setStatus('reconnecting');
    const delay = backoffMs(attempt++);
    timer = setTimeout(() => {
      if (typeof document !== 'undefined' && document.hidden) {
        const onVisible = () => {
          document.removeEventListener('visibilitychange', onVisible);
          timer = undefined;
          retry();
        };
        document.addEventListener('visibilitychange', onVisible, { signal: deps.signal });
        return;
      }
      connect().catch(() => {
        timer = undefined;
        retry();
      });
    }, delay);
  }

  return {
    $status, $room, $entries, $mute, $pinned, $meta,
    /** Loads the room and its history, then connects to the broker. */
    async open(): Promise<void> {
      const room = await deps.client.call(member() ? chatRoomDetail : chatRoomDetailAnonymous, { roomId: deps.roomId }, opts);
      $room.set(room);
      $pinned.set(room.pinned);
      if (room.userStatus === 2 && room.unbanTime !== null) setMute({ banReason: room.banReason, unbanTime: room.unbanTime });
      const history = await deps.client.call(member() ? chatHistory : chatHistoryAnonymous, { roomId: deps.roomId }, opts);
      merge(history.list);
      await deps.whenSeen?.();
      if (closed) return;
      setStatus('connecting');
      await connect().catch(() => retry());
    },
    /** Sends a text; answers '' on success or the refusal's message (the mute banner updates itself). */
    async send(content: string): Promise<string> {
      try {
        merge([await deps.client.call(chatSendMessage, { roomId: deps.roomId, content }, opts)]);
        return '';
      } catch (error) {
        if (error instanceof ApiError && error.code === WIDGET_CODE.chatMuted && error.data) setMute(error.data as MuteState);
        return error instanceof Error ? error.message : String(error);
      }
    },
    /** Ends the client and timers and clears every list (spec section 4: reset clears all lists). */
    close(): void {
      closed = true;
      clearTimeout(timer);
      client?.end(true);
      client = undefined;
      seen.clear();
      $entries.set([]);
      $room.set(null);
      $mute.set(null);
      $pinned.set(null);
      $status.set('offline');
    },
  };
}

export type RoomSession = ReturnType<typeof createRoomSession>;
