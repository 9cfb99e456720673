import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * The member's side of the promotion engine (issue 20; docs/ACTIVITY-PAGES.md, spec section 7
 * "Activities": activity banners, entry check/insert/list, check activity, operation activity
 * list, content form): the brand's activity list by category, one activity's detail, the
 * banners, the entry check (may I take part now, and if not, why), joining an activity that
 * needs joining, and the two kinds run here: 'display' (pureDisplay, terms and pictures only)
 * and 'discount' (preferentialActivity / discountDetails, an apply-for offer paid at once).
 * Money is integer minor units (fen); times are ISO 8601.
 */

/** Spec section 4, "Activity status": 0 NotStart, 1 Pending (in progress), 2 End. */
export const ACTIVITY_STATUS_CODES = [0, 1, 2] as const;
export type ActivityStatusCode = (typeof ACTIVITY_STATUS_CODES)[number];
/** An ended activity stays on the list this many days after it closed, so members see how it ended (our choice). */
export const ACTIVITY_LIST_ENDED_DAYS = 7;
/** The list tab of every activity whatever its category. */
export const ACTIVITY_CATEGORY_ALL = 'all';
/** A discount's repeat rule: once per member, or once per member each Beijing day. */
export const DISCOUNT_REPEATS = ['once', 'daily'] as const;
export type DiscountRepeat = (typeof DISCOUNT_REPEATS)[number];
/** The wallets a reward lands in: the member's own centre money, or bonus money under wagering. */
export const ACTIVITY_REWARD_WALLETS = ['centre', 'bonus'] as const;
export type ActivityRewardWallet = (typeof ACTIVITY_REWARD_WALLETS)[number];
/** The most fields an activity's content form has, and the longest answer (our choice). */
export const ACTIVITY_FORM_FIELDS_MAX = 8;
export const ACTIVITY_FORM_ANSWER_MAX = 200;

/**
 * The member's page of each activity kind (spec section 2, "Activity routes"), for the site's
 * links and the operator desk's page path. The spin wheel has no route of its own in the
 * spec: it is a draw, so it opens on the draw-gift page; the gift exchanges open on the
 * present page (docs/ACTIVITY-PAGES.md).
 */
export const ACTIVITY_PAGE_PATHS: Readonly<Record<string, (id: number) => string>> = {
  display: (id) => `/app/pureDisplay/${id}`,
  discount: (id) => `/app/discountDetails/${id}`,
  sign_in: (id) => `/app/signGift/${id}`,
  draw_gift: (id) => `/app/drawGift/${id}`,
  raffle: (id) => `/app/raffle?id=${id}`,
  spin_wheel: (id) => `/app/drawGift/${id}`,
  red_packet_rain: (id) => `/app/redPackRain/${id}`,
  new_task: (id) => `/app/newTask/${id}`,
  deposit_first: (id) => `/app/deposit-first/${id}`,
  deposit_again: (id) => `/app/deposit-again/${id}`,
  month_money: (id) => `/app/month-money/${id}`,
  race: (id) => `/app/race-page/${id}`,
  breakout: (id) => `/app/breakout/${id}`,
  present: (id) => `/app/present/${id}`,
  luxury_gift: (id) => `/app/present/${id}`,
  super_gift: (id) => `/app/present/${id}`,
  promo_v2: (id) => `/app/present/${id}`,
  happy_send: (id) => `/app/present/${id}`,
  top_gift: (id) => `/app/present/${id}`,
  invite_friend: () => '/app/friendInvitation',
  football_guess: (id) => `/app/world-cup-guess/${id}`,
  carnival: (id) => `/app/euro-cup/${id}`,
  football_shot: (id) => `/app/football-shot/${id}`,
};

/**
 * The member's page of an activity; the plain display page (its terms) for a kind not in
 * ACTIVITY_PAGE_PATHS.
 *
 * @example activityPagePath('sign_in', 7) // '/app/signGift/7'
 */
export function activityPagePath(kind: string, id: number): string {
  return (Object.hasOwn(ACTIVITY_PAGE_PATHS, kind) ? ACTIVITY_PAGE_PATHS[kind]! : ACTIVITY_PAGE_PATHS.display!)(id);
}

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version the member was shown beside the button' });
const category = s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', description: `A list category, e.g. deposit, daily, vip; '${ACTIVITY_CATEGORY_ALL}' or absent for every one` });
const status = s.enum(ACTIVITY_STATUS_CODES, { description: '0 not started, 1 in progress, 2 ended (spec section 4)' });

