import { defineCall } from '../call.js';
import { SAFE_INTEGER_MAX, s, type Infer } from '../schema.js';

/**
 * Responsible play: play sessions, reality checks, the 12-month play history and its
 * 6-monthly review prompt (issue 22, items 3 and 5; docs/RESPONSIBLE-PLAY.md "Sessions,
 * reality checks and history"). Money is integer minor units (fen).
 *
 * A play session is the member's login session: it starts at login and ends at logout
 * (or "stop" on a reality check) or when the token expires; with several devices logged
 * in, the session runs from the earliest live login.
 */

/** The reality-check intervals a member may choose, in minutes; 0 is off. */
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 45, 60, 90, 120] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS)[number];

/** A member's answer to a reality-check prompt. */
export const REALITY_CHECK_CHOICES = ['continue', 'stop', 'history'] as const;
export type RealityCheckChoice = (typeof REALITY_CHECK_CHOICES)[number];

/** The play history review prompt comes back this many months after the last review (or the registration). */
export const PLAY_REVIEW_MONTHS = 6;

const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });
const signedMinor = (description: string) => s.integer({ minimum: -SAFE_INTEGER_MAX, maximum: SAFE_INTEGER_MAX, description });
const minor = (description: string) => s.integer({ minimum: 0, maximum: SAFE_INTEGER_MAX, description });
const interval = s.enum(REALITY_CHECK_INTERVALS, { description: 'Reality-check interval in minutes: 0 (off), 15, 30, 45, 60, 90 or 120' });

/** The member's play session now, as the reality check and the elapsed-time line show it. */
export const PlaySession = s.object({
  serverTime: time('the server read this (the elapsed clock runs on from it)'),
  startedAt: time('the session started (the earliest live login)'),
  elapsedSeconds: s.integer({ minimum: 0, description: 'Session time so far' }),
  stakesMinor: minor('Stakes placed since the session started, every venue (void bets left out)'),
  winsMinor: minor('What those bets paid back'),
  netMinor: signedMinor('Wins minus stakes since the session started (negative: a loss)'),
  intervalMinutes: interval,
  nextPromptAt: s.nullable(time('the next reality check is due (null: reality checks off)')),
  promptDue: s.boolean({ description: 'A reality check is due now and not yet acknowledged' }),
  sessionLimitMinutes: s.nullable(s.integer({ minimum: 1, description: "The member's session-time limit in force (null: none)" })),
  sessionLimitReached: s.boolean({ description: 'The session is longer than the limit: play is refused until the member logs in again' }),
  reviewDue: s.boolean({ description: 'The 6-monthly play history review is due' }),
  reviewDueAt: time('the next play history review is due'),
});
export type PlaySession = Infer<typeof PlaySession>;

/** My play session now: elapsed time, the session's net result, the next reality check, the review prompt. */
export const playSessionNow = defineCall({
  name: 'playSessionNow',
  group: 'member',
  path: '/member/v1/responsible/session',
  style: 'query',
  auth: 'member',
  summary: 'Responsible play: my session now (started, elapsed, net result across venues), the next reality check, the session-time limit and the history review prompt',
  request: s.object({}),
  response: PlaySession,
});

/** Sets my reality-check interval (0 turns them off); the next prompt is one interval from now. */
export const realityCheckSet = defineCall({
  name: 'realityCheckSet',
  group: 'member',
  path: '/member/v1/responsible/reality_check',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: set my reality-check interval in minutes (0 off, 15, 30, 45, 60, 90, 120)',
  request: s.object({ intervalMinutes: interval }),
  response: PlaySession,
});

/** Answers the due reality check: continue, stop (logs out every login of the member) or view history. */
export const realityCheckAcknowledge = defineCall({
  name: 'realityCheckAcknowledge',
  group: 'member',
  path: '/member/v1/responsible/reality_check/ack',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: answer the reality check (continue; stop logs out; history); the answer is recorded with the elapsed time and net result shown (realityCheckNotDue when none is due, except stop)',
  request: s.object({ choice: s.enum(REALITY_CHECK_CHOICES, { description: 'continue, stop (log out) or history' }) }),
  response: s.object({
    choice: s.enum(REALITY_CHECK_CHOICES),
    loggedOut: s.boolean({ description: 'True after stop: every login of the member has ended' }),
    elapsedSeconds: s.integer({ minimum: 0 }),
    netMinor: signedMinor('The net result recorded with the answer'),
    nextPromptAt: s.nullable(time('the next reality check (null after stop or when off)')),
  }),
});

/** One calendar month (Beijing time) of the member's play history. */
export const PlayHistoryMonth = s.object({
  month: s.string({ pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-MM (Beijing time)' }),
  depositsMinor: minor('Completed deposits credited in CNY (a USDT payment on the yuan route at its yuan value)'),
  depositsUsdtMinor: minor('Completed deposits credited in USDT (the USDT route), in USDT minor units (6 decimals)'),
  depositCount: s.integer({ minimum: 0, description: 'Completed deposits, both currencies' }),
  withdrawalsMinor: minor('Withdrawals paid out and completed (CNY)'),
  withdrawalsUsdtMinor: minor('Withdrawals paid out and completed (USDT), in USDT minor units (6 decimals)'),
  withdrawalCount: s.integer({ minimum: 0, description: 'Withdrawal orders with money paid out in the month, both currencies' }),
  betCount: s.integer({ minimum: 0, description: 'Bets placed, every venue (void bets left out)' }),
  stakesMinor: minor('Stakes of those bets'),
  winsMinor: minor('What those bets paid back'),
  netMinor: signedMinor('Wins minus stakes (negative: a loss)'),
});
export type PlayHistoryMonth = Infer<typeof PlayHistoryMonth>;

/** My last 12 months: deposits, withdrawals, bets and net position by month, newest first. */
export const playHistory = defineCall({
  name: 'playHistory',
  group: 'member',
  path: '/member/v1/responsible/history',
  style: 'query',
  auth: 'member',
  summary: 'Responsible play: my last 12 months (this month and the 11 before it) of deposits, withdrawals, bets and net position by month, with totals',
  request: s.object({}),
  response: s.object({
    months: s.array(PlayHistoryMonth, { description: '12 months, newest first; a month without activity is all zeros' }),
    totals: PlayHistoryMonth,
    from: time('the first month starts'),
    to: time('the history was read'),
    reviewDue: s.boolean({ description: 'The 6-monthly review is due' }),
    reviewDueAt: time('the next review is due'),
  }),
});

/** Records that the member reviewed its play history; the next review prompt comes 6 months later. */
export const playReviewAcknowledge = defineCall({
  name: 'playReviewAcknowledge',
  group: 'member',
  path: '/member/v1/responsible/history/reviewed',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: I reviewed my play history (playReviewNotDue before the 6 months are up)',
  request: s.object({}),
  response: s.object({ reviewedAt: time('recorded'), reviewDueAt: time('the next review is due') }),
});
