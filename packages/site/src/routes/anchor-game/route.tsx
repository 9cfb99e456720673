import { useSearchParams } from 'react-router-dom';
import { AnchorRoom } from './anchor-room.js';
import { LiveLobby } from './live-lobby.js';

/**
 * /app/anchor-game (spec section 2; docs/ANCHOR-ROOM.md): the popular live rooms, or the
 * room named by `?room=`. The layout hides the footer here. Its stylesheet loads with the
 * page (React hoists the link into the head).
 */
export function AnchorGamePage() {
  const roomId = useSearchParams()[0].get('room');
  return (
    <>
      <link rel="stylesheet" href="/assets/live.css" precedence="default" />
      {roomId ? <AnchorRoom key={roomId} roomId={roomId} /> : <LiveLobby />}
    </>
  );
}
