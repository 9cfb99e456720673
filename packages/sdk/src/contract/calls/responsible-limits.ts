import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * Responsible play: limits (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"). Owned by helper R1.
 * Deposit, net loss, wager and maximum single stake per 24 hours ('day'), 7 days ('week') and
 * 1 month ('month'), rolling; and a session-time limit (kind 'session', period 'session', in
 * minutes). Money is integer fen. A decrease or a new limit applies at once; an increase or a
 * removal is pending for 24 hours and then applies only when the member confirms it.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'stake', 'session'] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** The largest money limit (10 billion yuan in fen) and session limit (24 hours in minutes). */
export const LIMIT_MONEY_MAX = 1_000_000_000_000;
export const LIMIT_SESSION_MINUTES_MAX = 1440;
/** How long an increase or removal waits before the member may confirm it. */
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;

const kind = s.enum(LIMIT_KINDS, { description: 'deposit, loss (net loss), wager (stakes), stake (maximum single stake), session (session time, minutes)' });
const period = s.enum(LIMIT_PERIODS, { description: "day (24 hours), week (7 days), month (1 month), rolling; 'session' only with kind session" });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });
const value = (description: string) => s.integer({ minimum: 1, maximum: LIMIT_MONEY_MAX, description });
const minor = (description: string) => s.integer({ description });

/** One limit in force, with what its window used. */
export const PlayLimit = s.object({
  kind,
  period,
  value: value('Fen; minutes for kind session'),
  setAt: time('the limit took its value'),
  usedMinor: s.nullable(minor("What the window used (net loss may be negative); null for stake and session")),
  leftMinor: s.nullable(minor('What is left before the limit (0 when reached); null for stake and session')),
  resetsAt: s.nullable(time('the oldest counted entry leaves the window (null when nothing counts, or for stake and session)')),
});
export type PlayLimit = Infer<typeof PlayLimit>;

/** An increase or removal waiting for its 24 hours and the member's confirmation. */
export const PlayLimitChange = s.object({
  id: s.integer({ minimum: 1 }),
  kind,
  period,
  fromValue: s.nullable(s.integer({ minimum: 1 })),
  toValue: s.nullable(s.integer({ minimum: 1, description: 'null: the limit is removed' })),
  requestedAt: time('the member asked'),
  effectiveAt: time('the member may confirm it from then (24 hours after asking)'),
  due: s.boolean({ description: 'effectiveAt has passed: the member may confirm now' }),
});
export type PlayLimitChange = Infer<typeof PlayLimitChange>;

/** One rolling window of the member's play. */
export const PlayWindow = s.object({
  period: s.enum(['day', 'week', 'month'] as const),
  from: time("the window's start"),
  depositMinor: minor('Deposits counted (orders from creation unless closed or expired)'),
  lossMinor: minor('Net loss: money put into play minus money back (negative when ahead)'),
  wagerMinor: minor('Stakes: seamless bets and transfers into venues'),
  depositResetsAt: s.nullable(time('the oldest counted deposit leaves the window')),
  lossResetsAt: s.nullable(time('the oldest money put into play leaves the window')),
  wagerResetsAt: s.nullable(time('the oldest counted stake leaves the window')),
});
export type PlayWindow = Infer<typeof PlayWindow>;

export const PlayLimitsView = s.object({
  serverTime: time('the server clock when answered'),
  limits: s.array(PlayLimit),
  pending: s.array(PlayLimitChange),
  windows: s.array(PlayWindow),
});
export type PlayLimitsView = Infer<typeof PlayLimitsView>;

/** One entry of the audit trail: who changed which limit, when, from what to what. */
export const PlayLimitAuditEntry = s.object({
  id: s.integer({ minimum: 1 }),
  kind,
  period,
  action: s.enum(['set', 'requested', 'confirmed', 'cancelled', 'lowered'] as const),
  actor: s.enum(['member', 'operator', 'system'] as const),
  fromValue: s.nullable(s.integer({ minimum: 1, description: 'null: no limit' })),
  toValue: s.nullable(s.integer({ minimum: 1, description: 'null: no limit' })),
  at: time('the change'),
});
export type PlayLimitAuditEntry = Infer<typeof PlayLimitAuditEntry>;

