/**
 * The postMessage protocol between a game page and the lobby page that frames it
 * (docs/STUDIO.md "Game pages and postMessage"): the only channel between them. The page
 * posts `lobby.game.*` events to its parent, addressed to its own origin (the host is the
 * same origin); it takes `lobby.host.*` messages only from its parent and its own origin.
 */

export type GameEvent =
  | { type: 'lobby.game.ready'; gameCode: string }
  | { type: 'lobby.game.balance'; balanceMinor: number }
  | { type: 'lobby.game.round'; roundId: string; stakeMinor: number; payoutMinor: number; balanceMinor: number | null }
  | { type: 'lobby.game.error'; code: string; message: string }
  | { type: 'lobby.game.close' };

export type HostMessage = { type: 'lobby.host.close' } | { type: 'lobby.host.refresh' };

const HOST_TYPES = new Set(['lobby.host.close', 'lobby.host.refresh']);

/** Tells the host; nothing happens when the page is not framed. */
export function tellHost(event: GameEvent): void {
  if (window.parent !== window) window.parent.postMessage(event, window.location.origin);
}

/**
 * The host's message of an event, or null for anything else: another window, another
 * origin, or a shape that is not a host message.
 */
export function hostMessageOf(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, parent: unknown, origin: string): HostMessage | null {
  if (event.origin !== origin || event.source !== parent || parent === null) return null;
  const data = event.data as { type?: unknown } | null;
  if (typeof data !== 'object' || data === null || typeof data.type !== 'string' || !HOST_TYPES.has(data.type)) return null;
  return { type: data.type } as HostMessage;
}

/** Calls `onMessage` for each host message; answers the unsubscribe. */
export function listenToHost(onMessage: (message: HostMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    const message = hostMessageOf(event, window.parent === window ? null : window.parent, window.location.origin);
    if (message) onMessage(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
