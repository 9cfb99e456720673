import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * Daily sign-in (issue 20; spec sections 3 "Sign-in activity", 4 "Sign status", 7 "sign
 * gift, daily sign (sign, retroactive, receive award, history)", 9 "Sign cycle default";
 * docs/SIGN-IN-AND-TASKS.md). Days are Beijing calendar days (UTC+8). Money on the wire is
 * integer minor units (fen), named `...Minor`.
 */

/** The spec's sign cycle default (section 9): 7 days. */
export const SIGN_CYCLE_DAYS_DEFAULT = 7;

/** The spec's sign status of a day (section 4). */
export const SIGN_STATUS = { notStart: 0, pending: 1, canSign: 2, complete: 3, notSign: 4, notReached: 5, forgot: 6 } as const;
export type SignStatus = (typeof SIGN_STATUS)[keyof typeof SIGN_STATUS];

/** The sign-in button and award status: 0 not available, 1 available, 2 claimed (spec section 4: "Sign-in button status 2 means claimed"). */
export const SIGN_BUTTON = { unavailable: 0, available: 1, claimed: 2 } as const;
export type SignButton = (typeof SIGN_BUTTON)[keyof typeof SIGN_BUTTON];

/** What a sign-in log line records. */
export const SIGN_LOG_KINDS = ['sign', 'retroactive', 'cumulative', 'lastCycle'] as const;
export type SignLogKind = (typeof SIGN_LOG_KINDS)[number];

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The sign-in activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version the member was shown beside the button' });
const day = s.string({ minLength: 10, maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Beijing calendar day (UTC+8), YYYY-MM-DD' });
const minor = (description: string) => s.integer({ minimum: 0, description });
const button = s.enum([0, 1, 2] as const, { description: '0 not available, 1 available, 2 claimed' });

/** One day of the current cycle as the calendar shows it. */
export const SignDay = s.object({
  day,
  index: s.integer({ minimum: 1, description: "The day's place in the cycle, from 1" }),
  status: s.enum([0, 1, 2, 3, 4, 5, 6] as const, { description: 'Sign status: 0 NotStart, 1 Pending, 2 CanSign, 3 Complete, 4 NotSign, 5 NotReached, 6 Forgot' }),
  rewardMinor: minor("The day's reward"),
  retroactive: s.boolean({ description: 'Signed afterwards by a retroactive sign' }),
});
export type SignDay = Infer<typeof SignDay>;

/** A cumulative reward of the cycle: paid once the cycle holds `days` signed days. */
export const SignCumulative = s.object({
  days: s.integer({ minimum: 1 }),
  rewardMinor: minor('The reward'),
  status: button,
});
export type SignCumulative = Infer<typeof SignCumulative>;

/** The activity's sign-in state as the page shows it (a visitor sees the calendar without own signs). */
export const SignInInfo = s.object({
  activity: s.object({
    id: s.integer(),
    title: s.string(),
    status: s.enum([0, 1, 2] as const, { description: 'Activity status: 0 NotStart, 1 Pending, 2 End' }),
    startsAt: s.string({ description: 'ISO 8601' }),
    endsAt: s.string({ description: 'ISO 8601' }),
    termsText: s.string({ description: 'Plain text' }),
    termsVersion: s.integer({ minimum: 1 }),
  }),
  today: day,
  cycleDays: s.integer({ minimum: 1, description: 'Activity days of one cycle' }),
  cycleIndex: s.integer({ minimum: 0, description: 'The current cycle, from 0 (cycles run back to back from the first day of the activity)' }),
  awardWay: s.enum(['receive', 'auto'] as const, { description: 'receive: the member takes cumulative rewards with a button; auto: paid with the sign that reaches them' }),
  days: s.array(SignDay),
  signs: s.integer({ minimum: 0, description: 'Signed days of the current cycle' }),
  signFlag: s.boolean({ description: 'Today is signed' }),
  taskStatus: button,
  signRule: s.object({ dayDepositMinor: minor("Confirmed deposits needed today before signing (0: none)"), dayTurnoverMinor: minor('Valid bets needed today before signing (0: none)') }),
  todayFacts: s.object({ depositMinor: minor("The member's confirmed deposits today"), turnoverMinor: minor("The member's valid bets today") }),
  retroactive: s.object({
    perCycle: s.integer({ minimum: 0 }),
    left: s.integer({ minimum: 0, description: 'Retroactive signs left in this cycle' }),
    depositMinor: minor('Confirmed deposits needed on the day of a retroactive sign (0: none)'),
  }),
  cumulative: s.array(SignCumulative),
  lastCycle: s.object({
    signs: s.integer({ minimum: 0, description: 'Signed days of the previous cycle' }),
    bonusMinor: minor('Paid in this cycle when the previous cycle was signed on every day'),
    status: button,
  }),
  loggedIn: s.boolean(),
});
export type SignInInfo = Infer<typeof SignInInfo>;

/** The sign-in page: the cycle's calendar, rewards, retroactive signs left and the button states. */
export const signInInfo = defineCall({
  name: 'signInInfo',
  group: 'promotion',
  path: '/activity/v1/sign_in/info',
  style: 'query',
  auth: 'optional',
  summary: "Sign gift: a sign-in activity's current cycle, each day's sign status and reward, cumulative and last-cycle rewards",
  request: s.object({ id: activityId }),
  response: SignInInfo,
});

/** What a sign, retroactive sign or award paid. */
export const SignPaid = s.object({
  kind: s.enum(SIGN_LOG_KINDS),
  day: s.string({ description: "The day signed; '' for an award" }),
  amountMinor: minor('Paid into the centre wallet'),
  alsoPaidMinor: minor('Cumulative rewards paid with this sign (award way auto)'),
  info: SignInInfo,
});
export type SignPaid = Infer<typeof SignPaid>;

/** Signs today (x-idempotency-key): pays the day's reward into the centre wallet, once a day. */
export const signInSign = defineCall({
  name: 'signInSign',
  group: 'promotion',
  path: '/activity/v1/sign_in/sign',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: "Daily sign: sign today and receive the day's reward",
  request: s.object({ id: activityId, termsVersion }),
  response: SignPaid,
});

/** Signs a missed day of the current cycle afterwards (x-idempotency-key), within the cycle's retroactive count. */
export const signInRetroactive = defineCall({
  name: 'signInRetroactive',
  group: 'promotion',
  path: '/activity/v1/sign_in/retroactive',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Daily sign: retroactive sign of a missed day of the current cycle',
  request: s.object({ id: activityId, day, termsVersion }),
  response: SignPaid,
});

/** Receives a cumulative reward of the current cycle, or the last-cycle bonus (x-idempotency-key). */
export const signInReceiveAward = defineCall({
  name: 'signInReceiveAward',
  group: 'promotion',
  path: '/activity/v1/sign_in/receive_award',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Daily sign: receive a cumulative reward (days) or the last-cycle bonus',
  request: s.object({
    id: activityId,
    award: s.enum(['cumulative', 'lastCycle'] as const),
    days: s.optional(s.integer({ minimum: 1, maximum: 366, description: 'The cumulative reward, by its signed days (award cumulative)' })),
    termsVersion,
  }),
  response: SignPaid,
});

/** One line of the member's sign-in log. */
export const SignLog = s.object({
  kind: s.enum(SIGN_LOG_KINDS),
  day: s.string({ description: "The day signed, or '' for an award" }),
  cycleIndex: s.integer({ minimum: 0 }),
  amountMinor: minor('Paid'),
  createdAt: s.string({ description: 'ISO 8601' }),
});
export type SignLog = Infer<typeof SignLog>;

/** The member's sign-in history of an activity, newest first. */
export const signInHistory = defineCall({
  name: 'signInHistory',
  group: 'promotion',
  path: '/activity/v1/sign_in/history',
  style: 'query',
  auth: 'member',
  summary: "Daily sign: the member's signs and awards, newest first, paged",
  request: s.object({
    id: activityId,
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    pageSize: s.optional(s.integer({ minimum: 1, maximum: 50 })),
  }),
  response: s.object({ list: s.array(SignLog), total: s.integer({ minimum: 0 }) }),
});
