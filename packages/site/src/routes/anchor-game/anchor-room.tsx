import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, liveMatchOf } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { LivePlayer } from '../../modules/live-player/index.js';
import { GiftPanel } from './gift-panel.js';
import { RankList } from './gift-rank.js';
import { MatchScore } from './match-score.js';
import { createRoomStore } from './room-store.js';
import { anchorTexts } from './texts.js';
import { useMatchPush } from './use-match-push.js';
import { WidgetElement } from './widget-element.js';

/**
 * One anchor room (docs/ANCHOR-ROOM.md): the stream (LivePlayer), the live score of the
 * match it covers (pushed), the room's chat box widget, gifts with the coin purchase
 * widget, and the anchor's gift rank.
 */
export function AnchorRoom({ roomId }: { roomId: string }) {
  const t = usePageTexts(anchorTexts);
  const { client } = useLobby();
  const signedIn = Boolean(useStore($session)?.token);
  // The store's outcome lines are written in the language of the moment they happen.
  const text = useRef(t);
  text.current = t;
  const store = useMemo(
    () => createRoomStore(client, roomId, signedIn, {
      sent: (gift, count, balance) => text.current('sent', { gift, count, balance }),
      failed: (reason) => text.current('loadFailed', { reason }),
    }),
    [client, roomId, signedIn],
  );
  useEffect(() => void store.load(), [store]);
  const { room, chatRoomId, match, rank, following, error } = useStore(store.$room);
  useMatchPush({ fixtureIds: match ? [match.fixtureId] : [] }, (fixture) => store.pushedMatch(liveMatchOf(fixture)));
  if (error) return <p role="alert">{t('loadFailed', { reason: error })}</p>;
  if (!room) return <p role="status">{t('loading')}</p>;
  return (
    <article className="anchor-room" data-room={room.roomId}>
      <header className="anchor-room-head">
        <img className="room-avatar" src={room.avatar} alt="" width="48" height="48" />
        <h1>{room.anchorName}</h1>
        <p className="room-title">{room.title}</p>
        <p className={room.anchorStatus === 1 ? 'room-badge is-live' : 'room-badge'}>{room.anchorStatus === 1 ? t('live') : t('offline')}</p>
        {signedIn ? (
          <button type="button" aria-pressed={following} onClick={() => void store.toggleFollow()}>{following ? t('following') : t('follow')}</button>
        ) : (
          <p className="room-hint">{t('signInToFollow')}</p>
        )}
        <Link to="/app/anchor-game">{t('backToList')}</Link>
      </header>
      <div className="anchor-room-stage">
        <LivePlayer title={room.anchorName} roomId={room.roomId} />
        <section className="anchor-room-match" aria-label={t('score')}>{match ? <MatchScore match={match} heading="h2" /> : <p>{t('noMatch')}</p>}</section>
      </div>
      <aside className="anchor-room-side">
        <section className="anchor-room-chat" aria-label={t('chat')}>
          {chatRoomId && <WidgetElement folder="chat-box" attributes={{ 'room-id': String(chatRoomId) }} />}
        </section>
        <GiftPanel store={store} signedIn={signedIn} />
        <RankList id="gift-rank-title" title={t('giftRank')} entries={rank} />
      </aside>
    </article>
  );
}