const summaryProps = {
  id: s.integer(),
  kind: s.string({ description: "The activity kind, e.g. 'sign_in', 'discount'; the site maps it to the kind's page" }),
  title: s.string({ description: 'Plain text' }),
  category: s.string(),
  status,
  paused: s.boolean({ description: 'The operator holds it: shown, but nobody can take part until resumed' }),
  startsAt: s.string({ description: 'ISO 8601' }),
  endsAt: s.string({ description: 'ISO 8601' }),
  termsVersion: s.integer({ minimum: 1 }),
  bannerUrl: s.string({ description: "Same-origin path or data:image URL from the activity's config; '' for none" }),
};
/** An activity as the list shows it. */
export const ActivitySummary = s.object(summaryProps);
export type ActivitySummary = Infer<typeof ActivitySummary>;

/** One field of an activity's content form (what the member types when applying). */
export const ActivityFormField = s.object({
  name: s.string({ description: 'The answer key, [a-z0-9_], 1 to 32 characters' }),
  label: s.string({ description: 'Plain text shown beside the field' }),
  required: s.boolean(),
  maxLength: s.integer({ minimum: 1, maximum: ACTIVITY_FORM_ANSWER_MAX }),
});
export type ActivityFormField = Infer<typeof ActivityFormField>;

/** A reward the member received from the activity (or a zero-amount record: a join, a sign). */
export const ActivityClaim = s.object({
  claimKey: s.string(),
  amountMinor: s.integer({ minimum: 0 }),
  wallet: s.enum(ACTIVITY_REWARD_WALLETS),
  termsVersion: s.integer({ minimum: 1 }),
  createdAt: s.string({ description: 'ISO 8601' }),
});
export type ActivityClaim = Infer<typeof ActivityClaim>;

/** Who may take part, as the activity's terms set it; an absent field is no condition. */
export const ActivityConditions = s.object({
  minDepositMinor: s.optional(s.integer({ minimum: 0 })),
  depositsSince: s.optional(s.enum(['window', 'ever'] as const)),
  minTurnoverMinor: s.optional(s.integer({ minimum: 0 })),
  minVipLevel: s.optional(s.integer({ minimum: 0 })),
  registeredWithinDays: s.optional(s.integer({ minimum: 0 })),
  registeredBeforeStart: s.optional(s.boolean()),
  requirePhone: s.optional(s.boolean()),
  requireRealName: s.optional(s.boolean()),
  perMemberMinor: s.optional(s.integer({ minimum: 0, description: 'The most one member may receive' })),
  claimsPerMember: s.optional(s.integer({ minimum: 0, description: 'The most claims one member may make' })),
  oneRewardPer: s.array(s.string(), { description: "One reward per person across accounts sharing these: 'device', 'phone', 'bankCard', 'paymentAccount'" }),
});
export type ActivityConditions = Infer<typeof ActivityConditions>;

/** One activity with everything its page shows. */
export const ActivityDetail = s.object({
  ...summaryProps,
  termsText: s.string({ description: 'Plain text; the site renders it as text' }),
  conditions: ActivityConditions,
  config: s.record(s.unknown(), { description: "The kind's rules safe to show (keys naming a seed or secret, or starting with '_', are left out)" }),
  rewardsRemainingMinor: s.nullable(s.integer({ minimum: 0, description: "What the budget can still pay, when the activity's config sets showRemaining; null otherwise" })),
  needsJoin: s.boolean({ description: 'The member joins first (activityEntryInsert) before taking part' }),
  joined: s.boolean({ description: 'This member has joined (false for a visitor)' }),
  myClaims: s.array(ActivityClaim, { description: "This member's claims, latest first (empty for a visitor)" }),
  serverTime: s.string({ description: 'ISO 8601: the server clock when answered, for countdowns' }),
});
export type ActivityDetail = Infer<typeof ActivityDetail>;

/** The operation activity list: the brand's activities (published, paused, or ended within the last week) of a category, by sort then start. */
export const activityList = defineCall({
  name: 'activityList',
  group: 'activities',
  path: '/activity/v1/list',
  style: 'query',
  auth: 'optional',
  summary: 'Operation activity list: the brand\'s activities by category, each with its status 0/1/2 at now, window, banner and terms version',
  request: s.object({ category: s.optional(category) }),
  response: s.object({
    categories: s.array(s.string(), { description: `Every category with an activity, '${ACTIVITY_CATEGORY_ALL}' first` }),
    list: s.array(ActivitySummary),
    serverTime: s.string({ description: 'ISO 8601' }),
  }),
});

/** One activity of the brand (published, paused or ended; never a draft); activityNotFound otherwise. */
export const activityDetail = defineCall({
  name: 'activityDetail',
  group: 'activities',
  path: '/activity/v1/detail',
  style: 'query',
  auth: 'optional',
  summary: "One activity: terms text and version, status, window, kind rules safe to show, rewards remaining when shown, the member's claims",
  request: s.object({ id: activityId }),
  response: ActivityDetail,
});

