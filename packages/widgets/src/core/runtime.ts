import { $session } from '@lobby/sdk';
import { installStub, type LobbyStub } from '../loader/stub.js';

/** Page-wide settings a partner gives with `lobby('config', {...})`. */
export interface LobbyConfig {
  /** Origin (and optional path prefix) of the lobby API; '' or unset means this page's origin. */
  apiBase?: string;
  /** The brand's site id (x-site-id). */
  siteId?: number;
  /** The language: 'zh-CN' or 'en'. */
  lang?: string;
  /** The site's public request-signing key. */
  signKey?: string;
}

/**
 * State shared by every widget file on a page. Each standalone file carries its own copy
 * of the sdk, so the state lives on the one `lobby` stub and a `lobby-runtime-change`
 * window event tells every copy to read it again.
 */
export interface SharedState {
  config: LobbyConfig;
  /** undefined: never set (the site's own session applies); null: logged out by the page. */
  token: string | null | undefined;
}

type StubWithState = LobbyStub & { shared?: SharedState };

/** The window event by which one runtime tells the others that the shared state changed. */
export const RUNTIME_CHANGE_EVENT = 'lobby-runtime-change';

let stub: StubWithState | undefined;
const listeners = new Set<() => void>();

function notifyWindow(): void {
  window.dispatchEvent(new CustomEvent(RUNTIME_CHANGE_EVENT));
}

/** Handles `lobby(command, ...args)` for the whole page: 'session', 'logout', 'config'. */
function handleCommand(shared: SharedState, command: string, arg: unknown): unknown {
  const options = (typeof arg === 'object' && arg !== null ? arg : {}) as Record<string, unknown>;
  if (command === 'session') {
    const token = options.token;
    if (token !== null && (typeof token !== 'string' || token === '')) throw new TypeError("lobby('session'): token must be a non-empty string or null");
    shared.token = token;
  } else if (command === 'logout') {
    shared.token = null;
  } else if (command === 'config') {
    Object.assign(shared.config, pickConfig(options));
  } else {
    throw new TypeError(`lobby: unknown command '${command}'`);
  }
  notifyWindow();
  return undefined;
}

function pickConfig(options: Record<string, unknown>): LobbyConfig {
  const config: LobbyConfig = {};
  if (typeof options.apiBase === 'string') config.apiBase = options.apiBase.replace(/\/+$/, '');
  if (typeof options.siteId === 'number' && Number.isSafeInteger(options.siteId)) config.siteId = options.siteId;
  if (typeof options.lang === 'string') config.lang = options.lang;
  if (typeof options.signKey === 'string') config.signKey = options.signKey;
  return config;
}

/** Copies a page-given token into this file's copy of the sdk's $session (not persisted: the page owns it). */
function applySharedSession(shared: SharedState): void {
  if (shared.token === undefined) return;
  const current = $session.get();
  if (shared.token === null ? current !== null : current?.token !== shared.token) {
    $session.set(shared.token === null ? null : { token: shared.token });
  }
}

function onRuntimeChange(): void {
  if (!stub?.shared) return;
  applySharedSession(stub.shared);
  for (const listener of [...listeners]) listener();
}

/**
 * Connects this widget file to the page's `lobby` stub, once: installs the stub when the
 * page skipped lobby.js, takes over its queue when no other widget file did, and follows
 * the shared state. Does nothing outside a browser.
 *
 * @example connectRuntime(); lobby('session', { token })
 */
export function connectRuntime(): void {
  if (stub || typeof window === 'undefined') return;
  const installed = installStub(window as unknown as { lobby?: unknown }) as StubWithState;
  installed.shared ??= { config: {}, token: undefined };
  const shared = installed.shared;
  stub = installed;
  window.addEventListener(RUNTIME_CHANGE_EVENT, onRuntimeChange);
  installed.takeOver((command, arg) => handleCommand(shared, command, arg));
  applySharedSession(shared);
}

/** The page-wide config given by `lobby('config', ...)`; empty before any. */
export function sharedConfig(): Readonly<LobbyConfig> {
  return stub?.shared?.config ?? {};
}

/**
 * Calls `listener` whenever the page changes the shared config or session; returns the
 * unsubscribe function.
 *
 * @example const stop = onSharedChange(() => element.update())
 */
export function onSharedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
