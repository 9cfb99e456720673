import { useEffect, useMemo, useState } from 'preact/hooks';
import { CHAT_WORD_LIMIT_DEFAULT, chatOperation, formatDateTime, type Language } from '@lobby/sdk';
import { useStore } from '../core/store.js';
import { AdminTools } from './admin-tools.js';
import { Composer } from './composer.js';
import type { ChatBoxElement } from './chat-box-element.js';
import { MessageList, type EntryTools } from './message-list.js';
import { createRoomSession, type ChatEntry, type RoomSession } from './room-session.js';
import { text } from './texts.js';

/** Opens the room for this token and room id; a change of either closes it and opens afresh. */
function useRoomSession(host: ChatBoxElement, roomId: number, token: string | null): RoomSession | null {
  const [session, setSession] = useState<RoomSession | null>(null);
  useEffect(() => {
    if (!roomId) return undefined;
    const controller = new AbortController();
    const next = createRoomSession({
      client: host.client(),
      roomId,
      isMember: () => token !== null,
      loadMqtt: () => host.loadMqtt(),
      whenSeen: () => host.whenSeen(controller.signal),
      emit: (name, detail) => host.emit(name, detail),
      signal: controller.signal,
    });
    setSession(next);
    next.open().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      next.$meta.setKey('error', error instanceof Error ? error.message : String(error));
      host.emit('lobby-error', { type: 'load', message: String(error) });
    });
    return () => {
      controller.abort();
      next.close();
    };
  }, [host, roomId, token]);
  return session;
}

/** The room view: status, welcome and pinned lines, entries, mute banner, composer or login prompt, admin tools. */
export function ChatBox({ host, lang, roomId, token }: { host: ChatBoxElement; lang: Language; roomId: number; token: string | null }) {
  const session = useRoomSession(host, roomId, token);
  if (!session) return <div class="box" />;
  return <RoomView host={host} lang={lang} session={session} member={token !== null} roomId={roomId} />;
}

function RoomView({ host, lang, session, member, roomId }: { host: ChatBoxElement; lang: Language; session: RoomSession; member: boolean; roomId: number }) {
  const status = useStore(session.$status);
  const room = useStore(session.$room);
  const entries = useStore(session.$entries);
  const mute = useStore(session.$mute);
  const pinned = useStore(session.$pinned);
  const meta = useStore(session.$meta);
  const [target, setTarget] = useState<ChatEntry | null>(null);
  const admin = room?.admin ?? false;
  const tools = useMemo<EntryTools>(() => {
    const operate = (entry: ChatEntry, action: 'pin' | 'delete') => void host.client().call(chatOperation, { roomId, action, messageId: entry.id }).catch(() => undefined);
    const follow = (entry: ChatEntry) => host.emit('lobby-order-follow', { roomId, orderId: entry.order?.orderId });
    return { admin, mute: setTarget, pin: (entry) => operate(entry, 'pin'), remove: (entry) => operate(entry, 'delete'), follow };
  }, [admin, host, roomId]);
  const welcome = room ? [...room.welcome.high, ...room.welcome.normal] : [];
  return (
    <div class="box" part="box">
      <div class="head">
        <span>{room?.topic || text(lang, 'title')}</span>
        <span class="status" data-status={status} role="status">
          {text(lang, status)}
        </span>
      </div>
      {welcome.map((line, i) => (
        <div class="welcome" key={`w${i}`}>
          <span class="tag">{text(lang, 'welcome')}</span>
          {line}
        </div>
      ))}
      {pinned && (
        <div class="pinned">
          <span class="tag">{text(lang, 'pinned')}</span>
          {pinned.nickName}: {pinned.content}
        </div>
      )}
      {meta.error && <div class="error">{text(lang, 'loadFailed')}: {meta.error}</div>}
      <MessageList entries={entries} lang={lang} tools={tools} />
      {mute && (
        <div class="banner" role="alert">
          {text(lang, 'muted', { reason: mute.banReason, until: formatDateTime(mute.unbanTime, lang) })}
        </div>
      )}
      {member ? (
        <Composer lang={lang} wordLimit={room?.wordLimit ?? CHAT_WORD_LIMIT_DEFAULT} disabled={room === null} send={session.send} />
      ) : (
        <div class="prompt">
          <span>{text(lang, 'loginPrompt')}</span>
          <button type="button" onClick={() => host.emit('lobby-login', { roomId })}>
            {text(lang, 'login')}
          </button>
        </div>
      )}
      {admin && member && <AdminTools lang={lang} client={host.client()} roomId={roomId} target={target} clearTarget={() => setTarget(null)} />}
    </div>
  );
}
