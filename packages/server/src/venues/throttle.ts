import { RECYCLE_THROTTLE_MS, t } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';

/** The actions throttled per member (spec section 9: recycling and refresh, once per 10 s each). */
export type ThrottledAction = 'recycle' | 'refresh';

/**
 * Claims one use of `action` for the member at `nowMs`, or throws BusinessError
 * operationTooFrequent (the sdk's 'The operation is too frequent…') when the last use was less than
 * `windowMs` ago. The counter lives in the database (one row per member and action, one
 * atomic upsert), so every instance behind a load balancer agrees.
 *
 * @example await claimThrottle(db, member.id, 'recycle', clock.now());
 */
export async function claimThrottle(q: Queryable, memberId: number, action: ThrottledAction, nowMs: number, windowMs = RECYCLE_THROTTLE_MS): Promise<void> {
  const { rows } = await q.query(
    `INSERT INTO member_throttles (member_id, action, last_at_ms) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, action) DO UPDATE SET last_at_ms = EXCLUDED.last_at_ms
     WHERE member_throttles.last_at_ms <= EXCLUDED.last_at_ms - $4::bigint OR member_throttles.last_at_ms > EXCLUDED.last_at_ms
     RETURNING 1`,
    [memberId, action, nowMs, windowMs],
  );
  if (rows.length === 0) throw new BusinessError('operationTooFrequent', t('operationTooFrequent', undefined, 'en'));
}
