import { documentVisibility, type VisibilitySource } from './visibility.js';

export interface PollerOptions<T> {
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  /** Time from start() to the first run; 0 (the default) runs at once. */
  firstDelayMs?: number;
  /** The work; the signal aborts when the poller stops. */
  task: (signal: AbortSignal) => T | Promise<T>;
  /** Stops the poller after a run whose result satisfies it. */
  stopWhen?: (result: T) => boolean;
  /** Page visibility; default documentVisibility() (none in Node). Pass null to never pause. */
  visibility?: VisibilitySource | null;
  /** Receives a run's error; polling goes on. Default: console.error. */
  onError?: (error: unknown) => void;
}

export interface Poller {
  /** Starts polling; a second start while active does nothing. */
  start(): void;
  /** Stops polling and aborts a run in flight; a late result is ignored. */
  stop(): void;
  /** Runs now (unless a run is in flight or the page is hidden) and restarts the interval from its end. */
  runNow(): void;
  /** True between start() and stop() (or a stopWhen match). */
  readonly active: boolean;
}

const reportError = (error: unknown) => console.error('[lobby] poll task failed', error);

/** Hands an error to the reporter; a reporter that throws must not stop the poller. */
function report(onError: (error: unknown) => void, error: unknown): void {
  try {
    onError(error);
  } catch (reporterError) {
    reportError(reporterError);
  }
}

/**
 * A poller that never overlaps runs, pauses while the page is hidden and runs at once
 * when it is visible again. Errors go to onError, never out.
 *
 * @example const poller = createPoller({ intervalMs: ORDER_POLL_MS, task: () => client.call(orderInfo, {}) }); poller.start()
 */
export function createPoller<T>(options: PollerOptions<T>): Poller {
  const { intervalMs, firstDelayMs = 0, task, stopWhen, onError = reportError } = options;
  let active = false;
  let busy = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let visibility: VisibilitySource | null = null;
  let unsubscribe: (() => void) | undefined;

  const hidden = () => visibility?.isHidden() === true;
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delayMs: number) => {
    clearTimer();
    if (active && !hidden()) timer = setTimeout(run, delayMs);
  };

  async function run(): Promise<void> {
    clearTimer();
    if (!active || busy || hidden()) return;
    const ownGeneration = generation;
    busy = true;
    controller = new AbortController();
    let done = false;
    try {
      const result = await task(controller.signal);
      if (ownGeneration !== generation) return;
      done = stopWhen?.(result) === true;
    } catch (error) {
      if (ownGeneration === generation) report(onError, error);
    } finally {
      if (ownGeneration === generation) busy = false;
    }
    if (ownGeneration !== generation) return;
    if (done) stop();
    else schedule(intervalMs);
  }

  function onVisibilityChange(): void {
    if (!active) return;
    if (hidden()) clearTimer();
    else void run();
  }

  function start(): void {
    if (active) return;
    active = true;
    generation += 1;
    busy = false;
    visibility = options.visibility === undefined ? documentVisibility() : options.visibility;
    unsubscribe = visibility?.onChange(onVisibilityChange);
    schedule(firstDelayMs);
  }

  function stop(): void {
    if (!active) return;
    active = false;
    generation += 1;
    busy = false;
    clearTimer();
    unsubscribe?.();
    unsubscribe = undefined;
    controller?.abort();
  }

  return {
    start,
    stop,
    runNow: () => void run(),
    get active() {
      return active;
    },
  };
}
