import { useMemo, useRef } from 'react';
import type { VideoHostClient } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { createPlayerStore, type StreamSource } from './player-store.js';
import { livePlayerTexts } from './texts.js';
import { useLivePlayer } from './use-live-player.js';
import { videoHostClient, videoHostsRefreshed } from './video-host.js';

export interface LivePlayerProps {
  /** Names the stream for assistive technology, e.g. the anchor's name or the match. */
  title: string;
  /** A room of the video host: its live address (x1) is asked for, with the delay. */
  roomId?: string;
  /** Or the stream urls themselves, one per host (the room's urls on each host). */
  sources?: readonly string[];
  /** About how far behind live the stream is, when `sources` are given. */
  delaySeconds?: number;
  /** The video host client (the site's shared one by default). */
  client?: VideoHostClient;
}

/**
 * The live video player (issue 19; docs/LIVE-VIDEO.md): plays a room's HLS stream from the
 * rotation's current host, tells the member the video is delayed, and on a fatal error
 * reports the host to the rotation and goes on with the other host.
 *
 * @example <LivePlayer title={room.anchorName} roomId={room.roomId} />
 */
export function LivePlayer({ title, roomId, sources, delaySeconds, client }: LivePlayerProps) {
  const t = usePageTexts(livePlayerTexts);
  const host = client ?? videoHostClient();
  const sourceKey = sources?.join('\n') ?? '';
  const store = useMemo(() => {
    const source: StreamSource = roomId !== undefined
      ? async () => {
        await videoHostsRefreshed(host);
        const playing = await host.call('urls', { roomId });
        return { urls: playing.urls, delaySeconds: playing.delaySeconds };
      }
      : async () => ({ urls: sourceKey ? sourceKey.split('\n') : [], delaySeconds: delaySeconds ?? null });
    return createPlayerStore(host.rotation, source);
  }, [host, roomId, sourceKey, delaySeconds]);
  const video = useRef<HTMLVideoElement>(null);
  const state = useLivePlayer(video, store);
  const notice = { loading: t('loading'), switching: t('switching'), failed: t('failed'), offline: t('offline'), playing: '' }[state.status];
  return (
    <figure className="live-player" data-status={state.status}>
      <div className="live-player-frame">
        <video ref={video} className="live-player-video" aria-label={t('video', { title })} muted autoPlay playsInline controls />
        {notice && <p className="live-player-notice" role="status">{notice}</p>}
      </div>
      <figcaption className="live-player-caption">
        <span>{state.delaySeconds === null ? t('delayedSome') : t('delayed', { seconds: state.delaySeconds })}</span>
        {state.status === 'failed' && <button type="button" className="button" onClick={() => void store.start()}>{t('retry')}</button>}
      </figcaption>
    </figure>
  );
}
