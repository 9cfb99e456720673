/** Responsible play: time-outs and self-exclusion (issue 22; docs/RESPONSIBLE-PLAY.md). Owned by helper R3. */
import { defineCall } from '../call.js';
import { INT4_MAX, SAFE_INTEGER_MAX, s, type Infer } from '../schema.js';
import { PasswordHash } from './member.js';

/** A time-out lasts 1 to 42 days (24 hours to 6 weeks). */
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
/** The self-exclusion periods offered. */
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
/** After a break ends, play stays closed this long before the member may confirm the return. */
export const EXCLUSION_COOLING_OFF_MS = 24 * 3_600_000;

const kind = s.enum(['timeOut', 'selfExclusion'] as const, { description: 'A time-out (1 to 42 days) or a self-exclusion (6 months, 1 year, 5 years, permanent)' });
const scope = s.enum(['operator', 'brand'] as const, { description: 'operator: every brand of the operator (the default); brand: only the brand it is taken on' });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });

/**
 * Where the member stands: open (play allowed), inForce (the break runs), coolingOff (it
 * ended less than 24 hours ago), confirmationDue (the cooling-off is over; play opens once
 * the member confirms).
 */
export const ExclusionState = s.enum(['open', 'inForce', 'coolingOff', 'confirmationDue'] as const);
export type ExclusionState = Infer<typeof ExclusionState>;

export const ExclusionStatus = s.object({
  state: ExclusionState,
  kind: s.nullable(kind),
  period: s.nullable(s.string({ description: "Days for a time-out ('7d'), or 6m, 1y, 5y, permanent" })),
  scope: s.nullable(scope),
  siteId: s.nullable(s.integer({ minimum: 1, description: 'The brand the break was taken on' })),
  startedAt: s.nullable(time('the break took effect')),
  endsAt: s.nullable(time('the break ends (null while none, or for a permanent self-exclusion)')),
  permanent: s.boolean(),
  coolingOffEndsAt: s.nullable(time('the cooling-off ends (null while the break has no end)')),
  serverTime: time('the server read this'),
});
export type ExclusionStatus = Infer<typeof ExclusionStatus>;

/** The member's break from play (on this brand, and any operator-wide break of the same person on another brand). */
export const exclusionStatus = defineCall({
  name: 'exclusionStatus',
  group: 'responsible',
  path: '/member/v1/responsible/break/status',
  style: 'query',
  auth: 'member',
  summary: 'Responsible play: my time-out or self-exclusion (in force, until when, scope, cooling-off, confirmation due)',
  request: s.empty(),
  response: ExclusionStatus,
});

/**
 * Takes a time-out or self-excludes, effective at once and never lifted early; the login
 * password again confirms it. Open bonuses are forfeited and every venue balance is
 * recycled to the centre wallet (of every account the break covers). x-idempotency-key:
 * a repeat answers the same break.
 */
export const exclusionTake = defineCall({
  name: 'exclusionTake',
  group: 'responsible',
  path: '/member/v1/responsible/break/take',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Responsible play: take a time-out (days 1-42) or self-exclude (6m, 1y, 5y, permanent) on every brand (default) or this one; confirmed with the login password',
  request: s.object({
    kind,
    days: s.optional(s.integer({ minimum: TIME_OUT_DAYS.min, maximum: TIME_OUT_DAYS.max, description: 'A time-out\'s length in days (time-outs only)' })),
    period: s.optional(s.enum(SELF_EXCLUSION_PERIODS, { description: 'A self-exclusion\'s period (self-exclusions only)' })),
    scope: s.optional(scope),
    password: PasswordHash,
  }),
  response: s.object({
    status: ExclusionStatus,
    accountsCovered: s.integer({ minimum: 1, description: "The member's accounts the break covers (this one and, operator-wide, the same person's on other brands)" }),
    bonusesForfeited: s.integer({ minimum: 0 }),
    recycledMinor: s.integer({ minimum: 0, maximum: SAFE_INTEGER_MAX, description: 'Venue money recycled into the centre wallets, minor units' }),
    venuesPending: s.integer({ minimum: 0, description: 'Venue transfers still waiting for the venue (they complete by themselves)' }),
  }),
});

/** Confirms the return to play once the 24-hour cooling-off after the break is over. */
export const exclusionConfirmReturn = defineCall({
  name: 'exclusionConfirmReturn',
  group: 'responsible',
  path: '/member/v1/responsible/break/confirm_return',
  style: 'json',
  auth: 'member',
  summary: 'Responsible play: confirm the return to play after the cooling-off (refused before it is over)',
  request: s.empty(),
  response: ExclusionStatus,
});

export const OpsExclusion = s.object({
  id: s.integer({ minimum: 1 }),
  memberId: s.integer({ minimum: 1 }),
  memberName: s.string(),
  siteId: s.integer({ minimum: 1 }),
  kind,
  period: s.string(),
  scope,
  startedAt: time('it took effect'),
  endsAt: s.nullable(time('it ends (null: permanent)')),
  returnedAt: s.nullable(time('the member confirmed the return')),
  state: ExclusionState,
});
export type OpsExclusion = Infer<typeof OpsExclusion>;

/** The operator's read of breaks from play, newest first (read only: nobody lifts a break early). */
export const opsExclusionList = defineCall({
  name: 'opsExclusionList',
  group: 'operator',
  path: '/ops/v1/responsible/breaks',
  style: 'json',
  auth: 'operator',
  summary: "Operator: members' time-outs and self-exclusions (a brand's, or one member's); read only",
  request: s.object({
    siteId: s.optional(s.integer({ minimum: 1, maximum: INT4_MAX })),
    memberName: s.optional(s.string({ minLength: 1, maxLength: 64 })),
    limit: s.optional(s.integer({ minimum: 1, maximum: 500 })),
  }),
  response: s.object({ list: s.array(OpsExclusion) }),
});
