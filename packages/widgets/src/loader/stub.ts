/**
 * The `lobby(...)` command queue a partner page can call from its first line, before any
 * widget file has arrived. The loader file `lobby.js` holds only this stub.
 *
 * Protocol between the stub and the widget runtime (the code inside every widget file):
 *
 * 1. The page calls `lobby(command, ...args)`, e.g. `lobby('session', { token })` or
 *    `lobby('config', { apiBase, siteId, lang })`. Until a runtime takes over, each call is
 *    appended to `lobby.queue` as `[command, ...args]` and returns `undefined`.
 * 2. A widget file, when it runs, calls `installStub(window)` (which returns the stub that
 *    is already there, or installs one when the page skipped `lobby.js`) and then
 *    `lobby.takeOver(handler)`. Exactly one runtime wins: `takeOver` installs `handler`,
 *    replays the queue in order (emptying it), resolves `lobby.ready` with `lobby`, and
 *    returns true. Every later `takeOver` (a second widget file, another version) returns
 *    false and changes nothing; that runtime must not handle commands itself.
 * 3. From then on `lobby(command, ...args)` calls the handler at once and returns its
 *    result. A handler that throws during the replay does not stop the replay; the error
 *    is rethrown on a timer so the page's error reporting still sees it.
 *
 * Loading the stub twice is harmless: the second copy finds the first (by its `takeOver`)
 * and keeps its queue, its `ready` promise and its handler.
 */

/** Handles one `lobby(...)` command once a runtime has taken over. */
export type LobbyHandler = (command: string, ...args: unknown[]) => unknown;

/** The global `lobby` function with its queue and hand-over state. */
export interface LobbyStub {
  (command: string, ...args: unknown[]): unknown;
  /** Calls made before a runtime took over, oldest first, each `[command, ...args]`. */
  queue: unknown[][];
  /** Resolves with `lobby` when a runtime has taken over the queue. */
  ready: Promise<LobbyStub>;
  /** The runtime's handler; undefined until `takeOver`. */
  handler: LobbyHandler | undefined;
  /** Hands the queue to a runtime; false when another runtime already has it. */
  takeOver(handler: LobbyHandler): boolean;
  /** Version of this protocol. */
  version: 1;
}

/** Where the stub lives: `window` in a browser, a plain object in a test. */
export interface LobbyHost {
  lobby?: unknown;
}

function isStub(value: unknown): value is LobbyStub {
  return typeof value === 'function' && typeof (value as Partial<LobbyStub>).takeOver === 'function';
}

/**
 * Installs the `lobby` stub on `host` unless one is already there, and returns it.
 *
 * @example installStub(window)('session', { token })
 */
export function installStub(host: LobbyHost): LobbyStub {
  if (isStub(host.lobby)) return host.lobby;
  let resolveReady: (stub: LobbyStub) => void = () => undefined;
  const stub = function lobby(command: string, ...args: unknown[]): unknown {
    if (stub.handler) return stub.handler(command, ...args);
    stub.queue.push([command, ...args]);
    return undefined;
  } as LobbyStub;
  stub.queue = [];
  stub.handler = undefined;
  stub.version = 1;
  stub.ready = new Promise<LobbyStub>((resolve) => {
    resolveReady = resolve;
  });
  stub.takeOver = (handler) => {
    if (stub.handler) return false;
    stub.handler = handler;
    for (const [command, ...args] of stub.queue.splice(0)) {
      try {
        handler(String(command), ...args);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
    resolveReady(stub);
    return true;
  };
  host.lobby = stub;
  return stub;
}
