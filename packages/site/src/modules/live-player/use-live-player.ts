import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import { attachStream, type Attachment } from './attach.js';
import type { PlayerState, PlayerStore } from './player-store.js';

/**
 * Runs a player store on a video element: starts it, attaches the url it chooses (again on
 * every switch or retry), reports frames playing and fatal errors back to it.
 */
export function useLivePlayer(video: RefObject<HTMLVideoElement | null>, store: PlayerStore): PlayerState {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    void store.start();
  }, [store]);
  const { url, attempt } = state;
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return undefined;
    let attachment: Attachment | undefined;
    let gone = false;
    const onPlaying = () => store.playing(url);
    element.addEventListener('playing', onPlaying);
    void attachStream(element, url, () => store.fatal(url)).then(
      (attached) => {
        if (gone) return attached.detach();
        attachment = attached;
        // Muted autoplay; a browser that still refuses leaves the controls' play button to the member.
        element.play().catch(() => undefined);
        return undefined;
      },
      () => store.fatal(url),
    );
    return () => {
      gone = true;
      element.removeEventListener('playing', onPlaying);
      attachment?.detach();
    };
  }, [video, store, url, attempt]);
  return state;
}
