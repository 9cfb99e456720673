import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '@lobby/sdk';

/**
 * Seconds left of a server countdown (`expireTime`, seconds when fetched), never below 0.
 *
 * @example secondsLeft(90, 1_000, 31_000) // 60
 */
export function secondsLeft(expireTimeS: number, fetchedAtMs: number, nowMs: number): number {
  return Math.max(0, expireTimeS - Math.floor((nowMs - fetchedAtMs) / 1000));
}

/**
 * A ticking countdown from a server `expireTime` fetched at `fetchedAtMs`; `onEnd` runs
 * once when it reaches 0 (spec section 4: the order is refreshed then).
 *
 * @example const left = useCountdown(order.expireTime, fetchedAt, refresh)
 */
export function useCountdown(expireTimeS: number | null, fetchedAtMs: number, onEnd?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = expireTimeS === null ? null : secondsLeft(expireTimeS, fetchedAtMs, now);
  useEffect(() => {
    if (left === null || left === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearTimeout(timer);
  }, [left, now]);
  useEffect(() => {
    if (left === 0 && expireTimeS !== null && expireTimeS > 0) onEnd?.();
    // Only the arrival at 0 matters; onEnd is a fresh closure on every render.
  }, [left === 0, expireTimeS, fetchedAtMs]);
  return left;
}