/** Check activity: the kind and status of an activity id (a float window or a link knows only the id). */
export const activityCheck = defineCall({
  name: 'activityCheck',
  group: 'activities',
  path: '/activity/v1/check',
  style: 'query',
  auth: 'optional',
  summary: 'Check activity: kind, title and status 0/1/2 of an activity id, to route to its page',
  request: s.object({ id: activityId }),
  response: s.object({ id: s.integer(), kind: s.string(), title: s.string(), status, paused: s.boolean() }),
});

/** Activity banners: the brand's activities with a banner that have not ended and are not paused, by sort. */
export const activityBanners = defineCall({
  name: 'activityBanners',
  group: 'activities',
  path: '/activity/v1/banners',
  style: 'query',
  auth: 'optional',
  summary: 'Activity banners: activities with a banner image, not ended and not paused, in list order',
  request: s.empty(),
  response: s.object({ list: s.array(s.object({ id: s.integer(), kind: s.string(), title: s.string(), bannerUrl: s.string(), status })) }),
});

/**
 * The entry check: may this member take part in the activity now? Answers the refusal the
 * activity's claim would meet (not live, not eligible, cap reached, shared identity, not
 * joined) as a code and message, without claiming or changing anything.
 */
export const activityEntryCheck = defineCall({
  name: 'activityEntryCheck',
  group: 'activities',
  path: '/activity/v1/entry/check',
  style: 'query',
  auth: 'member',
  summary: 'Entry check: may the member take part now; the refusal code and reason when not (nothing is claimed)',
  request: s.object({ id: activityId }),
  response: s.object({
    allowed: s.boolean(),
    code: s.integer({ description: '0 when allowed, else the refusal code a claim would meet' }),
    reason: s.string({ description: "'' when allowed, else what stands in the way" }),
    needsJoin: s.boolean(),
    joined: s.boolean(),
  }),
});

/** Entry insert: the member joins an activity that needs joining (its terms version shown); joining again answers the first join. */
export const activityEntryInsert = defineCall({
  name: 'activityEntryInsert',
  group: 'activities',
  path: '/activity/v1/entry/insert',
  style: 'json',
  auth: 'member',
  summary: 'Entry insert: join an activity that needs joining, under the terms version shown; idempotent',
  request: s.object({ id: activityId, termsVersion }),
  response: s.object({ activityId: s.integer(), joinedAt: s.string({ description: 'ISO 8601' }), fresh: s.boolean({ description: 'False when the member had joined before' }) }),
});

/** Entry list: the activities the member joined, latest first. */
export const activityEntryList = defineCall({
  name: 'activityEntryList',
  group: 'activities',
  path: '/activity/v1/entry/list',
  style: 'query',
  auth: 'member',
  summary: 'Entry list: the activities the member joined, latest first, with their status now',
  request: s.empty(),
  response: s.object({ list: s.array(s.object({ activityId: s.integer(), kind: s.string(), title: s.string(), status, joinedAt: s.string() })) }),
});

/** Content form: the fields a member fills in when applying to a discount activity (none for most). */
export const activityContentForm = defineCall({
  name: 'activityContentForm',
  group: 'activities',
  path: '/activity/v1/content_form',
  style: 'query',
  auth: 'optional',
  summary: 'Content form: the fields an activity asks for when applying',
  request: s.object({ id: activityId }),
  response: s.object({ fields: s.array(ActivityFormField) }),
});

/**
 * Applies for a discount activity: checked (live, joined when it needs joining, eligible,
 * caps, shared identity, rate) and paid at once from the activity's budget into the wallet
 * its config names. Once per member, or once per Beijing day (config `repeat`);
 * activityAlreadyApplied after that.
 */
export const discountApply = defineCall({
  name: 'discountApply',
  group: 'activities',
  path: '/activity/v1/discount/apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Apply for a discount activity: eligibility checked, the reward paid at once from its budget (idempotent)',
  request: s.object({
    id: activityId,
    termsVersion,
    form: s.optional(s.record(s.string({ maxLength: ACTIVITY_FORM_ANSWER_MAX }), { description: 'Answers to the content form, by field name' })),
  }),
  response: s.object({
    activityId: s.integer(),
    claimKey: s.string(),
    amountMinor: s.integer({ minimum: 0 }),
    wallet: s.enum(ACTIVITY_REWARD_WALLETS),
    wageringMultiple: s.integer({ minimum: 0, description: 'Turnover needed as a multiple of a bonus; 0 for centre money' }),
  }),
});
