import {
  NEW_TASK_MODAL, NEW_TASK_STATUS, PACKAGE_SIGN_BUTTON, scratchModalOf, type NewTask, type NewTaskInfo, type NewTaskKind, type NewTaskPackage, type NewTaskStatus,
  type PackageSignButton, type ScratchCard,
} from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { commitRound, drawFair, memberClientSeed, revealIfClosed } from '../draws/index.js';
import { checkClaim, liveActivity, payReward, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { addDays, beijingDay, dayBounds } from '../sign-in/days.js';
import { readNewTaskConfig, TASK_KEYS, type NewTaskConfig } from './config.js';
import { dayFacts, taskFacts, type TaskFacts } from './task-progress.js';

/**
 * New-member tasks over the engine's claims (docs/SIGN-IN-AND-TASKS.md). A task's reward is
 * one `promo_claims` row keyed `task:<kind>`; a package sign is a zero-amount row keyed
 * `package:<day>`; the scratch card's claim records its fair pick. Progress is computed from
 * the member's records on every read, never counted apart.
 */

interface Claim { key: string; amountMinor: number; detail: Record<string, unknown> }

/** The member's task days: from registration (or the activity's start, if later) for `taskDays` Beijing days, cut at the activity's end. */
export interface TaskWindow { from: Date; to: Date; days: string[] }

interface TaskView {
  activity: Activity;
  config: NewTaskConfig;
  now: Date;
  today: string;
  member: { id: number; window: TaskWindow | null; facts: TaskFacts | null; claims: Map<string, Claim>; today: { depositMinor: number; betMinor: number } } | null;
}

function windowOf(activity: Activity, config: NewTaskConfig, registeredAt: Date): TaskWindow | null {
  if (registeredAt < activity.startsAt) return null;
  const firstDay = beijingDay(registeredAt);
  const to = new Date(Math.min(dayBounds(addDays(firstDay, config.taskDays)).from.getTime(), activity.endsAt.getTime()));
  return { from: registeredAt, to, days: Array.from({ length: config.taskDays }, (_, offset) => addDays(firstDay, offset)).filter((day) => dayBounds(day).from < to) };
}

async function viewOf(q: Queryable, activity: Activity, memberId: number | null, now: Date): Promise<TaskView> {
  const config = readNewTaskConfig(activity.config);
  const today = beijingDay(now);
  if (memberId === null) return { activity, config, now, today, member: null };
  const registered = await q.query<{ created_at: Date }>('SELECT created_at FROM members WHERE id = $1', [memberId]);
  const window = windowOf(activity, config, registered.rows[0]!.created_at);
  const facts = window ? await taskFacts(q, memberId, { from: window.from, to: new Date(Math.min(window.to.getTime(), now.getTime() + 1)) }) : null;
  const { rows } = await q.query<{ claim_key: string; amount_minor: string | number; detail: Record<string, unknown> }>(
    'SELECT claim_key, amount_minor, detail FROM promo_claims WHERE activity_id = $1 AND member_id = $2',
    [activity.id, memberId],
  );
  const claims = new Map(rows.map((row) => [row.claim_key, { key: row.claim_key, amountMinor: Number(row.amount_minor), detail: row.detail }]));
  return { activity, config, now, today, member: { id: memberId, window, facts, claims, today: await dayFacts(q, memberId, dayBounds(today)) } };
}

const packageSigns = (view: TaskView) => (view.member?.window?.days ?? []).filter((day) => view.member!.claims.has(`package:${day}`));

/** Whether the task's condition is met, with its progress and target. */
function progressOf(view: TaskView, kind: NewTaskKind): { met: boolean; progressMinor: number; targetMinor: number; rewardMinor: number } {
  const facts = view.member?.facts;
  const tasks = view.config.tasks;
  const none = { met: false, progressMinor: 0 };
  switch (kind) {
    case 1: {
      const top = Math.max(...(tasks.new?.prizes ?? []).map((prize) => prize.amountMinor));
      return { met: true, progressMinor: 0, targetMinor: 0, rewardMinor: top };
    }
    case 2: {
      const task = tasks.deposit!;
      return { ...(facts ? { met: facts.depositsMinor >= task.minDepositMinor, progressMinor: facts.depositsMinor } : none), targetMinor: task.minDepositMinor, rewardMinor: task.rewardMinor };
    }
    case 3: {
      const task = tasks.withdrawal!;
      return { ...(facts ? { met: facts.withdrawalsMinor >= task.minWithdrawalMinor && facts.withdrawalsMinor > 0, progressMinor: facts.withdrawalsMinor } : none), targetMinor: task.minWithdrawalMinor, rewardMinor: task.rewardMinor };
    }
    case 4: {
      const task = tasks.gameFirst!;
      return { ...(facts ? { met: facts.largestBetMinor >= Math.max(1, task.minBetMinor), progressMinor: facts.largestBetMinor } : none), targetMinor: task.minBetMinor, rewardMinor: task.rewardMinor };
    }
    case 5: {
      const task = tasks.gamePackage!;
      const signs = packageSigns(view).length;
      return { met: signs >= task.signDays, progressMinor: signs, targetMinor: task.signDays, rewardMinor: task.rewardMinor };
    }
    case 6: {
      const task = tasks.reborn!;
      const met = facts !== null && facts !== undefined && facts.depositsMinor >= Math.max(1, task.minDepositMinor) && facts.turnoverMinor >= facts.depositsMinor
        && facts.withdrawalsMinor === 0 && facts.centreMinor < task.belowMinor;
      return { met, progressMinor: facts?.centreMinor ?? 0, targetMinor: task.belowMinor, rewardMinor: task.rewardMinor };
    }
  }
}

/** The spec's receive status of one task for the view's member. */
function statusOf(view: TaskView, kind: NewTaskKind, met: boolean): NewTaskStatus {
  const status = statusAt(view.activity, view.now);
  if (status === 0) return NEW_TASK_STATUS.notStart;
  const member = view.member;
  if (!member || !member.window) return NEW_TASK_STATUS.not;
  if (member.claims.has(`task:${kind}`)) return NEW_TASK_STATUS.received;
  if (status === 2 || view.now >= member.window.to) return NEW_TASK_STATUS.expired;
  return met ? NEW_TASK_STATUS.canReceive : NEW_TASK_STATUS.pending;
}

export const configuredKinds = (config: NewTaskConfig): NewTaskKind[] =>
  ([1, 2, 3, 4, 5, 6] as const).filter((kind) => config.tasks[TASK_KEYS[kind]] !== undefined);

function packageOf(view: TaskView): NewTaskPackage | null {
  const task = view.config.tasks.gamePackage;
  if (!task) return null;
  const member = view.member;
  const days = member?.window?.days ?? [];
  const signed = packageSigns(view);
  const today = member?.today ?? { depositMinor: 0, betMinor: 0 };
  const signIsOk = member !== null && today.depositMinor >= task.dayDepositMinor && today.betMinor >= task.dayBetMinor;
  const currentDay = days.indexOf(view.today) + 1;
  const status = statusOf(view, 5, signed.length >= task.signDays);
  const daysLeft = currentDay > 0 ? days.length - currentDay + 1 : 0;
  const button = ((): PackageSignButton => {
    if (status === NEW_TASK_STATUS.received) return PACKAGE_SIGN_BUTTON.received;
    if (status === NEW_TASK_STATUS.canReceive) return PACKAGE_SIGN_BUTTON.receive;
    if (status === NEW_TASK_STATUS.expired) return PACKAGE_SIGN_BUTTON.expired;
    if (member?.claims.has(`package:${view.today}`)) return PACKAGE_SIGN_BUTTON.signed;
    if (status !== NEW_TASK_STATUS.pending || signed.length + daysLeft < task.signDays) return PACKAGE_SIGN_BUTTON.notReached;
    return signIsOk ? PACKAGE_SIGN_BUTTON.signNowEnable : PACKAGE_SIGN_BUTTON.signNowDisable;
  })();
  return {
    sumSignCount: task.signDays, signedCount: signed.length, awardMinor: task.rewardMinor, dayDepositMinor: task.dayDepositMinor, dayBetMinor: task.dayBetMinor,
    todayDepositMinor: today.depositMinor, todayBetMinor: today.betMinor,
    signList: days.map((day, index) => ({ day, index: index + 1, signed: signed.includes(day) })),
    currentDay, signButton: button, signIsOk,
  };
}

const scratchRoundKey = (day: string) => `scratch:${day}`;

/** The day's scratch round, committed (seed hash published) on first use. */
async function scratchRound(q: Queryable, activity: Activity, day: string, now: Date) {
  const { from, to } = dayBounds(day);
  const roundKey = scratchRoundKey(day);
  await commitRound(q, { activityId: activity.id, roundKey, opensAt: from, closesAt: to, committedAt: now });
  return { roundKey, closesAt: to, round: (await revealIfClosed(q, activity.id, roundKey, now))! };
}

async function scratchOf(q: Queryable, view: TaskView): Promise<ScratchCard | null> {
  const prizes = view.config.tasks.new?.prizes;
  const member = view.member;
  if (!prizes || !member?.window) return null;
  const claim = member.claims.get('task:1');
  const fair = claim?.detail.fair as { roundKey: string; clientSeed: string; nonce: number; result: number } | undefined;
  if (fair) {
    const round = (await revealIfClosed(q, view.activity.id, fair.roundKey, view.now))!;
    return {
      roundKey: fair.roundKey, seedHash: round.seedHash, serverSeed: round.serverSeed, revealsAt: round.closesAt.toISOString(), clientSeed: fair.clientSeed, nonce: fair.nonce,
      prizes, pickedIndex: fair.result, amountMinor: claim!.amountMinor,
    };
  }
  const open = statusOf(view, 1, true) === NEW_TASK_STATUS.canReceive;
  if (!open) return null;
  const { roundKey, closesAt, round } = await scratchRound(q, view.activity, view.today, view.now);
  return {
    roundKey, seedHash: round.seedHash, serverSeed: null, revealsAt: closesAt.toISOString(), clientSeed: memberClientSeed(view.activity.id, member.id), nonce: 0,
    prizes, pickedIndex: null, amountMinor: null,
  };
}

async function infoOf(q: Queryable, view: TaskView): Promise<NewTaskInfo> {
  const { activity, member } = view;
  const tasks: NewTask[] = configuredKinds(view.config).map((kind) => {
    const progress = progressOf(view, kind);
    return {
      kind, rewardMinor: progress.rewardMinor, status: statusOf(view, kind, progress.met), progressMinor: progress.progressMinor, targetMinor: progress.targetMinor,
      receivedMinor: member?.claims.get(`task:${kind}`)?.amountMinor ?? 0,
    };
  });
  return {
    activity: {
      id: activity.id, title: activity.title, status: statusAt(activity, view.now), startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
      termsText: activity.termsText, termsVersion: activity.termsVersion,
    },
    loggedIn: member !== null,
    taskDays: view.config.taskDays,
    window: member?.window ? { opensAt: member.window.from.toISOString(), closesAt: member.window.to.toISOString() } : null,
    tasks,
    package: packageOf(view),
    scratch: await scratchOf(q, view),
  };
}

/** The task page's state of activity `id` for a member (or a visitor: `memberId` null). */
export async function newTaskInfoOf(db: Database, siteId: number, id: number, memberId: number | null, now: Date): Promise<NewTaskInfo> {
  const activity = await visibleActivity(db, siteId, id, 'new_task');
  return db.transaction(async (tx) => infoOf(tx, await viewOf(tx, activity, memberId, now)));
}

interface ClaimInput { siteId: number; id: number; memberId: number; termsVersion: number; now: Date }

const yuan = (minor: number) => (minor / 100).toFixed(2);
const KIND_WORDS: Record<NewTaskKind, string> = { 1: 'new member', 2: 'deposit', 3: 'withdrawal', 4: 'first game', 5: 'game package', 6: 'reborn' };

/** The refusal of a task that cannot be received now. */
function refusalOf(view: TaskView, kind: NewTaskKind, status: NewTaskStatus): BusinessError {
  const progress = progressOf(view, kind);
  const words = KIND_WORDS[kind];
  if (status === NEW_TASK_STATUS.not) return new BusinessError('newTaskNotNewMember', `the ${words} task is for members registered since the activity started (${view.activity.startsAt.toISOString()})`);
  if (status === NEW_TASK_STATUS.received) return new BusinessError('newTaskReceived', `the ${words} task's reward is already received`);
  if (status === NEW_TASK_STATUS.expired) return new BusinessError('newTaskExpired', `the ${words} task closed at ${view.member!.window!.to.toISOString()}`);
  if (kind === 6) {
    const facts = view.member!.facts!;
    return new BusinessError('newTaskRebornNotLost', `the reborn bonus needs deposits of ${yuan(view.config.tasks.reborn!.minDepositMinor)} played through (valid bets ${yuan(facts.turnoverMinor)} of ${yuan(facts.depositsMinor)} deposited, withdrawals ${yuan(facts.withdrawalsMinor)}) and a balance below ${yuan(progress.targetMinor)} (now ${yuan(progress.progressMinor)})`);
  }
  if (kind === 5) return new BusinessError('newTaskNotDone', `the game package needs ${progress.targetMinor} signed days; ${progress.progressMinor} signed`);
  return new BusinessError('newTaskNotDone', `the ${words} task needs ${yuan(progress.targetMinor)}; reached ${yuan(progress.progressMinor)}`);
}

/**
 * Receives a task's reward (the New task: scratches the card, its amount picked fair). The
 * claim runs the engine's guard under its lock, then pays `task:<kind>` once.
 */
export async function receiveTask(db: Database, input: ClaimInput & { kind: NewTaskKind }): Promise<{ kind: NewTaskKind; amountMinor: number; modal: number; info: NewTaskInfo }> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.id, 'new_task', input.now);
    const config = readNewTaskConfig(activity.config);
    if (!configuredKinds(config).includes(input.kind)) throw new BusinessError('newTaskUnknown', `kind: the activity has no ${KIND_WORDS[input.kind]} task (kind ${input.kind})`);
    const key = `task:${input.kind}`;
    await checkClaim(tx, activity, input.memberId, input.now, { termsVersion: input.termsVersion, claimKey: key, amountMinor: 0 });
    const view = await viewOf(tx, activity, input.memberId, input.now);
    const progress = progressOf(view, input.kind);
    const status = statusOf(view, input.kind, progress.met);
    if (status !== NEW_TASK_STATUS.canReceive) throw refusalOf(view, input.kind, status);
    let amountMinor = progress.rewardMinor;
    let detail: Record<string, unknown> = { kind: input.kind, progressMinor: progress.progressMinor };
    if (input.kind === 1) {
      const prizes = config.tasks.new!.prizes;
      const { roundKey } = await scratchRound(tx, activity, view.today, input.now);
      const drawn = await drawFair(tx, { activityId: activity.id, roundKey, clientSeed: memberClientSeed(activity.id, input.memberId), nonce: 0, rule: { kind: 'pick', weights: prizes.map((prize) => prize.weight) }, now: input.now });
      amountMinor = prizes[drawn.result as number]!.amountMinor;
      detail = { kind: 1, fair: drawn.fair, seedHash: drawn.seedHash };
    }
    // The money caps see the real amount: the guard runs again now it is known (the claim key is still unpaid, the lock held).
    await checkClaim(tx, activity, input.memberId, input.now, { termsVersion: input.termsVersion, claimKey: key, amountMinor });
    const paid = await payReward(tx, { activity, memberId: input.memberId, claimKey: key, amountMinor, wallet: 'centre', detail, termsVersion: input.termsVersion, now: input.now });
    if (!paid.fresh) throw new BusinessError('newTaskReceived', `the ${KIND_WORDS[input.kind]} task's reward is already received`);
    const modal = input.kind === 1 ? scratchModalOf(amountMinor) : NEW_TASK_MODAL.claimed;
    return { kind: input.kind, amountMinor, modal, info: await infoOf(tx, await viewOf(tx, activity, input.memberId, input.now)) };
  });
}

