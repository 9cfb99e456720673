/**
 * Counts what a page has running: live timers, intervals, animation frames, requests in
 * flight and listeners on long-lived targets (window, document, media queries), by
 * wrapping the page's own functions. Run it in the page, then read `window.__lobbyLeaks`:
 *
 * @example await page.evaluate(installLeakWatch); await page.evaluate(() => window.__lobbyLeaks.counts())
 */
export function installLeakWatch(): void {
  const live = { timers: new Set<number>(), intervals: new Set<number>(), listeners: 0, frames: new Set<number>(), requests: 0 };
  const w = window as unknown as Record<string, unknown>;
  const [st, ct, si, ci, raf, caf, fetch0] = [setTimeout, clearTimeout, setInterval, clearInterval, requestAnimationFrame, cancelAnimationFrame, fetch];
  w.setTimeout = (fn: () => void, ms?: number) => {
    const id = st(() => {
      live.timers.delete(id);
      fn();
    }, ms) as unknown as number;
    live.timers.add(id);
    return id;
  };
  w.clearTimeout = (id: number) => (live.timers.delete(id), ct(id as unknown as Parameters<typeof ct>[0]));
  w.setInterval = (fn: () => void, ms?: number) => {
    const id = si(fn, ms) as unknown as number;
    live.intervals.add(id);
    return id;
  };
  w.clearInterval = (id: number) => (live.intervals.delete(id), ci(id as unknown as Parameters<typeof ci>[0]));
  w.requestAnimationFrame = (fn: FrameRequestCallback) => {
    const id: number = raf((t) => (live.frames.delete(id), fn(t)));
    live.frames.add(id);
    return id;
  };
  w.cancelAnimationFrame = (id: number) => (live.frames.delete(id), caf(id));
  w.fetch = (...args: Parameters<typeof fetch>) => {
    live.requests += 1;
    return fetch0(...args).finally(() => (live.requests -= 1));
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  // Listeners on long-lived targets (window, document, media queries) are what leak;
  // those on a removed widget's own nodes go with the nodes.
  const lasting = (target: EventTarget) => target === window || target === document || target instanceof MediaQueryList;
  const registered = new Set<unknown>();
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
    if (lasting(this) && !registered.has(fn)) {
      registered.add(fn);
      live.listeners += 1;
    }
    return add.call(this, type, fn as EventListener, options as boolean);
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
    if (lasting(this) && registered.delete(fn)) live.listeners -= 1;
    return remove.call(this, type, fn as EventListener, options as boolean);
  };
  const counts = () => ({ timers: live.timers.size, intervals: live.intervals.size, listeners: live.listeners, frames: live.frames.size, requests: live.requests });
  const w2 = window as unknown as Record<string, unknown>;
  w2.__lobbyLeaks = { counts, setTimeout: st };
}

/** What `installLeakWatch` leaves on the page. */
export interface LeakWatch {
  counts(): { timers: number; intervals: number; listeners: number; frames: number; requests: number };
  /** The page's original setTimeout, for waiting without being counted. */
  setTimeout: typeof setTimeout;
}
