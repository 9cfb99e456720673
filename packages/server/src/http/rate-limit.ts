import type { Queryable } from '../db/database.js';

/**
 * Fixed-window counters in the database, shared by every instance: a key such as
 * `login-fail:name:4:demo` counts hits within the window that holds `nowMs`.
 */
export interface RateWindow {
  /** Counter key prefix and subject, e.g. `login-fail:ip:127.0.0.1`. */
  key: string;
  windowMs: number;
}

function windowStartMs(window: RateWindow, nowMs: number): number {
  return Math.floor(nowMs / window.windowMs) * window.windowMs;
}

/** Adds one hit; answers the count in the current window, this hit included. */
export async function hitRate(db: Queryable, window: RateWindow, nowMs: number): Promise<number> {
  const start = windowStartMs(window, nowMs);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_counters (key, window_start, window_end, hits)
     VALUES ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), 1)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
     RETURNING hits`,
    [window.key, start, start + window.windowMs],
  );
  return rows[0]!.hits;
}

/** The count in the current window without adding a hit. */
export async function peekRate(db: Queryable, window: RateWindow, nowMs: number): Promise<number> {
  const { rows } = await db.query<{ hits: number }>(
    'SELECT hits FROM rate_counters WHERE key = $1 AND window_start = to_timestamp($2 / 1000.0)',
    [window.key, windowStartMs(window, nowMs)],
  );
  return rows[0]?.hits ?? 0;
}

/** Forgets a key's counts (e.g. the name's failures after a successful login). */
export async function resetRate(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
}

/** Deletes counters whose window ended before `nowMs`. */
export async function purgeRateCounters(db: Queryable, nowMs: number): Promise<number> {
  const result = await db.query('DELETE FROM rate_counters WHERE window_end < to_timestamp($1 / 1000.0)', [nowMs]);
  return result.rowCount;
}
