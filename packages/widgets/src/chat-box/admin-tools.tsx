import { useState } from 'preact/hooks';
import { chatMute, chatMutedList, chatPushOrder, chatUnblock, formatDateTime, type ApiClient, type CallResponse, type Language } from '@lobby/sdk';
import type { ChatEntry } from './room-session.js';
import { text } from './texts.js';

type Muted = CallResponse<typeof chatMutedList>['list'][number];

/** Admin tools (chat-room admin flag): mute the chosen member with a reason and length, list and unblock muted members, push an order. */
export function AdminTools({ lang, client, roomId, target, clearTarget }: { lang: Language; client: ApiClient; roomId: number; target: ChatEntry | null; clearTarget(): void }) {
  const [muted, setMuted] = useState<Muted[] | null>(null);
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState(30);
  const [error, setError] = useState('');
  const [orderId, setOrderId] = useState('');
  const [followable, setFollowable] = useState(true);
  const run = async (task: () => Promise<unknown>) => {
    try {
      setError('');
      await task();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const reload = () => run(async () => setMuted((await client.call(chatMutedList, { roomId })).list));
  const mute = (event: Event) => {
    event.preventDefault();
    if (!target || target.memberId === null) return;
    const memberId = target.memberId;
    void run(async () => {
      await client.call(chatMute, { roomId, memberId, reason: reason.trim() || '-', minutes });
      clearTarget();
      setReason('');
      if (muted) await reload();
    });
  };
  const pushOrder = (event: Event) => {
    event.preventDefault();
    const id = orderId.trim();
    if (!id) return;
    void run(async () => {
      await client.call(chatPushOrder, { roomId, orderId: id, orderFollow: followable ? 1 : 0 });
      // Cleared only if the admin has not typed another id meanwhile.
      setOrderId((current) => (current.trim() === id ? '' : current));
    });
  };
  const unblock = (memberId: number) => run(async () => {
    await client.call(chatUnblock, { roomId, memberId });
    await reload();
  });
  return (
    <div class="admin">
      {target && (
        <form onSubmit={mute} aria-label={text(lang, 'mute')}>
          <span>{target.nickName}</span>
          <input name="reason" placeholder={text(lang, 'reason')} maxLength={200} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
          <select name="minutes" value={String(minutes)} onChange={(e) => setMinutes(Number((e.target as HTMLSelectElement).value))}>
            {[10, 30, 60, 1440].map((m) => (
              <option value={String(m)} key={m}>
                {m} {text(lang, 'minutes')}
              </option>
            ))}
          </select>
          <button type="submit">{text(lang, 'mute')}</button>
        </form>
      )}
      <form class="push-order" onSubmit={pushOrder} aria-label={text(lang, 'pushOrder')}>
        <input name="orderId" placeholder={text(lang, 'orderId')} aria-label={text(lang, 'orderId')} maxLength={64} value={orderId} onInput={(e) => setOrderId((e.target as HTMLInputElement).value)} />
        <label>
          <input type="checkbox" name="orderFollow" checked={followable} onChange={(e) => setFollowable((e.target as HTMLInputElement).checked)} />
          {text(lang, 'followable')}
        </label>
        <button type="submit">{text(lang, 'pushOrder')}</button>
      </form>
      <button type="button" class="link" onClick={() => (muted ? setMuted(null) : void reload())}>
        {text(lang, 'mutedList')}
      </button>
      {muted && (
        <ul class="muted-list">
          {muted.length === 0 && <li>{text(lang, 'noneMuted')}</li>}
          {muted.map((m) => (
            <li key={m.memberId}>
              {m.nickName || m.name}: {m.banReason} ({formatDateTime(m.unbanTime, lang)}){' '}
              <button type="button" class="link" onClick={() => void unblock(m.memberId)}>
                {text(lang, 'unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <div class="error">{error}</div>}
    </div>
  );
}
