import type { Queryable } from '../db/database.js';

/** Test helpers of the enforcement tests: limits and breaks written as the limits and break pages would leave them. */

export type LimitKind = 'deposit' | 'loss' | 'wager' | 'stake' | 'session';

export async function setLimit(db: Queryable, memberId: number, kind: LimitKind, valueMinor: number, period: 'day' | 'week' | 'month' | 'session' = 'day', at = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO rp_limits (member_id, kind, period, value, set_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, kind, period) DO UPDATE SET value = EXCLUDED.value, set_at = EXCLUDED.set_at`,
    [memberId, kind, period, valueMinor, at],
  );
}

/** A time-out of one day on the member's brand, in force from `at`. */
export async function takeTimeOut(db: Queryable, memberId: number, at: Date, siteId = 4): Promise<void> {
  await db.query(
    `INSERT INTO rp_exclusions (member_id, site_id, kind, period, scope, started_at, ends_at, request_key)
     VALUES ($1, $2, 'timeOut', '1d', 'brand', $3, $4, $5)`,
    [memberId, siteId, new Date(at.getTime() - 60_000), new Date(at.getTime() + 86_400_000), `test-${memberId}-${at.getTime()}`],
  );
}

