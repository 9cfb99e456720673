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
 * Seconds as a clock, mm:ss; with hours from an hour on (`hours: 'auto'`, h:mm:ss) or always
 * (`'always'`), their digits two with `padHours`. Never below 00:00. The one clock format of
 * the site: countdowns, elapsed play time, activity spans.
 *
 * @example formatClock(3_725) // '1:02:05'
 * @example formatClock(59, { hours: 'always' }) // '0:00:59'
 * @example formatClock(3_725, { padHours: true }) // '01:02:05'
 */
export function formatClock(seconds: number, { hours = 'auto', padHours = false }: { hours?: 'auto' | 'always'; padHours?: boolean } = {}): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  if (h === 0 && hours === 'auto') return rest;
  return `${padHours ? two(h) : h}:${rest}`;
}

/**
 * mm:ss (or h:mm:ss from an hour on).
 *
 * @example formatCountdown(125) // '02:05'
 */
export function formatCountdown(seconds: number): string {
  return formatClock(seconds);
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
