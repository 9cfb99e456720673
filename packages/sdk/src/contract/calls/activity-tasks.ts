import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * New-member tasks and the scratch card (issue 20; spec sections 3 "New-member task config",
 * 4 "New-member task kinds", receive statuses, "Package sign button", "New-task modal types",
 * 7 "novice gifts (deposit, withdrawal, resurrection, game first, package)";
 * docs/SIGN-IN-AND-TASKS.md). Money on the wire is integer minor units (fen).
 */

/** The spec's new-member task kinds (section 4). */
export const NEW_TASK_KIND = { new: 1, deposit: 2, withdrawal: 3, gameFirst: 4, gamePackage: 5, reborn: 6 } as const;
export type NewTaskKind = (typeof NEW_TASK_KIND)[keyof typeof NEW_TASK_KIND];
export const NEW_TASK_KINDS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The receive status of a task (section 4, "Deposit, withdrawal and reborn bonus status";
 * GameFirst uses the same numbers with 1 meaning BetNow, the package with 1 meaning Pending).
 * 7 Applied, 8 Passed and 9 Reject belong to a reviewed claim; lobby pays at once, so they
 * are never answered (docs/SIGN-IN-AND-TASKS.md).
 */
export const NEW_TASK_STATUS = { not: 0, pending: 1, canReceive: 2, received: 3, expired: 4, notStart: 5, applied: 7, passed: 8, reject: 9 } as const;
export type NewTaskStatus = (typeof NEW_TASK_STATUS)[keyof typeof NEW_TASK_STATUS];

/** The package sign button (section 4). */
export const PACKAGE_SIGN_BUTTON = { signNowDisable: 0, signNowEnable: 1, receive: 2, received: 3, notReached: 4, expired: 5, signed: 6 } as const;
export type PackageSignButton = (typeof PACKAGE_SIGN_BUTTON)[keyof typeof PACKAGE_SIGN_BUTTON];

/** The new-task modal types (section 4). */
export const NEW_TASK_MODAL = { scratchNone: 0, scratchWon: 1, transferSuccess: 2, scratchEmpty: 3, transferCode800: 4, claimed: 5, reliveFailure: 6, transferFailure: 8 } as const;
export type NewTaskModal = (typeof NEW_TASK_MODAL)[keyof typeof NEW_TASK_MODAL];

/**
 * The modal a scratch card's amount opens (section 4): above 0 gives modal 1, equal to 0
 * gives modal 3, below 0 gives modal 0.
 *
 * @example scratchModalOf(588) // 1
 */
export function scratchModalOf(amountMinor: number): NewTaskModal {
  if (amountMinor > 0) return NEW_TASK_MODAL.scratchWon;
  if (amountMinor === 0) return NEW_TASK_MODAL.scratchEmpty;
  return NEW_TASK_MODAL.scratchNone;
}

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The new-member task activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version the member was shown beside the button' });
const minor = (description: string) => s.integer({ minimum: 0, description });
const taskKind = s.enum(NEW_TASK_KINDS, { description: 'New 1, Deposit 2, Withdrawal 3, GameFirst 4, GamePackage 5, Reborn 6' });

/** One task card. */
export const NewTask = s.object({
  kind: taskKind,
  rewardMinor: minor('The reward; for the New task (the scratch card) the largest prize'),
  status: s.enum([0, 1, 2, 3, 4, 5, 7, 8, 9] as const, { description: 'Receive status of spec section 4' }),
  progressMinor: minor('What the member reached toward the target (deposits, withdrawals, bet stake, balance for reborn)'),
  targetMinor: minor('What the task needs (for reborn: the balance must be below it)'),
  receivedMinor: minor('Paid, once received'),
});
export type NewTask = Infer<typeof NewTask>;

/** The game package (kind 5): sign on days whose deposits and bets reach the day's amounts. */
export const NewTaskPackage = s.object({
  sumSignCount: s.integer({ minimum: 1, description: 'Signed days needed for the award' }),
  signedCount: s.integer({ minimum: 0 }),
  awardMinor: minor('The award'),
  dayDepositMinor: minor('Confirmed deposits a day needs before its sign'),
  dayBetMinor: minor('Valid bets a day needs before its sign'),
  todayDepositMinor: minor("The member's confirmed deposits today"),
  todayBetMinor: minor("The member's valid bets today"),
  signList: s.array(s.object({ day: s.string(), index: s.integer({ minimum: 1 }), signed: s.boolean() })),
  currentDay: s.integer({ minimum: 0, description: "Today's place in the member's task days, from 1; 0 outside them" }),
  signButton: s.enum([0, 1, 2, 3, 4, 5, 6] as const, { description: '0 SignNowDisable, 1 SignNowEnable, 2 Receive, 3 Received, 4 NotReached, 5 Expired, 6 Signed' }),
  signIsOk: s.boolean({ description: "Today's deposits and bets reach the day's amounts" }),
});
export type NewTaskPackage = Infer<typeof NewTaskPackage>;

