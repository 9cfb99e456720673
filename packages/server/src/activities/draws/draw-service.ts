import type { DrawAward, DrawGiftInfo, DrawPaid, DrawWindowView, SpinTaskView, SpinWheelInfo } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import {
  centreWalletOf, checkClaim, eligibilityProblem, memberFacts, payReward, statusAt, type Activity, type RewardWallet,
} from '../engine/index.js';
import type { Award, DrawGiftConfig, SpinTask, SpinWheelConfig } from './config.js';
import { drawFair, memberClientSeed } from './fairness.js';
import { fairRecordsOf, type FairClaimDetail } from './records.js';
import { commitWindows, type RoundWindow } from './windows.js';

/** The claim key prefix of each kind's draws: `draw:<n>` for a draw gift, `spin:<n>` for a wheel (n counts from 1 per member). */
export const DRAW_PREFIX = { draw_gift: 'draw', spin_wheel: 'spin' } as const;
export type DrawKind = keyof typeof DRAW_PREFIX;

const yuan = (minor: number) => (minor / 100).toFixed(2);

/** The end of "so far" in a window: `now` included (facts count up to an exclusive end), never past the close. */
export const upTo = (now: Date, closesAt: Date): Date => (now < closesAt ? new Date(now.getTime() + 1) : closesAt);

/** The wallet the activity's config names (shown on its page); draws pay only into the centre wallet (centreWalletOf). */
export const walletOf = (activity: Activity): RewardWallet => (activity.config.wallet === 'bonus' ? 'bonus' : 'centre');

export function activityHead(activity: Activity, now: Date) {
  return {
    id: activity.id,
    title: activity.title,
    termsText: activity.termsText,
    termsVersion: activity.termsVersion,
    status: statusAt(activity, now),
    paused: activity.state === 'paused',
    startsAt: activity.startsAt.toISOString(),
    endsAt: activity.endsAt.toISOString(),
    wallet: walletOf(activity),
    vipHint: typeof activity.config.vipHint === 'string' ? activity.config.vipHint : '',
    minVipLevel: activity.eligibility.minVipLevel ?? null,
  };
}

const awardsOf = (awards: Award[]): DrawAward[] => awards.map((award, index) => ({ index, name: award.name, amountMinor: award.amountMinor, weight: award.weight }));

const windowView = (window: (RoundWindow & { seedHash: string }) | undefined): DrawWindowView | null =>
  window ? { roundKey: window.key, lotteryStart: window.opensAt.toISOString(), lotteryEnd: window.closesAt.toISOString(), seedHash: window.seedHash } : null;

/** The member's draws (or spins) of `kind` in the window, and in the whole activity. */
async function drawsTaken(q: Queryable, activityId: number, memberId: number, kind: DrawKind, roundKey: string): Promise<{ inWindow: number; total: number }> {
  const { rows } = await q.query<{ in_window: string | number; total: string | number }>(
    `SELECT count(*) FILTER (WHERE detail->'fair'->>'roundKey' = $4) AS in_window, count(*) AS total
       FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND starts_with(claim_key, $3)`,
    [activityId, memberId, `${DRAW_PREFIX[kind]}:`, roundKey],
  );
  return { inWindow: Number(rows[0]?.in_window ?? 0), total: Number(rows[0]?.total ?? 0) };
}

/** Draws a draw gift member has earned in the window: one per moneyEach of deposits, once deposits reach the requirement, at most maxDrawsPerWindow. */
async function drawGiftAllowance(q: Queryable, activity: Activity, memberId: number, window: RoundWindow, now: Date): Promise<{ depositsMinor: number; earned: number; reason: string }> {
  const config = activity.config as unknown as DrawGiftConfig;
  const to = upTo(now, window.closesAt);
  const { depositsMinor } = await memberFacts(q, memberId, { from: window.opensAt, to });
  if (depositsMinor < config.depositRequirementMinor) {
    return { depositsMinor, earned: 0, reason: `deposit ${yuan(config.depositRequirementMinor)} in this draw window to draw (so far ${yuan(depositsMinor)})` };
  }
  const earned = Math.min(Math.floor(depositsMinor / config.moneyEachMinor), config.maxDrawsPerWindow);
  return { depositsMinor, earned, reason: earned === 0 ? `each ${yuan(config.moneyEachMinor)} deposited in this draw window earns one draw (so far ${yuan(depositsMinor)})` : '' };
}

