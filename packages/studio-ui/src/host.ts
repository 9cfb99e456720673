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
  | { type: 'lobby.game.close' }
  /** A reality check the host delivered is on the stage: without it in time the host shows the check itself. */
  | { type: 'lobby.game.realityCheckShown' }
  /** The member's answer to a reality check the host delivered (issue 22): the host records it and acts (stop logs out). */
  | { type: 'lobby.game.realityCheck'; choice: RealityCheckChoice };

/** A reality check's answers (docs/RESPONSIBLE-PLAY.md). */
export type RealityCheckChoice = 'continue' | 'stop' | 'history';

/**
 * A reality check the host delivers into the running game (issue 22): the session's elapsed
 * time and net result as the host words them, in the member's language, with the three
 * buttons' labels. The game shows it over its stage, says `lobby.game.realityCheckShown`, and
 * answers `lobby.game.realityCheck` with the member's choice.
 */
export interface RealityCheckMessage {
  type: 'lobby.host.realityCheck';
  title: string;
  /** The prompt's text: elapsed session time and net result, already worded by the host. */
  message: string;
  labels: Record<RealityCheckChoice, string>;
}

export type HostMessage = { type: 'lobby.host.close' } | { type: 'lobby.host.refresh' } | RealityCheckMessage;

const HOST_TYPES = new Set(['lobby.host.close', 'lobby.host.refresh', 'lobby.host.realityCheck']);
const TEXT_MAX = 500;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= TEXT_MAX;

/** A reality-check message's fields, or null when one is missing or not short text. */
function realityCheckOf(data: Record<string, unknown>): RealityCheckMessage | null {
  const labels = data.labels as Record<string, unknown> | null | undefined;
  if (!isText(data.title) || !isText(data.message) || typeof labels !== 'object' || labels === null) return null;
  if (!isText(labels.continue) || !isText(labels.stop) || !isText(labels.history)) return null;
  return { type: 'lobby.host.realityCheck', title: data.title, message: data.message, labels: { continue: labels.continue, stop: labels.stop, history: labels.history } };
}

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
  if (data.type === 'lobby.host.realityCheck') return realityCheckOf(data as Record<string, unknown>);
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