/** The member's limits, pending changes and windows. */
export const playLimits = defineCall({
  name: 'playLimits',
  group: 'member',
  path: '/member/v1/responsible/limits',
  style: 'query',
  auth: 'member',
  summary: "Responsible play: the member's limits, what each window used and when it resets, and pending increases or removals",
  request: s.empty(),
  response: PlayLimitsView,
});

/** Sets, raises, lowers or removes (value null) one limit. */
export const playLimitSet = defineCall({
  name: 'playLimitSet',
  group: 'member',
  path: '/member/v1/responsible/limits/set',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: a new limit or a decrease applies at once; an increase or removal waits 24 hours, then needs confirming (limitInvalid for a bad kind, period or value)',
  request: s.object({ kind, period, value: s.nullable(value('Fen (minutes for session); null removes the limit')) }),
  response: s.object({
    outcome: s.enum(['applied', 'pending', 'unchanged'] as const, { description: 'applied at once, pending 24 hours and confirmation, or unchanged (the same value; an open change of it is cancelled)' }),
    change: s.nullable(PlayLimitChange),
    view: PlayLimitsView,
  }),
});

/** Confirms a pending increase or removal once its 24 hours passed. */
export const playLimitConfirm = defineCall({
  name: 'playLimitConfirm',
  group: 'member',
  path: '/member/v1/responsible/limits/confirm',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: confirm a pending increase or removal (limitChangeNotDue before its time, limitChangeNotFound when not pending)',
  request: s.object({ changeId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  response: PlayLimitsView,
});

/** Withdraws a pending increase or removal; the limit stays as it is. */
export const playLimitCancel = defineCall({
  name: 'playLimitCancel',
  group: 'member',
  path: '/member/v1/responsible/limits/cancel',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: cancel a pending increase or removal (limitChangeNotFound when not pending)',
  request: s.object({ changeId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  response: PlayLimitsView,
});

/** The member's audit trail of limit changes, newest first. */
export const playLimitAudit = defineCall({
  name: 'playLimitAudit',
  group: 'member',
  path: '/member/v1/responsible/limits/audit',
  style: 'query',
  auth: 'member',
  summary: "Responsible play: every change of the member's limits (who: member, operator or system; when; from and to), newest first, at most 200",
  request: s.empty(),
  response: s.object({ entries: s.array(PlayLimitAuditEntry) }),
});

/** Operator: lowers (or sets, where none stands) a member's limit; raising or removing is refused. */
export const opsPlayLimitLower = defineCall({
  name: 'opsPlayLimitLower',
  group: 'operator',
  path: '/ops/v1/responsible/limits/lower',
  style: 'json',
  auth: 'operator',
  summary: "Operator: lower a member's limit at once, or set one where none stands (limitOnlyLower for a value not below the current one)",
  request: s.object({ memberId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), kind, period, value: value('Fen; minutes for session') }),
  response: s.object({
    memberId: s.integer({ minimum: 1 }),
    kind,
    period,
    fromValue: s.nullable(s.integer({ minimum: 1 })),
    value: s.integer({ minimum: 1 }),
  }),
});

/** Operator: reads a member's limits, pending changes, windows and audit trail (before lowering one). */
export const opsPlayLimits = defineCall({
  name: 'opsPlayLimits',
  group: 'operator',
  path: '/ops/v1/responsible/limits',
  style: 'json',
  auth: 'operator',
  summary: "Operator: a member's limits with their windows, pending changes and the audit trail, read only (limitMemberUnknown for no such member)",
  request: s.object({ memberId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  response: s.object({ memberId: s.integer({ minimum: 1 }), view: PlayLimitsView, audit: s.array(PlayLimitAuditEntry) }),
});
