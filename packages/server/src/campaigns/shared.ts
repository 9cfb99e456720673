import type { Queryable } from '../db/database.js';
import { statusAt, type Activity } from '../activities/engine/index.js';

/** The head every campaign page reads: title, status, window, terms, the server's clock. */
export function campaignHead(activity: Activity, now: Date) {
  return {
    activityId: activity.id, kind: activity.kind, title: activity.title, status: statusAt(activity, now), paused: activity.state === 'paused',
    startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(), termsText: activity.termsText, termsVersion: activity.termsVersion,
    serverTime: now.toISOString(),
  };
}

/** Whether the member holds a claim of the activity under the key. */
export async function hasClaim(q: Queryable, activityId: number, memberId: number, claimKey: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key = $3', [activityId, memberId, claimKey]);
  return rows.length > 0;
}

/** A transaction lock on a key (one member's steps in one campaign run one after another). */
export async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/** Thrown inside a transaction to roll it back after a check passed (a check never leaves a trace). */
export class CheckPassed extends Error {}
