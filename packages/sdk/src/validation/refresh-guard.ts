import { localStore, STORAGE_KEY, type KeyValueStorage } from '../stores/storage.js';
import { EURO_REFRESH_GUARD_MS } from '../contract/limits.js';
import { fail, ok, type Result } from './result.js';

export interface RefreshGuardOptions {
  windowMs?: number;
  /** The clock, ms since epoch; injectable for tests. */
  now?: () => number;
  /** Where the last refresh is kept; default localStorage (memory in Node). */
  storage?: () => KeyValueStorage;
}

export interface RefreshGuard {
  /** Allows a refresh of an activity, or answers 'dontRefresh'. */
  check(activityId: string | number): Result<true, 'dontRefresh'>;
}

interface LastRefresh {
  activityId: string;
  atMs: number;
}

function readLast(storage: KeyValueStorage): LastRefresh | null {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY.euroRefresh) ?? 'null') as LastRefresh | null;
    return parsed && typeof parsed.activityId === 'string' && typeof parsed.atMs === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The euro refresh guard (spec section 5): refreshing the same activity less than 5000 ms
 * after its last allowed refresh answers 'dontRefresh'; otherwise the activity and time
 * are stored and the refresh is allowed. A refused attempt does not move the window.
 *
 * @example const guard = createRefreshGuard(); if (!guard.check(activityId).ok) toast(t('dontRefresh'))
 */
export function createRefreshGuard(options: RefreshGuardOptions = {}): RefreshGuard {
  const { windowMs = EURO_REFRESH_GUARD_MS, now = Date.now, storage = localStore } = options;
  return {
    check(activityId) {
      const id = String(activityId);
      const store = storage();
      const at = now();
      const last = readLast(store);
      if (last && last.activityId === id && at - last.atMs >= 0 && at - last.atMs < windowMs) return fail('dontRefresh');
      store.setItem(STORAGE_KEY.euroRefresh, JSON.stringify({ activityId: id, atMs: at } satisfies LastRefresh));
      return ok(true);
    },
  };
}
