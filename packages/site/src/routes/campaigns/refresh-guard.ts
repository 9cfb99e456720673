import { CARNIVAL_REFRESH_GUARD_MS } from '@lobby/sdk';

/** Where the carnival page keeps its last load (session storage). */
export const REFRESH_GUARD_KEY = 'lobby.carnival.lastLoad';

/**
 * Spec section 4 "Euro refresh guard": the same activity loaded again within 5000 ms answers
 * true (the page shows "don't refresh"); otherwise the time and activity are stored.
 *
 * @example refreshTooSoon(sessionStorage, 7, Date.now()) // false the first time
 */
export function refreshTooSoon(storage: Pick<Storage, 'getItem' | 'setItem'>, activityId: number, nowMs: number): boolean {
  let last: { activityId?: unknown; at?: unknown } = {};
  try {
    last = JSON.parse(storage.getItem(REFRESH_GUARD_KEY) ?? '{}') as typeof last;
  } catch {
    last = {};
  }
  if (last.activityId === activityId && typeof last.at === 'number' && nowMs - last.at >= 0 && nowMs - last.at < CARNIVAL_REFRESH_GUARD_MS) return true;
  storage.setItem(REFRESH_GUARD_KEY, JSON.stringify({ activityId, at: nowMs }));
  return false;
}
