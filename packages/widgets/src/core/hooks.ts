import { useStore } from './store.js';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { $session, type ApiClient } from '@lobby/sdk';
import type { LobbyElement } from './element.js';

/**
 * The member token a widget uses: its `token` attribute, else the sdk's $session (the
 * site's own session, or the one a page gave with `lobby('session', { token })`).
 *
 * @example const token = useMemberToken(host) // null for a visitor
 */
export function useMemberToken(host: LobbyElement): string | null {
  const session = useStore($session);
  return host.getAttribute('token') || session?.token || null;
}

/**
 * The element's sdk client (its API base and site id, sending its token).
 *
 * @example const client = useClient(host); await client.call(coinWalletBalance, {})
 */
export function useClient(host: LobbyElement): ApiClient {
  return host.client();
}

/**
 * Runs requests with an AbortSignal that aborts when the component unmounts, so a removed
 * widget leaves no request running and no late state update.
 *
 * @example const run = useRequests(); const data = await run((signal) => client.call(x, {}, { signal }))
 */
export function useRequests(): <T>(task: (signal: AbortSignal) => Promise<T>) => Promise<T> {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const live = controllers.current;
    return () => {
      for (const controller of live) controller.abort();
      live.clear();
    };
  }, []);
  return useMemo(
    () =>
      async <T,>(task: (signal: AbortSignal) => Promise<T>): Promise<T> => {
        const controller = new AbortController();
        controllers.current.add(controller);
        try {
          return await task(controller.signal);
        } finally {
          controllers.current.delete(controller);
        }
      },
    [],
  );
}

/**
 * Calls `callback` every `intervalMs` while `intervalMs` is not null; cleared on unmount.
 *
 * @example useInterval(tick, running ? 1000 : null)
 */
export function useInterval(callback: () => void, intervalMs: number | null): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    if (intervalMs === null) return undefined;
    const id = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
}

/**
 * True while the media query matches (e.g. prefers-reduced-motion); follows changes.
 *
 * @example const reduced = useMediaQuery('(prefers-reduced-motion: reduce)')
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const list = matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
