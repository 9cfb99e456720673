import type { Clock } from '../http/pipeline.js';

/** A clock tests move by hand (order expiry, rate windows, code lifetimes). */
export interface MovableClock extends Clock {
  /** Moves the clock `ms` forward (backward when negative); answers the new time. */
  advance(ms: number): number;
  /** Puts the clock at `ms` since the epoch. */
  set(ms: number): void;
}

/**
 * A clock that stands still until a test moves it, starting at `startMs` (now by default).
 *
 * @example const clock = movableClock(); clock.advance(60_000); clock.now() // a minute on
 */
export function movableClock(startMs = Date.now()): MovableClock {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance: (ms: number) => (nowMs += ms),
    set: (ms: number) => void (nowMs = ms),
  };
}
