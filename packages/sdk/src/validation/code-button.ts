import { CODE_CLICK_DEBOUNCE_MS, CODE_RESEND_COUNTDOWN_MS, RECYCLE_THROTTLE_MS } from '../contract/limits.js';
import { fail, ok, type Result } from './result.js';

/** What the get-code button remembers: its last accepted click and when a code was sent. */
export interface CodeButtonState {
  lastClickAtMs: number | null;
  sentAtMs: number | null;
}

/**
 * Whole seconds left on the resend countdown (spec section 5: 60 s after sending); 0 when
 * the button is free again.
 *
 * @example codeCountdownSeconds(0, 1500) // 59
 */
export function codeCountdownSeconds(sentAtMs: number | null, nowMs: number): number {
  if (sentAtMs === null) return 0;
  const leftMs = sentAtMs + CODE_RESEND_COUNTDOWN_MS - nowMs;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/**
 * True when a click on the get-code button should send: no countdown running and no
 * accepted click in the last 2 s (spec section 5).
 *
 * @example acceptsCodeClick({ lastClickAtMs: 0, sentAtMs: null }, 1999) // false
 */
export function acceptsCodeClick(state: CodeButtonState, nowMs: number): boolean {
  if (codeCountdownSeconds(state.sentAtMs, nowMs) > 0) return false;
  return state.lastClickAtMs === null || nowMs - state.lastClickAtMs >= CODE_CLICK_DEBOUNCE_MS;
}

export interface Throttle {
  /** Allows the action, or answers 'operationTooFrequent' within the interval of the last allowed one. */
  attempt(): Result<true, 'operationTooFrequent'>;
}

/**
 * A throttle for venue recycling and manual balance refresh: once per 10 s (spec
 * sections 4 and 9), refusals showing 'the operation is too frequent'.
 *
 * @example const recycle = createThrottle(); if (!recycle.attempt().ok) toast(t('operationTooFrequent'))
 */
export function createThrottle(options: { intervalMs?: number; now?: () => number } = {}): Throttle {
  const { intervalMs = RECYCLE_THROTTLE_MS, now = Date.now } = options;
  let lastAtMs: number | null = null;
  return {
    attempt() {
      const at = now();
      if (lastAtMs !== null && at - lastAtMs < intervalMs) return fail('operationTooFrequent');
      lastAtMs = at;
      return ok(true);
    },
  };
}
