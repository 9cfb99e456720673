import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * The operator's activity desk (issue 20; docs/PROMOTIONS.md): create, update, preview,
 * publish, pause, resume, end, list and read activities under /ops/v1/activity/, and the
 * promotion blacklist. An activity's kind-specific rules are its `config` object, checked
 * by the kind's module on create and update (activityInvalid names the problem). Its
 * budget is funded from the house into the activity's own ledger account when created or
 * topped up, and what is left goes back when it ends. Money is integer minor units (fen);
 * times are ISO 8601.
 */

/** The operator's side of an activity's life. */
export const OPS_ACTIVITY_STATES = ['draft', 'published', 'paused', 'ended'] as const;
export type OpsActivityState = (typeof OPS_ACTIVITY_STATES)[number];
/** The shared-identity keys an activity may give one reward per. */
export const OPS_SHARED_IDENTITY_KEYS = ['device', 'phone', 'bankCard', 'paymentAccount'] as const;
/** The largest budget of one activity, minor units (100 million yuan): a typo guard. */
export const OPS_ACTIVITY_BUDGET_MAX = 10_000_000_000;
/** The longest terms text, in characters. */
export const OPS_ACTIVITY_TERMS_MAX = 20_000;

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const siteId = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The brand' });
const time = (description: string) => s.string({ minLength: 1, maxLength: 40, description: `${description}, ISO 8601` });
const minor = (description: string) => s.integer({ minimum: 0, maximum: OPS_ACTIVITY_BUDGET_MAX, description });
const count = (description: string) => s.integer({ minimum: 1, maximum: OPS_ACTIVITY_BUDGET_MAX, description });

/** Who may take part; an absent field is no condition. */
export const OpsEligibility = s.object({
  minDepositMinor: s.optional(minor('Confirmed deposits needed, in the window unless depositsSince is ever')),
  depositsSince: s.optional(s.enum(['window', 'ever'] as const)),
  minTurnoverMinor: s.optional(minor('Valid bets needed from settled bet records in the window')),
  minVipLevel: s.optional(s.integer({ minimum: 0, maximum: 10 })),
  registeredWithinDays: s.optional(s.integer({ minimum: 1, maximum: 3650, description: 'Only members registered at most this many days before the claim' })),
  registeredBeforeStart: s.optional(s.boolean({ description: 'Only members registered before the activity started' })),
  requirePhone: s.optional(s.boolean()),
  requireRealName: s.optional(s.boolean()),
});
export type OpsEligibility = Infer<typeof OpsEligibility>;

/** Caps beside the budget (which is the hard stop). */
export const OpsCaps = s.object({
  perMemberMinor: s.optional(count('The most one member may receive')),
  claimsPerMember: s.optional(count('The most claims one member may make')),
  perCampaignMinor: s.optional(count('The most all members together may receive')),
});
export type OpsCaps = Infer<typeof OpsCaps>;

const fields = {
  title: s.string({ minLength: 1, maxLength: 120, description: 'Plain text, 1 to 120 characters' }),
  category: s.string({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9_-]+$', description: "The list tab, e.g. deposit, daily, vip ('all' when absent)" }),
  sort: s.integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'Lower first on the list' }),
  config: s.record(s.unknown(), { description: "The kind's rules (see the kind's doc); checked by the kind's module" }),
  startsAt: time('When members may take part'),
  endsAt: time('When the activity ends (after startsAt)'),
  termsText: s.string({ maxLength: OPS_ACTIVITY_TERMS_MAX, description: 'Plain text shown on the page; a change bumps the terms version' }),
  eligibility: OpsEligibility,
  caps: OpsCaps,
  oneRewardPer: s.array(s.enum(OPS_SHARED_IDENTITY_KEYS), { maxItems: 4, description: 'One reward per person across accounts sharing any of these' }),
  budgetMinor: minor('The budget funded from the house; an update may only raise it'),
};

/** An activity as the desk sees it: every field, its state and status, and its money so far. */
export const OpsActivity = s.object({
  id: s.integer(),
  siteId: s.integer(),
  kind: s.string(),
  title: s.string(),
  category: s.string(),
  sort: s.integer(),
  config: s.record(s.unknown()),
  state: s.enum(OPS_ACTIVITY_STATES),
  status: s.enum([0, 1, 2] as const, { description: 'Spec section 4 at now: 0 not started, 1 in progress, 2 ended' }),
  startsAt: s.string(),
  endsAt: s.string(),
  termsText: s.string(),
  termsVersion: s.integer({ minimum: 1 }),
  eligibility: OpsEligibility,
  caps: OpsCaps,
  oneRewardPer: s.array(s.enum(OPS_SHARED_IDENTITY_KEYS)),
  budgetMinor: s.integer({ minimum: 0, description: 'Funded in total' }),
  budgetLeftMinor: s.integer({ minimum: 0, description: 'What the budget account holds now' }),
  claims: s.integer({ minimum: 0, description: 'Claims recorded' }),
  members: s.integer({ minimum: 0, description: 'Members with a claim' }),
  paidMinor: s.integer({ minimum: 0, description: 'Paid to members in total' }),
  pagePath: s.string({ description: "The member's page of the activity, e.g. /app/signGift/12" }),
  createdAt: s.string(),
  updatedAt: s.string(),
});
export type OpsActivity = Infer<typeof OpsActivity>;

