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

/**
 * Adds one hit to each window in one statement, so concurrent callers each get their own
 * count: of N callers at once exactly one sees N. Answers the counts in `windows` order,
 * this hit included. Decide on these counts, never on a count read before the hit.
 *
 * @example const [perName, perIp] = await hitRates(db, [nameWindow, ipWindow], now);
 */
export async function hitRates(db: Queryable, windows: readonly RateWindow[], nowMs: number): Promise<number[]> {
  const params: unknown[] = [];
  const rows = windows.map((window) => {
    const start = windowStartMs(window, nowMs);
    params.push(window.key, start, start + window.windowMs);
    const at = params.length;
    return `($${at - 2}, to_timestamp($${at - 1} / 1000.0), to_timestamp($${at} / 1000.0), 1)`;
  });
  const { rows: counts } = await db.query<{ key: string; hits: number }>(
    `INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ${rows.join(', ')}
     ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
     RETURNING key, hits`,
    params,
  );
  const hitsOf = new Map(counts.map((row) => [row.key, row.hits]));
  return windows.map((window) => hitsOf.get(window.key)!);
}

/**
 * Takes back one hit added at `nowMs` (an attempt refused before it was counted as done).
 * A counter racing to 2 between the two statements keeps its hit: the error only ever
 * counts one too many.
 */
export async function releaseRate(db: Queryable, window: RateWindow, nowMs: number): Promise<void> {
  const params = [window.key, windowStartMs(window, nowMs)];
  const at = 'key = $1 AND window_start = to_timestamp($2 / 1000.0)';
  const lowered = await db.query(`UPDATE rate_counters SET hits = hits - 1 WHERE ${at} AND hits > 1`, params);
  if (lowered.rowCount === 0) await db.query(`DELETE FROM rate_counters WHERE ${at} AND hits = 1`, params);
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