/** Signs today in the game package: today's deposits and valid bets reach the day's amounts, once a day, inside the member's task days. */
export async function signPackage(db: Database, input: ClaimInput): Promise<NewTaskInfo> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.id, 'new_task', input.now);
    const config = readNewTaskConfig(activity.config);
    const task = config.tasks.gamePackage;
    if (!task) throw new BusinessError('newTaskUnknown', 'the activity has no game package (kind 5)');
    const today = beijingDay(input.now);
    const key = `package:${today}`;
    await checkClaim(tx, activity, input.memberId, input.now, { termsVersion: input.termsVersion, claimKey: key, amountMinor: 0 });
    const view = await viewOf(tx, activity, input.memberId, input.now);
    const member = view.member!;
    if (member.claims.has(key)) throw new BusinessError('newTaskPackageSigned', `the package is already signed on ${today}`);
    const status = statusOf(view, 5, false);
    if (status !== NEW_TASK_STATUS.pending && status !== NEW_TASK_STATUS.canReceive) throw refusalOf(view, 5, status);
    if (!member.window!.days.includes(today)) throw new BusinessError('newTaskExpired', `${today} is not one of the member's task days`);
    if (member.today.depositMinor < task.dayDepositMinor || member.today.betMinor < task.dayBetMinor) {
      throw new BusinessError('newTaskPackageNotMet', `a package sign needs deposits of ${yuan(task.dayDepositMinor)} and valid bets of ${yuan(task.dayBetMinor)} today (so far ${yuan(member.today.depositMinor)} and ${yuan(member.today.betMinor)})`);
    }
    await payReward(tx, { activity, memberId: input.memberId, claimKey: key, amountMinor: 0, wallet: 'centre', detail: { kind: 'packageSign', day: today }, termsVersion: input.termsVersion, now: input.now });
    return infoOf(tx, await viewOf(tx, activity, input.memberId, input.now));
  });
}
