import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer, type Schema } from '../schema.js';

/**
 * Gifts (issue 20; docs/GIFTS.md): the gift activities present, super gift, promo v2 (VIP
 * upgrade promotions and the yuebao task), happy send, luxury exchange and top gift, the
 * member's gift applications for real gifts and the operator's review of them, and the
 * remaining activity calls of spec section 7 (fan shui rebate, welfare centre, exclusive
 * buff card, member credit, bank notice, virtual currency info). The VIP gift calls
 * (/promo/v1/vip_gift/*, birthday apply) live in vip.ts.
 *
 * Every gift of an activity is unlocked by one rule (a tier): turnover or deposits in the
 * activity's window, the first deposit, the VIP level, the yuebao balance, yesterday's
 * turnover (happy send) or points earned from turnover (luxury and top gift exchanges).
 * A money gift is paid from the activity's budget; a real gift opens an application the
 * operator reviews; a virtual gift is recorded (an exclusive buff card is one).
 */

/** Spec section 3, "Gift": category virtual 0, real 1, money 2. */
export const GIFT_CATEGORY = { virtual: 0, real: 1, money: 2 } as const;
/** Spec section 4, "Gift activity types": First 1, Bet 2, Level 3. */
export const GIFT_ACTIVITY_TYPE = { first: 1, bet: 2, level: 3 } as const;
/** Spec section 4, "Gift application": applyed 0, provided 1, expired 2, reviewFail 3, reject 4. */
export const GIFT_APPLY_STATUS = { applyed: 0, provided: 1, expired: 2, reviewFail: 3, reject: 4 } as const;
/** Spec section 4, "Another gift set": underReview 0, provided 1, rejected 2, reviewFail 4, expired 5, pending 6. */
export const GIFT_AUDIT_STATUS = { underReview: 0, provided: 1, rejected: 2, reviewFail: 4, expired: 5, pending: 6 } as const;
/** A gift's state for the member on a gift board: 0 not reached yet, 1 may be taken, 2 taken. */
export const GIFT_ENTRY_STATUS = { locked: 0, available: 1, taken: 2 } as const;
/** The rules a gift is unlocked by (docs/GIFTS.md "Tiers"). */
export const GIFT_BASES = ['turnover', 'deposit', 'firstDeposit', 'vipLevel', 'yuebao', 'dailyTurnover', 'points'] as const;
export type GiftBasis = (typeof GIFT_BASES)[number];
/** The gift activity kinds this file serves. */
export const GIFT_KINDS = ['present', 'super_gift', 'promo_v2', 'happy_send', 'luxury_gift', 'top_gift'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });
const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The activity id' });
const giftId = s.string({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: "The gift's id inside its activity" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version the member was shown beside the button' });
const time = (description = 'ISO 8601 time') => s.string({ description });

/** One gift as a member sees it on a gift board (spec section 3 "Gift" plus its tier and the member's state). */
export const GiftEntry = s.object({
  id: s.string(),
  giftName: s.string(),
  giftMoney: yuan('Money gifts: what is paid; other gifts: the value shown'),
  imgUrls: s.array(s.string()),
  giftProperties: s.string({ description: 'Plain text: size, colour, what the card does' }),
  category: s.enum([0, 1, 2] as const, { description: 'virtual 0, real 1, money 2' }),
  type: s.enum([1, 2, 3] as const, { description: 'Gift activity type: First 1, Bet 2, Level 3' }),
  basis: s.enum(GIFT_BASES),
  threshold: s.number({ description: 'Yuan for turnover, deposit and yuebao tiers; a level; points' }),
  progress: s.number({ description: "The member's figure on the same scale (0 for a visitor)" }),
  status: s.enum([0, 1, 2] as const, { description: '0 not reached, 1 may be taken, 2 taken' }),
  applicationStatus: s.nullable(s.integer({ description: 'A real gift: its latest application status (0 applyed ... 4 reject)' })),
});
export type GiftEntry = Infer<typeof GiftEntry>;

/** The gift board of one activity (spec section 3 "Present activity state" and "Gift list holder"). */
export const GiftBoard = s.object({
  activityId: s.integer(),
  kind: s.enum(GIFT_KINDS),
  title: s.string(),
  status: s.enum([0, 1, 2] as const, { description: 'Activity status: 0 NotStart, 1 Pending (in progress), 2 End' }),
  startsAt: time(),
  endsAt: time(),
  termsVersion: s.integer(),
  webBanner: s.string({ description: "Same-origin path or data:image URL; '' for none" }),
  webActivityRuleDesc: s.string({ description: 'The terms, plain text' }),
  activityTabTitle: s.string(),
  activityMoney: yuan("The member's counted figure: turnover (present, happy send: yesterday's, exchanges) or deposits (super gift)"),
  maxGift: s.integer({ description: 'Gifts one member may take (0: no limit)' }),
  exchangeGift: s.integer({ description: 'Gifts the member has taken' }),
  points: s.object({ earned: s.integer(), spent: s.integer(), balance: s.integer() }, { description: 'Exchange points (luxury, top gift); zeros elsewhere' }),
  giftList: s.array(GiftEntry),
  betGifts: s.array(GiftEntry, { description: 'The gifts of type Bet 2' }),
  firstDepositGift: s.nullable(GiftEntry),
  activityProgressBarConfig: s.object({
    basis: s.enum(GIFT_BASES),
    done: s.number(),
    steps: s.array(s.object({ value: s.number(), giftId: s.string() })),
    percent: s.integer({ minimum: 0, maximum: 100, description: 'Of the highest step' }),
  }),
});
export type GiftBoard = Infer<typeof GiftBoard>;

const takeRequest = s.object({ activityId, giftId, termsVersion });
/** What taking a gift answers. */
export const GiftTaken = s.object({
  gift: GiftEntry,
  amount: yuan('Paid into the wallet (money gifts), else 0'),
  wallet: s.enum(['centre', 'bonus'] as const),
  applicationId: s.nullable(s.integer({ description: 'A real gift: its application' })),
  pointsLeft: s.integer(),
});
export type GiftTaken = Infer<typeof GiftTaken>;

function memberCall<RS extends Schema<unknown>, PS extends Schema<unknown>>(
  name: string, path: string, summary: string, request: RS, response: PS, style: 'json' | 'query' = 'json', extra: { movesMoney?: true; auth?: 'optional' } = {},
) {
  return defineCall({ name, group: 'promotion', path, style, auth: extra.auth ?? 'member', summary, request, response, ...(extra.movesMoney ? { movesMoney: true } : {}) });
}
const byActivity = s.object({ activityId });
const maybeActivity = s.object({ activityId: s.optional(activityId) });

/** The present page (/app/present/{activityId}): gifts, bet gifts, first-deposit gift, progress bar. Visitors see every gift locked. */
export const presentDetail = memberCall('presentDetail', '/promo/v1/present/detail', 'Present activity state: gift board of a present activity', byActivity, GiftBoard, 'query', { auth: 'optional' });
/** Takes one gift of a present activity (x-idempotency-key). */
export const presentApply = memberCall('presentApply', '/promo/v1/present/apply', 'Take a gift of a present activity', takeRequest, GiftTaken, 'json', { movesMoney: true });

/** Super gift: deposit tiers (clear path GET /promo/v1/super_gift/detail). Without activityId: the brand's first living super gift. */
export const superGiftDetail = memberCall('superGiftDetail', '/promo/v1/super_gift/detail', 'Super gift: deposit tiers and the member\'s progress', maybeActivity, GiftBoard, 'query', { auth: 'optional' });
export const superGiftApply = memberCall('superGiftApply', '/promo/v1/super_gift/apply', 'Take a super gift tier (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });
/** Whether the member may take a gift now, and the reason when not (nothing is taken). */
export const GiftCheck = s.object({ canApply: s.boolean(), giftId: s.nullable(s.string()), reason: s.string({ description: "'' when canApply" }) });
export const superGiftCheck = memberCall('superGiftCheck', '/promo/v1/super_gift/check', 'Super gift: may the member take a gift now', s.object({ activityId, giftId: s.optional(giftId) }), GiftCheck);
export const superGiftCheckProgress = memberCall('superGiftCheckProgress', '/promo/v1/super_gift/check_progress', 'Super gift: deposit progress to the next tier', byActivity, s.object({
  deposits: yuan('Deposits in the window'), nextThreshold: s.nullable(yuan()), percent: s.integer({ minimum: 0, maximum: 100 }), available: s.integer({ minimum: 0 }),
}));

/** Promo v2: take a gift of any gift activity of the brand (the list's apply button). */
export const promoV2ListApply = memberCall('promoV2ListApply', '/promo/v2/list/apply', 'Take a gift of any gift activity (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });
/** One living gift activity of the brand in the "others" list. */
export const GiftActivitySummary = s.object({
  activityId: s.integer(), kind: s.enum(GIFT_KINDS), title: s.string(), status: s.enum([0, 1, 2] as const), endsAt: time(),
  available: s.integer({ description: 'Gifts the member may take now (0 for a visitor)' }),
});
export const promoV2ListOthers = memberCall('promoV2ListOthers', '/promo/v2/list/others', 'The brand\'s gift activities in progress', s.empty(), s.object({ list: s.array(GiftActivitySummary) }), 'query', { auth: 'optional' });
/** VIP upgrade promotions: take a level gift of a promo v2 activity. */
export const vipUpgradePromotionsApply = memberCall('vipUpgradePromotionsApply', '/promo/v2/vip_upgrade_promotions/apply', 'Take a VIP upgrade promotion gift (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });
export const promoV2Detail = memberCall('promoV2Detail', '/promo/v2/detail', 'Promo v2: VIP level and yuebao gifts of an activity', byActivity, GiftBoard, 'query', { auth: 'optional' });

/** Happy send: gifts for yesterday's turnover, once a Beijing day each. */
export const happySendList = memberCall('happySendList', '/promo/v1/happy_send/list', 'Happy send: today\'s gifts for yesterday\'s turnover', maybeActivity, GiftBoard, 'json', { auth: 'optional' });
export const happySendApply = memberCall('happySendApply', '/promo/v1/happy_send/apply', 'Take today\'s happy send gift (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });

/** Luxury exchange: points from turnover buy gifts. */
export const luxuryConfig = memberCall('luxuryConfig', '/activity_api/luxury/config', 'Luxury exchange: the board with points', maybeActivity, GiftBoard, 'query', { auth: 'optional' });
/** Spec section 3, "Gift exchange": giftId, giftName, exchangeDate. */
export const GiftExchange = s.object({ giftId: s.string(), giftName: s.string(), exchangeDate: time(), points: s.integer(), applicationStatus: s.nullable(s.integer()) });
export const luxuryGift = memberCall('luxuryGift', '/activity_api/luxury/gift', "Luxury exchange: the gifts, the member's points and exchanges", maybeActivity, s.object({
  activityId: s.integer(), giftList: s.array(GiftEntry), points: s.integer(), exchanges: s.array(GiftExchange), reminders: s.array(s.string()),
}), 'query');
export const luxuryExchange = memberCall('luxuryExchange', '/activity_api/luxury/exchange', 'Exchange points for a gift (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });
export const luxuryRemind = memberCall('luxuryRemind', '/activity_api/luxury/remind', 'Remember that the member wants a gift: it is marked on the gift list', s.object({ activityId, giftId }), s.object({
  giftId: s.string(), reminded: s.boolean(), pointsMissing: s.integer({ minimum: 0 }),
}));

/** Top gift: a turnover ranking and a points exchange (spec: activityTopGift list v1, exchange v2, user info v1, exchange validity v2, page config v1). */
export const topGiftPageConfig = memberCall('topGiftPageConfig', '/activityTopGift/v1/page_config', 'Top gift: the board', maybeActivity, GiftBoard, 'query', { auth: 'optional' });
export const TopGiftRank = s.object({ rank: s.integer(), name: s.string({ description: 'Masked member name' }), turnover: yuan() });
export const topGiftList = memberCall('topGiftList', '/activityTopGift/v1/list', 'Top gift: turnover ranking in the window (top 20)', byActivity, s.object({ list: s.array(TopGiftRank) }), 'query', { auth: 'optional' });
export const topGiftUserInfo = memberCall('topGiftUserInfo', '/activityTopGift/v1/user_info', "Top gift: the member's rank, turnover and points", byActivity, s.object({
  rank: s.nullable(s.integer()), turnover: yuan(), points: s.integer(), exchanges: s.array(GiftExchange),
  dividend: s.object({
    amount: yuan('The prize of the member\'s rank now (0 outside every band)'),
    claimable: s.boolean({ description: 'The activity has ended, the claim period is open and the prize is not claimed yet' }),
    claimed: s.boolean(),
  }),
}), 'query');
export const topGiftExchangeValidity = memberCall('topGiftExchangeValidity', '/activityTopGift/v2/exchange_validity', 'Top gift: may the member exchange this gift now', s.object({ activityId, giftId }), GiftCheck);
export const topGiftExchange = memberCall('topGiftExchange', '/activityTopGift/v2/exchange', 'Top gift: exchange points for a gift (x-idempotency-key)', takeRequest, GiftTaken, 'json', { movesMoney: true });

/** Top gift dividends may be claimed for this many days after the activity's end. */
export const TOP_GIFT_DIVIDEND_DAYS = 7;
/** Top gift dividends: once the activity has ended, a member ranked inside a prize band claims its money (x-idempotency-key). */
export const topGiftDividend = memberCall('topGiftDividend', '/activityTopGift/v1/dividend', 'Top gift: claim the ranking prize after the end', s.object({ activityId, termsVersion }), s.object({
  rank: s.integer(), amount: yuan(), centerWalletBalance: yuan(),
}), 'json', { movesMoney: true });

/** One gift application of a real gift, with both status sets of spec section 4. */
const applicationProps = {
  id: s.integer(),
  activityId: s.integer(),
  activityTitle: s.string(),
  giftId: s.string(),
  giftName: s.string(),
  status: s.enum([0, 1, 2, 3, 4] as const, { description: 'Gift application: applyed 0, provided 1, expired 2, reviewFail 3, reject 4' }),
  auditStatus: s.enum([0, 1, 2, 4, 5, 6] as const, { description: 'The other set: underReview 0, provided 1, rejected 2, reviewFail 4, expired 5, pending 6' }),
  receiver: s.string(), phone: s.string(), province: s.string(), city: s.string(), district: s.string(), address: s.string(),
  reviewNote: s.string({ description: "The operator's note: tracking on provide, reason on reject; plain text" }),
  createdAt: time(),
  reviewedAt: s.nullable(time()),
  expiresAt: time('An application not provided by then expires (status 2)'),
};
export const GiftApplication = s.object(applicationProps);
export type GiftApplication = Infer<typeof GiftApplication>;
export const giftApplyList = memberCall('giftApplyList', '/promo/v1/gift_apply/list', "The member's gift applications, newest first", s.empty(), s.object({ list: s.array(GiftApplication) }));

const opsCall = <RS extends Schema<unknown>, PS extends Schema<unknown>>(name: string, path: string, summary: string, request: RS, response: PS) =>
  defineCall({ name, group: 'operator', path, style: 'json', auth: 'operator', summary, request, response });
export const OpsGiftApplication = s.object({ ...applicationProps, memberId: s.integer(), memberName: s.string(), siteId: s.integer() });
export const opsGiftApplyList = opsCall('opsGiftApplyList', '/ops/v1/activity/gift-apply/list', 'Operator: gift applications, oldest under review first', s.object({
  siteId: s.optional(s.integer({ minimum: 1, maximum: INT4_MAX })),
  status: s.optional(s.enum([0, 1, 2, 3, 4] as const)),
}), s.object({ list: s.array(OpsGiftApplication) }));
const reviewId = s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The application id' });
export const opsGiftApplyProvide = opsCall('opsGiftApplyProvide', '/ops/v1/activity/gift-apply/provide', 'Operator: the real gift was sent (status provided 1)', s.object({
  id: reviewId, note: s.string({ maxLength: 200, description: 'Tracking number or how it was handed over' }),
}), OpsGiftApplication);
export const opsGiftApplyReject = opsCall('opsGiftApplyReject', '/ops/v1/activity/gift-apply/reject', 'Operator: refuse an application: reject 4 (final) or reviewFail 3 (the member may apply again)', s.object({
  id: reviewId, reason: s.string({ minLength: 1, maxLength: 200 }), reviewFail: s.optional(s.boolean()),
}), OpsGiftApplication);

/** Fan shui (rebate): this share of valid bets is paid back, in basis points (0.50 %; docs/GIFTS.md). */
export const REBATE_BASIS_POINTS = 50;
/** Fan shui counts bets settled in the last this many days; older unclaimed bets lapse. */
export const REBATE_WINDOW_DAYS = 30;
const RebateClaim = s.object({ id: s.integer(), amount: yuan(), turnover: yuan(), bets: s.integer(), buffBasisPoints: s.integer(), createdAt: time() });
/** Fan shui: the rate, what is waiting to be claimed and the last claims. */
export const fanShuiInfo = memberCall('fanShuiInfo', '/promo/v1/fan_shui/info', 'Fan shui: rate, pending rebate and past claims', s.empty(), s.object({
  rateBasisPoints: s.integer(), buffBasisPoints: s.integer({ description: 'Added by an active exclusive buff card' }), windowDays: s.integer(),
  pendingBets: s.integer(), pendingTurnover: yuan(), pendingAmount: yuan(), claims: s.array(RebateClaim),
}));
/** Claims the pending fan shui into the centre wallet (x-idempotency-key). */
export const fanShuiClaim = memberCall('fanShuiClaim', '/promo/v1/fan_shui/claim', 'Claim the pending fan shui rebate', s.empty(), s.object({
  claim: RebateClaim, centerWalletBalance: yuan(),
}), 'json', { movesMoney: true });
/** Welfare centre: what the member may take now across gift activities, and the rebate waiting. */
export const welfareCenter = memberCall('welfareCenter', '/promo/v1/welfare_center/list', 'Welfare centre: gifts to take now, rebate waiting, applications under review', s.empty(), s.object({
  activities: s.array(GiftActivitySummary), rebatePending: yuan(), applicationsUnderReview: s.integer(),
}));
/** One exclusive buff card the member holds (a virtual gift that raises the fan shui rate for some days). */
export const BuffCard = s.object({
  activityId: s.integer(), giftId: s.string(), giftName: s.string(), rebateBasisPoints: s.integer(), takenAt: time(), expiresAt: time(), active: s.boolean(),
});
export const buffCardList = memberCall('buffCardList', '/promo/v1/buff_card/list', "The member's exclusive buff cards", s.empty(), s.object({ cards: s.array(BuffCard) }));
/** The identity checks activities ask for; member credit counts the ones passed. */
export const MEMBER_CREDIT_CHECKS = ['phone', 'realName', 'bankCard', 'deposit', 'accountAge'] as const;
export type MemberCreditCheck = (typeof MEMBER_CREDIT_CHECKS)[number];
/** Member credit's account-age check: registered at least this many days ago (docs/GIFTS.md). */
export const MEMBER_CREDIT_ACCOUNT_AGE_DAYS = 7;
export const memberCredit = memberCall('memberCredit', '/promo/v1/member_credit', "Member credit: the identity checks activities ask for, and which the member passes", s.empty(), s.object({
  checks: s.array(s.object({ key: s.enum(MEMBER_CREDIT_CHECKS), passed: s.boolean() })), passed: s.integer(), total: s.integer(),
}));
/** Bank notice: the member's bound cards and whether another account shares one (which costs one-reward-per-card activities). */
export const bankNotice = memberCall('bankNotice', '/promo/v1/bank_notice', "Bank notice: the member's bound cards and any shared with another account", s.empty(), s.object({
  notices: s.array(s.object({ bankName: s.string(), cardTail: s.string({ description: 'Last 4 digits' }), sharedWithAnotherAccount: s.boolean() })),
}));
/** Yuebao task: the yuebao gifts of the brand's promo v2 activities and the member's yuebao balance. */
export const yebTaskList = memberCall('yebTaskList', '/promo/v1/yeb_task/list', 'Yuebao tasks: hold a yuebao balance, take the gift', s.empty(), s.object({
  yuebao: yuan('The yuebao balance now'),
  tasks: s.array(s.object({ activityId: s.integer(), title: s.string(), termsVersion: s.integer(), gift: GiftEntry })),
}));
/** The virtual currency info page: which protocols the brand takes USDT on and the buying rate. */
export const virtualCurrencyInfo = memberCall('virtualCurrencyInfo', '/promo/v1/virtual_currency/info', 'Virtual currency info: protocols, USDT deposit protocols and rate', s.empty(), s.object({
  supportUsdt: s.boolean(),
  exchangeRate: s.money({ decimals: 5, description: 'Yuan per USDT a deposit credits at' }),
  depositProtocols: s.array(s.string()),
  protocols: s.array(s.object({ value: s.integer(), name: s.string() })),
}), 'query', { auth: 'optional' });
