import { Link } from 'react-router-dom';
import { popularLiveList, popularLiveTop, type LiveRoom } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { anchorTexts } from './texts.js';

/** One room as a card: avatar, anchor, title, live or offline, viewers; opens the room. */
function RoomCard({ room }: { room: LiveRoom }) {
  const t = usePageTexts(anchorTexts);
  return (
    <li className="room-card" data-room={room.roomId} data-status={room.anchorStatus === 1 ? 'live' : 'offline'}>
      <Link to={`/app/anchor-game?room=${encodeURIComponent(room.roomId)}`} aria-label={t('enterRoom', { anchor: room.anchorName })}>
        <img className="room-avatar" src={room.avatar} alt="" width="64" height="64" />
        <span className="room-anchor">{room.anchorName}</span>
        <span className="room-title">{room.title}</span>
        <span className={room.anchorStatus === 1 ? 'room-badge is-live' : 'room-badge'}>{room.anchorStatus === 1 ? t('live') : t('offline')}</span>
        {room.anchorStatus === 1 && <span className="room-viewers">{t('viewers', { count: room.viewers })}</span>}
      </Link>
    </li>
  );
}

/** The anchor page's lobby: the popular live top, then the popular live list (page 1, size 100; spec section 9). */
export function LiveLobby() {
  const t = usePageTexts(anchorTexts);
  const top = useApi(popularLiveTop, {});
  const list = useApi(popularLiveList, { page: 1 });
  const failed = top.error || list.error;
  return (
    <section className="live-lobby" aria-labelledby="live-lobby-title">
      <h1 id="live-lobby-title">{t('anchorGame')}</h1>
      {failed && <p role="alert">{t('loadFailed', { reason: failed })}</p>}
      <h2>{t('popularTop')}</h2>
      {top.data ? (
        <ul className="room-cards is-top" data-list="top">{top.data.list.map((room) => <RoomCard key={room.roomId} room={room} />)}</ul>
      ) : (
        !failed && <p role="status">{t('loading')}</p>
      )}
      <h2>{t('popularList')}</h2>
      {list.data && (list.data.list.length === 0 ? <p>{t('noRooms')}</p> : (
        <ul className="room-cards" data-list="all">{list.data.list.map((room) => <RoomCard key={room.roomId} room={room} />)}</ul>
      ))}
    </section>
  );
}
