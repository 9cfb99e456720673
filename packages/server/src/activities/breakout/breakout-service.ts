import { BARRIER_STATUS } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { centreWalletOf, checkClaim, liveActivity, payReward, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { memberScore } from '../race/index.js';
import { breakoutConfigOf, type BreakoutBarrier, type BreakoutConfig } from './config.js';

const KIND = 'breakout';
export const stepClaimKey = (barrierNo: number, stepNo: number) => `breakout:${barrierNo}:${stepNo}`;

/** A barrier's window: its own, inside the activity's (the activity's when it names none). */
export function barrierWindow(activity: Activity, barrier: BreakoutBarrier): { from: Date; to: Date } {
  const from = Math.max(activity.startsAt.getTime(), barrier.startsAt ? Date.parse(barrier.startsAt) : 0);
  const to = Math.min(activity.endsAt.getTime(), barrier.endsAt ? Date.parse(barrier.endsAt) : Number.MAX_SAFE_INTEGER);
  return { from: new Date(from), to: new Date(Math.max(from, to)) };
}

/** Spec "Barrier status": 0 not started, 1 started, 2 ended (also once the activity ended). */
export function barrierStatus(activity: Activity, barrier: BreakoutBarrier, now: Date): number {
  const { from, to } = barrierWindow(activity, barrier);
  if (statusAt(activity, now) === 2 || now >= to) return BARRIER_STATUS.ended;
  return now < from ? BARRIER_STATUS.notStarted : BARRIER_STATUS.started;
}

/** The member's points in a barrier: whole points of turnover or deposits inside its window up to now. */
export async function barrierPoints(q: Queryable, memberId: number, activity: Activity, config: BreakoutConfig, barrier: BreakoutBarrier, now: Date): Promise<number> {
  const { from, to } = barrierWindow(activity, barrier);
  if (now <= from) return 0;
  const scoreMinor = await memberScore(q, memberId, config.metric, { from, to: now < to ? now : to });
  return Math.floor(scoreMinor / config.minorPerPoint);
}

/** The breakout's page (spec section 3 "Breakout"): barriers, steps, the member's points and claims. */
export async function breakoutInfoOf(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date) {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const config = breakoutConfigOf(activity.config);
  const claimed = new Set<string>();
  if (memberId !== null) {
    const { rows } = await db.query<{ claim_key: string }>("SELECT claim_key FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key LIKE 'breakout:%'", [activity.id, memberId]);
    for (const row of rows) claimed.add(row.claim_key);
  }
  const barriers = [];
  for (const [barrierNo, barrier] of config.barriers.entries()) {
    const window = barrierWindow(activity, barrier);
    const pointsBalance = memberId === null ? 0 : await barrierPoints(db, memberId, activity, config, barrier, now);
    barriers.push({
      barrierNo, title: barrier.title, startsAt: window.from.toISOString(), endsAt: window.to.toISOString(), barrierStaus: barrierStatus(activity, barrier, now), pointsBalance,
      steps: barrier.steps.map((step, stepNo) => ({ stepNo, points: step.points, prizeMinor: step.prizeMinor, reached: pointsBalance >= step.points, claimed: claimed.has(stepClaimKey(barrierNo, stepNo)) })),
    });
  }
  return {
    activityId: activity.id, title: activity.title, webMainPicture: config.webMainPicture, prizePoolId: config.prizePoolId, status: statusAt(activity, now),
    startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(), termsText: activity.termsText, termsVersion: activity.termsVersion,
    metric: config.metric, minorPerPoint: config.minorPerPoint, wallet: config.wallet, barriers,
    steps: barriers.reduce((sum, barrier) => sum + barrier.steps.length, 0),
    carousel: barriers.map((barrier) => ({ pointsName: config.pointsName, pointsBalance: barrier.pointsBalance, barrierStaus: barrier.barrierStaus })),
  };
}

/**
 * Takes a passed step's prize, in one transaction: the activity live, the barrier started
 * (or ended: a step passed in time can be taken until the activity ends), the member's points
 * in the barrier at or above the step's; the engine's claim guard; then payReward under
 * `breakout:<barrier>:<step>` (a second claim of the step answers the first payment).
 */
export async function claimStep(db: Database, input: { siteId: number; activityId: number; memberId: number; barrierNo: number; stepNo: number; termsVersion: number; now: Date }) {
  const { memberId, barrierNo, stepNo, termsVersion, now } = input;
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.activityId, KIND, now);
    const config = breakoutConfigOf(activity.config);
    const barrier = config.barriers[barrierNo];
    const step = barrier?.steps[stepNo];
    if (!barrier || !step) throw new BusinessError('breakoutStepUnknown', `no step ${stepNo} of barrier ${barrierNo}`);
    if (barrierStatus(activity, barrier, now) === BARRIER_STATUS.notStarted) {
      throw new BusinessError('breakoutBarrierNotStarted', `barrier ${barrierNo} starts at ${barrierWindow(activity, barrier).from.toISOString()}`);
    }
    const points = await barrierPoints(tx, memberId, activity, config, barrier, now);
    if (points < step.points) throw new BusinessError('breakoutStepNotReached', `step ${stepNo} needs ${step.points} points; you have ${points}`);
    const claimKey = stepClaimKey(barrierNo, stepNo);
    await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: step.prizeMinor, claimKey });
    const paid = await payReward(tx, { activity, memberId, claimKey, amountMinor: step.prizeMinor, wallet: centreWalletOf(activity), termsVersion, now, detail: { barrierNo, stepNo, points } });
    return { barrierNo, stepNo, amountMinor: paid.amountMinor, wallet: paid.wallet, fresh: paid.fresh };
  });
}