/** Writes a new activity as a draft and funds its budget from the house; x-idempotency-key: a repeat answers the first draft. */
export const opsActivityCreate = defineCall({
  name: 'opsActivityCreate',
  group: 'operator',
  path: '/ops/v1/activity/create',
  style: 'json',
  auth: 'operator',
  movesMoney: true,
  summary: "Operator: write an activity (a draft; its config checked by the kind's module; its budget funded from the house)",
  request: s.object({
    siteId,
    kind: s.string({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9_]+$', description: 'The activity kind, e.g. sign_in, red_packet_rain, discount (docs/PROMOTIONS.md lists them)' }),
    title: fields.title,
    category: s.optional(fields.category),
    sort: s.optional(fields.sort),
    config: s.optional(fields.config),
    startsAt: fields.startsAt,
    endsAt: fields.endsAt,
    termsText: fields.termsText,
    eligibility: s.optional(fields.eligibility),
    caps: s.optional(fields.caps),
    oneRewardPer: s.optional(fields.oneRewardPer),
    budgetMinor: fields.budgetMinor,
  }),
  response: OpsActivity,
});

/** Changes an activity (not an ended one); a change of its terms bumps the terms version; a higher budget is funded at once. */
export const opsActivityUpdate = defineCall({
  name: 'opsActivityUpdate',
  group: 'operator',
  path: '/ops/v1/activity/update',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: change an activity; a change of config, window, terms, eligibility, caps or abuse rule bumps the terms version',
  request: s.object({
    id: activityId,
    title: s.optional(fields.title),
    category: s.optional(fields.category),
    sort: s.optional(fields.sort),
    config: s.optional(fields.config),
    startsAt: s.optional(fields.startsAt),
    endsAt: s.optional(fields.endsAt),
    termsText: s.optional(fields.termsText),
    eligibility: s.optional(fields.eligibility),
    caps: s.optional(fields.caps),
    oneRewardPer: s.optional(fields.oneRewardPer),
    budgetMinor: s.optional(fields.budgetMinor),
  }),
  response: OpsActivity,
});

const move = (name: string, path: string, summary: string) =>
  defineCall({ name, group: 'operator', path, style: 'json', auth: 'operator', summary, request: s.object({ id: activityId }), response: OpsActivity });

/** Puts a draft (or a paused activity) on the site; publishing again changes nothing. */
export const opsActivityPublish = move('opsActivityPublish', '/ops/v1/activity/publish', 'Operator: publish an activity (members see it from its start); idempotent');
/** Holds a published activity: still listed, every claim refused until resumed; idempotent. */
export const opsActivityPause = move('opsActivityPause', '/ops/v1/activity/pause', 'Operator: pause an activity (claims refused until resumed); idempotent');
/** Takes a paused activity live again; idempotent. */
export const opsActivityResume = move('opsActivityResume', '/ops/v1/activity/resume', 'Operator: resume a paused activity; idempotent');
/** One activity with its money so far. */
export const opsActivityDetail = move('opsActivityDetail', '/ops/v1/activity/detail', 'Operator: one activity of any state with its budget left, claims and money paid');

/** Closes an activity for good and returns what is left of its budget to the house; ending again changes nothing. */
export const opsActivityEnd = defineCall({
  name: 'opsActivityEnd',
  group: 'operator',
  path: '/ops/v1/activity/end',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: end an activity for good; the unspent budget returns to the house; idempotent',
  request: s.object({ id: activityId }),
  response: s.object({ activity: OpsActivity, returnedMinor: s.integer({ minimum: 0, description: 'Returned to the house by this call (0 when it had ended before)' }) }),
});

/** A brand's activities of every state, by sort then newest. */
export const opsActivityList = defineCall({
  name: 'opsActivityList',
  group: 'operator',
  path: '/ops/v1/activity/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: the activities of a brand, any state (or one), by sort then newest',
  request: s.object({ siteId, state: s.optional(s.enum(OPS_ACTIVITY_STATES)), limit: s.optional(s.integer({ minimum: 1, maximum: 200 })) }),
  response: s.object({ list: s.array(OpsActivity) }),
});

/**
 * The spec's preview: how the activity stands for members at `at` (now when absent) without
 * publishing it — its status then, whether members could take part, and the page address
 * with the preview flag (`?preview=1`), which lets the page past the /blackList interception.
 */
export const opsActivityPreview = defineCall({
  name: 'opsActivityPreview',
  group: 'operator',
  path: '/ops/v1/activity/preview',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: preview an activity (any state) at a time: its status then, whether claims would be open, and its page with the preview flag',
  request: s.object({ id: activityId, at: s.optional(time('The moment to preview')) }),
  response: s.object({
    activity: OpsActivity,
    at: s.string(),
    status: s.enum([0, 1, 2] as const, { description: 'The status members would see at `at`' }),
    open: s.boolean({ description: 'Claims would be taken at `at` (published, not paused, inside the window)' }),
    notes: s.array(s.string(), { description: "What would stop members at `at`, e.g. 'a draft: publish it first'" }),
    previewPath: s.string({ description: "The member's page with the preview flag, e.g. /app/signGift/12?preview=1" }),
  }),
});

/** Excludes a member from promotions (activity pages go to /blackList, claims are refused), or lets it back. */
export const opsActivityBlacklist = defineCall({
  name: 'opsActivityBlacklist',
  group: 'operator',
  path: '/ops/v1/activity/blacklist',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: put a member on the promotion blacklist (or take it off); idempotent',
  request: s.object({
    memberId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    blacklisted: s.boolean(),
    reason: s.optional(s.string({ maxLength: 500, description: 'Why, for the record (plain text)' })),
  }),
  response: s.object({ memberId: s.integer(), blacklisted: s.boolean() }),
});

/** Whether the logged-in member may enter activity pages (the site's /blackList rule). */
export const activityAccess = defineCall({
  name: 'activityAccess',
  group: 'activities',
  path: '/activity/v1/access',
  style: 'query',
  auth: 'member',
  summary: 'May this member enter activity pages: false when the operator put it on the promotion blacklist',
  request: s.empty(),
  response: s.object({ blacklisted: s.boolean() }),
});