/** A wheel's tasks with the member's progress in the window. */
async function wheelTasks(q: Queryable, activity: Activity, memberId: number, window: RoundWindow | undefined, now: Date): Promise<SpinTaskView[]> {
  const config = activity.config as unknown as SpinWheelConfig;
  const blank = (task: SpinTask): SpinTaskView => ({ id: task.id, name: task.name, kind: task.kind, targetMinor: task.targetMinor, spins: task.spins, progressMinor: 0, done: false, received: false });
  if (!window) return config.tasks.map(blank);
  const to = upTo(now, window.closesAt);
  const facts = await memberFacts(q, memberId, { from: window.opensAt, to });
  const { rows } = await q.query<{ task_id: string }>(
    'SELECT task_id FROM promo_spin_receipts WHERE activity_id = $1 AND member_id = $2 AND round_key = $3', [activity.id, memberId, window.key],
  );
  const received = new Set(rows.map((row) => row.task_id));
  return config.tasks.map((task) => {
    const progressMinor = task.kind === 'deposit' ? facts.depositsMinor : task.kind === 'turnover' ? facts.turnoverMinor : 0;
    return { ...blank(task), progressMinor, done: task.kind === 'login' || progressMinor >= task.targetMinor, received: received.has(task.id) };
  });
}

async function spinsReceived(q: Queryable, activityId: number, memberId: number, roundKey: string): Promise<number> {
  const { rows } = await q.query<{ spins: string | number }>(
    'SELECT coalesce(sum(spins), 0) AS spins FROM promo_spin_receipts WHERE activity_id = $1 AND member_id = $2 AND round_key = $3', [activityId, memberId, roundKey],
  );
  return Number(rows[0]?.spins ?? 0);
}

/** Why the activity takes no draws at `now`, or '' (paused, not started, ended, between windows). */
function closedReason(activity: Activity, window: RoundWindow | undefined, next: RoundWindow | undefined, now: Date): string {
  if (activity.state === 'paused') return 'the activity is paused';
  const status = statusAt(activity, now);
  if (status === 0) return `the activity starts at ${activity.startsAt.toISOString()}`;
  if (status === 2) return 'the activity has ended';
  if (!window) return next ? `the next draw window opens at ${next.opensAt.toISOString()}` : 'no draw window is left';
  return '';
}

/** The draw gift page at `now`: commits the open and next windows first, so their hashes are public. */
export async function drawGiftInfoOf(q: Queryable, activity: Activity, memberId: number | null, now: Date): Promise<DrawGiftInfo> {
  const config = activity.config as unknown as DrawGiftConfig;
  const { current, next } = activity.state === 'published' || activity.state === 'paused' ? await commitWindows(q, activity, now) : {};
  let mine: DrawGiftInfo['mine'] = null;
  if (memberId !== null) {
    const closed = closedReason(activity, current, next, now);
    if (current) {
      const allowance = await drawGiftAllowance(q, activity, memberId, current, now);
      const taken = await drawsTaken(q, activity.id, memberId, 'draw_gift', current.key);
      const left = Math.max(0, allowance.earned - taken.inWindow);
      const eligibility = await eligibilityProblem(q, activity, memberId, now);
      mine = {
        depositsMinor: allowance.depositsMinor, earned: allowance.earned, used: taken.inWindow, left,
        reason: closed || eligibility || allowance.reason || (left === 0 ? 'all draws earned in this window are taken' : ''),
      };
    } else {
      mine = { depositsMinor: 0, earned: 0, used: 0, left: 0, reason: closed };
    }
  }
  return {
    ...activityHead(activity, now),
    awards: awardsOf(config.awards),
    moneyEachMinor: config.moneyEachMinor,
    depositRequirementMinor: config.depositRequirementMinor,
    maxDrawsPerWindow: config.maxDrawsPerWindow,
    window: windowView(current),
    nextWindow: windowView(next),
    mine,
  };
}

/** The wheel page and its validation at `now`. */
export async function spinWheelInfoOf(q: Queryable, activity: Activity, memberId: number | null, now: Date): Promise<SpinWheelInfo> {
  const config = activity.config as unknown as SpinWheelConfig;
  const { current, next } = activity.state === 'published' || activity.state === 'paused' ? await commitWindows(q, activity, now) : {};
  let mine: SpinWheelInfo['mine'] = null;
  let tasks = config.tasks.map((task) => ({ id: task.id, name: task.name, kind: task.kind, targetMinor: task.targetMinor, spins: task.spins, progressMinor: 0, done: false, received: false }));
  if (memberId !== null) {
    tasks = await wheelTasks(q, activity, memberId, current, now);
    const closed = closedReason(activity, current, next, now);
    if (current) {
      const received = await spinsReceived(q, activity.id, memberId, current.key);
      const taken = await drawsTaken(q, activity.id, memberId, 'spin_wheel', current.key);
      const left = Math.max(0, received - taken.inWindow);
      const eligibility = await eligibilityProblem(q, activity, memberId, now);
      const waiting = tasks.some((task) => task.done && !task.received);
      const reason = closed || eligibility || (left === 0 ? (waiting ? 'receive the spins of a done task first' : 'complete a task to earn spins') : '');
      mine = { received, used: taken.inWindow, left, canSpin: reason === '', reason };
    } else {
      mine = { received: 0, used: 0, left: 0, canSpin: false, reason: closed };
    }
  }
  return { ...activityHead(activity, now), segments: awardsOf(config.segments), window: windowView(current), nextWindow: windowView(next), tasks, mine };
}

