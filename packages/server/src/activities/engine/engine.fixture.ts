import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import type { ActivityInput, ActivityKind } from './index.js';
import { checkClaim, createActivity, liveActivity, payReward, publishActivity, type ClaimCheckOptions } from './index.js';

/**
 * Test helpers of the promotion engine, for every area's tests: a published activity, a
 * confirmed deposit, and one claim through the engine's claim pattern.
 */

/** A published activity of `kind` on brand 4 open from a day before `now` to 30 days after, with `budgetMinor` funded. */
export async function publishedActivity(db: Database, now: Date, overrides: Partial<ActivityInput> = {}): Promise<ReturnType<typeof publishActivity>> {
  const input: ActivityInput = {
    kind: 'display', title: 'Test activity', config: {}, termsText: 'Terms of the test activity',
    startsAt: new Date(now.getTime() - 86_400_000), endsAt: new Date(now.getTime() + 30 * 86_400_000), budgetMinor: 100_00, ...overrides,
  };
  const draft = await createActivity(db, 4, input, now);
  return publishActivity(db, draft.id, now);
}

/** A deposit order completed (state 104) at `at`, as the deposit flow leaves it (no ledger money: eligibility reads the orders). */
export async function insertConfirmedDeposit(q: Queryable, memberId: number, amountMinor: number, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at, updated_at)
     SELECT $1, id, site_id, '1', $2, 104, 'sandbox', 30, $3, $3, $3 FROM members WHERE id = $4`,
    [`T${randomUUID().replaceAll('-', '').slice(0, 20)}`, amountMinor, at, memberId],
  );
}

/** One claim as every kind makes it: liveActivity, checkClaim, payReward in one transaction. */
export async function claimOnce(
  db: Database,
  activityId: number,
  memberId: number,
  claim: { claimKey: string; amountMinor: number; now: Date; kind?: ActivityKind; wallet?: 'centre'; siteId?: number } & Partial<ClaimCheckOptions>,
) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, claim.siteId ?? 4, activityId, claim.kind ?? 'display', claim.now);
    const termsVersion = claim.termsVersion ?? activity.termsVersion;
    await checkClaim(tx, activity, memberId, claim.now, { ...claim, termsVersion });
    return payReward(tx, { activity, memberId, claimKey: claim.claimKey, amountMinor: claim.amountMinor, wallet: claim.wallet ?? 'centre', termsVersion, now: claim.now });
  });
}