/**
 * The scratch card: its amount is the prize picked by weight (the fairness rule `pick`) from
 * HMAC-SHA256(server seed of the day's round, `${clientSeed}:${nonce}`). The round of the
 * Beijing day is committed (its seed hash shown) before the card is scratched and its seed
 * revealed once the day has closed, so the member recomputes the pick (verifyFairRecord).
 */
export const ScratchCard = s.object({
  roundKey: s.string({ description: "The day's round, e.g. scratch:2026-11-26" }),
  seedHash: s.string({ description: 'SHA-256 (hex) of the round seed, shown before scratching' }),
  serverSeed: s.nullable(s.string({ description: 'Revealed once the round (the Beijing day) has closed' })),
  revealsAt: s.string({ description: 'ISO 8601: when the round closes and its seed is revealed' }),
  clientSeed: s.string(),
  nonce: s.integer({ minimum: 0 }),
  prizes: s.array(s.object({ amountMinor: minor('A prize'), weight: s.integer({ minimum: 1 }) })),
  pickedIndex: s.nullable(s.integer({ minimum: 0, description: 'The prize picked; null before scratching' })),
  amountMinor: s.nullable(s.integer({ minimum: 0, description: 'The amount scratched; null before' })),
});
export type ScratchCard = Infer<typeof ScratchCard>;

/** The member's tasks as the page shows them (a visitor sees the cards without progress). */
export const NewTaskInfo = s.object({
  activity: s.object({
    id: s.integer(),
    title: s.string(),
    status: s.enum([0, 1, 2] as const, { description: 'Activity status: 0 NotStart, 1 Pending, 2 End' }),
    startsAt: s.string(),
    endsAt: s.string(),
    termsText: s.string(),
    termsVersion: s.integer({ minimum: 1 }),
  }),
  loggedIn: s.boolean(),
  taskDays: s.integer({ minimum: 1, description: 'Days from registration the tasks stay open' }),
  window: s.nullable(s.object({ opensAt: s.string(), closesAt: s.string() }, { description: "The member's task days; null for a visitor or a member registered before the activity" })),
  tasks: s.array(NewTask),
  package: s.nullable(NewTaskPackage),
  scratch: s.nullable(ScratchCard),
});
export type NewTaskInfo = Infer<typeof NewTaskInfo>;

/** The new-member task page: each task's status and progress, the package's signs, the scratch card. */
export const newTaskInfo = defineCall({
  name: 'newTaskInfo',
  group: 'promotion',
  path: '/activity/v1/new_task/info',
  style: 'query',
  auth: 'optional',
  summary: "New-member tasks: each task's status from the member's real deposits, withdrawals and bets, the game package and the scratch card",
  request: s.object({ id: activityId }),
  response: NewTaskInfo,
});

/** Receives a completed task's reward into the centre wallet (x-idempotency-key); the New task scratches the card. */
export const newTaskReceive = defineCall({
  name: 'newTaskReceive',
  group: 'promotion',
  path: '/activity/v1/new_task/receive',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: "Novice gifts: receive a task's reward (deposit, withdrawal, resurrection, game first, package); New scratches the card",
  request: s.object({ id: activityId, kind: taskKind, termsVersion }),
  response: s.object({
    kind: taskKind,
    amountMinor: minor('Paid'),
    modal: s.integer({ minimum: 0, maximum: 8, description: 'The new-task modal to open: 1 or 3 after a scratch, 5 after another reward' }),
    info: NewTaskInfo,
  }),
});

/** Signs today in the game package when today's deposits and bets reach the day's amounts. */
export const newTaskPackageSign = defineCall({
  name: 'newTaskPackageSign',
  group: 'promotion',
  path: '/activity/v1/new_task/package_sign',
  style: 'json',
  auth: 'member',
  summary: "Novice gifts: the game package's sign for today",
  request: s.object({ id: activityId, termsVersion }),
  response: NewTaskInfo,
});