/** Receives a done wheel task's spins in the open window (once per task and window); refuses naming why. */
export async function receiveSpins(tx: Queryable, activity: Activity, memberId: number, taskId: string, termsVersion: number, now: Date): Promise<{ task: SpinTaskView; left: number }> {
  const { current } = await commitWindows(tx, activity, now);
  if (!current) throw new BusinessError('drawNotOpen', 'no draw window of this wheel is open now');
  if (termsVersion !== activity.termsVersion) {
    throw new BusinessError('activityTermsChanged', `the terms are at version ${activity.termsVersion}; the request was made on version ${termsVersion}`, { termsVersion: activity.termsVersion });
  }
  const problem = await eligibilityProblem(tx, activity, memberId, now);
  if (problem) throw new BusinessError('activityNotEligible', problem);
  const tasks = await wheelTasks(tx, activity, memberId, current, now);
  const task = tasks.find((entry) => entry.id === taskId);
  if (!task) throw new BusinessError('spinTaskNotFound', `taskId: this wheel has no task ${taskId}`);
  if (!task.done) throw new BusinessError('spinTaskNotDone', `task ${taskId} needs ${yuan(task.targetMinor)} in this window (so far ${yuan(task.progressMinor)})`);
  if (task.received) throw new BusinessError('spinTaskReceived', `the spins of task ${taskId} were received in this window`);
  await tx.query(
    'INSERT INTO promo_spin_receipts (activity_id, member_id, round_key, task_id, spins, received_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
    [activity.id, memberId, current.key, taskId, task.spins, now],
  );
  const received = await spinsReceived(tx, activity.id, memberId, current.key);
  const taken = await drawsTaken(tx, activity.id, memberId, 'spin_wheel', current.key);
  return { task: { ...task, received: true }, left: Math.max(0, received - taken.inWindow) };
}

/**
 * One draw of a draw gift or one spin of a wheel, inside the caller's transaction (the
 * engine's claim pattern): the window must be open, the member must have a draw left
 * (earned by deposits, or received from tasks), checkClaim passes, the award is picked
 * fairly with nonce n = the member's n-th draw of the activity, and payReward pays it under
 * claim key `draw:<n>` / `spin:<n>` from the budget (a 0 award records the draw).
 */
export async function takeDraw(tx: Queryable, activity: Activity, memberId: number, kind: DrawKind, termsVersion: number, now: Date): Promise<DrawPaid> {
  const { current } = await commitWindows(tx, activity, now);
  if (!current) throw new BusinessError('drawNotOpen', 'no draw window is open now');
  // Takes the member's claim lock first, so counting the draws below cannot race another draw of the member.
  await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: 0 });
  const taken = await drawsTaken(tx, activity.id, memberId, kind, current.key);
  let earned: number;
  let reason: string;
  if (kind === 'draw_gift') ({ earned, reason } = await drawGiftAllowance(tx, activity, memberId, current, now));
  else {
    earned = await spinsReceived(tx, activity.id, memberId, current.key);
    reason = 'complete a task and receive its spins first';
  }
  if (taken.inWindow >= earned) throw new BusinessError('drawNoneLeft', earned === 0 ? reason : `all ${earned} ${kind === 'draw_gift' ? 'draws' : 'spins'} of this window are taken`);
  const awards = (kind === 'draw_gift' ? (activity.config as unknown as DrawGiftConfig).awards : (activity.config as unknown as SpinWheelConfig).segments);
  const nonce = taken.total + 1;
  const { result, fair } = await drawFair(tx, {
    activityId: activity.id, roundKey: current.key, clientSeed: memberClientSeed(activity.id, memberId), nonce, rule: { kind: 'pick', weights: awards.map((award) => award.weight) }, now,
  });
  const award = awards[result as number]!;
  // The money caps need the amount: checked again now that the award is known (the lock is already held).
  if (award.amountMinor > 0 && (activity.caps.perMemberMinor !== undefined || activity.caps.perCampaignMinor !== undefined)) {
    await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: award.amountMinor });
  }
  const claimKey = `${DRAW_PREFIX[kind]}:${nonce}`;
  const detail: FairClaimDetail = { awardName: award.name, fair };
  await payReward(tx, { activity, memberId, claimKey, amountMinor: award.amountMinor, wallet: centreWalletOf(activity), detail: detail as unknown as Record<string, unknown>, termsVersion, now });
  const [record] = await fairRecordsOf(tx, activity.id, memberId, now, { claimKey });
  return { record: record!, left: earned - taken.inWindow - 1 };
}
