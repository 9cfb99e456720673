import type { Queryable } from '../db/database.js';

/**
 * Sets the hits of a rate counter (http/rate-limit.ts) in the window holding `nowMs`, so a
 * test reaches a limit without making every call first.
 *
 * @example await setRateHits(suite.db, 'shot-demo:ip:10.0.0.1', 3_600_000, suite.clock.now(), 240);
 */
export async function setRateHits(db: Queryable, key: string, windowMs: number, nowMs: number, hits: number): Promise<void> {
  const start = Math.floor(nowMs / windowMs) * windowMs;
  await db.query(
    `INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), $4)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = EXCLUDED.hits`,
    [key, start, start + windowMs, hits],
  );
}
