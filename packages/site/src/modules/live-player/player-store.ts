import type { HostRotation } from '@lobby/sdk';
import { hostOf, sourcesInOrder } from './video-host.js';

/** Where the player is: finding the stream, playing it, moving to another host, given up, or nothing on air. */
export type PlayerStatus = 'loading' | 'playing' | 'switching' | 'failed' | 'offline';

export interface PlayerState {
  status: PlayerStatus;
  /** The stream url being played (empty before one is known). */
  url: string;
  /** About how far behind live the picture is, when the host said. */
  delaySeconds: number | null;
  /** Grows with every (re)start of playback, so a retry of the same url attaches again. */
  attempt: number;
}

/** The streams of a room: urls (one per host) and the delay, or null when the room is not live. */
export type StreamSource = () => Promise<{ urls: readonly string[]; delaySeconds: number | null } | null>;

export interface PlayerStore {
  get(): PlayerState;
  subscribe(listener: () => void): () => void;
  /** Finds the streams and starts on the rotation's current host. */
  start(): Promise<void>;
  /** The player met a fatal error on `url`: the rotation leaves that host and playback moves to the next one not yet failed. */
  fatal(url: string): void;
  /** Frames are playing from `url`: its host's error count is cleared. */
  playing(url: string): void;
}

/**
 * The live player's logic, without React or the media element: which url plays now, and
 * what a fatal error does (report it to the host rotation, go on with the other host,
 * give up when every host failed since the last start).
 *
 * @example const store = createPlayerStore(rotation, async () => ({ urls, delaySeconds: 8 })); await store.start(); store.get().url
 */
export function createPlayerStore(rotation: HostRotation, source: StreamSource): PlayerStore {
  let state: PlayerState = { status: 'loading', url: '', delaySeconds: null, attempt: 0 };
  let urls: string[] = [];
  const failed = new Set<string>();
  const listeners = new Set<() => void>();
  const set = (change: Partial<PlayerState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  let starts = 0;
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      const start = ++starts;
      failed.clear();
      set({ status: 'loading', url: '' });
      let found: Awaited<ReturnType<StreamSource>>;
      try {
        found = await source();
      } catch {
        if (start === starts) set({ status: 'failed' });
        return;
      }
      if (start !== starts) return;
      if (!found || found.urls.length === 0) {
        set({ status: 'offline', delaySeconds: found?.delaySeconds ?? null });
        return;
      }
      urls = sourcesInOrder(found.urls, rotation);
      set({ status: 'loading', url: urls[0]!, delaySeconds: found.delaySeconds, attempt: state.attempt + 1 });
    },
    fatal(url) {
      if (url !== state.url || state.status === 'failed') return;
      failed.add(url);
      const host = hostOf(url, rotation);
      if (host) rotation.reportFailure(host);
      const next = sourcesInOrder(urls, rotation).find((candidate) => !failed.has(candidate));
      if (next === undefined) set({ status: 'failed' });
      else set({ status: 'switching', url: next, attempt: state.attempt + 1 });
    },
    playing(url) {
      if (url !== state.url) return;
      const host = hostOf(url, rotation);
      if (host) rotation.reportSuccess(host);
      if (state.status !== 'playing') set({ status: 'playing' });
    },
  };
}
