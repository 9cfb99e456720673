import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * Bonus money and wagering, and the deposit activities (issue 20; docs/BONUS-WAGERING.md):
 * the member's bonuses with their wagering progress, forfeiting one, first deposit,
 * deposit again (continue-deposit join, info, validation; no-limit and stage apply),
 * deposit discount by type, activity recharge, average deposit and month money.
 * A bonus sits in the member's 'bonus' wallet, apart from its own money, until the
 * turnover it asks for is met; then it converts into the centre wallet at once.
 */

/** Venue categories (spec section 3, "Enumerations"): 1 sports .. 7 fishing. */
export const VENUE_CATEGORIES = [1, 2, 3, 4, 5, 6, 7] as const;
export type VenueCategory = (typeof VENUE_CATEGORIES)[number];

/**
 * How much of a valid bet counts toward a bonus's turnover, in percent per venue category,
 * unless the activity's config says otherwise (docs/BONUS-WAGERING.md, "Game weighting").
 */
export const BONUS_DEFAULT_WEIGHTS: Readonly<Record<VenueCategory, number>> = { 1: 50, 2: 50, 3: 10, 4: 20, 5: 20, 6: 100, 7: 100 };
/** A brand's largest wagering multiple when the operator set none (the strictest regulators' cap). */
export const BONUS_DEFAULT_MAX_MULTIPLE = 10;
/** The largest wagering multiple any brand may allow (the brand cap's own bound). */
export const BONUS_MULTIPLE_CEILING = 100;

/** A bonus's life: wagering, then converted (into the centre wallet), forfeited or expired (back to the activity's budget). */
export const BONUS_STATUSES = ['wagering', 'converted', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** Spec section 4: "Deposit, withdrawal and reborn bonus status". 6 is not used by the spec. */
export const DEPOSIT_BONUS_STATUS = {
  not: 0, deposit: 1, canReceive: 2, received: 3, expired: 4, notStart: 5, applied: 7, passed: 8, reject: 9,
} as const;
export type DepositBonusStatus = (typeof DEPOSIT_BONUS_STATUS)[keyof typeof DEPOSIT_BONUS_STATUS];

/** Why a deposit activity's status is what it is, as a key the page words in the member's language (`reason` has it in English). */
export const DEPOSIT_BONUS_REASONS = [
  'ready', 'received', 'pending', 'notStarted', 'ended', 'paused',
  'firstDepositNeeded', 'firstDepositOutside', 'nthNeeded', 'nthOutside', 'depositDuring', 'belowMinimum', 'monthNoTier',
] as const;
export type DepositBonusReason = (typeof DEPOSIT_BONUS_REASONS)[number];

/** The deposit activities' types for "deposit discount by type": 1 first deposit, 2 deposit again, 3 month money. */
export const DEPOSIT_ACTIVITY_TYPES = { 1: 'deposit_first', 2: 'deposit_again', 3: 'month_money' } as const;

/** How deposit-again pays: the nth deposit, every deposit (no limit), or by the deposit's stage (tier). */
export const DEPOSIT_AGAIN_MODES = ['nth', 'noLimit', 'stage'] as const;
export type DepositAgainMode = (typeof DEPOSIT_AGAIN_MODES)[number];

const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });
const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version shown beside the button' });
const billNo = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The deposit order (bill number) the bonus is for' });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });

/** One venue category's weight. */
export const BonusWeight = s.object({
  category: s.integer({ minimum: 1, maximum: 7, description: '1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing' }),
  percent: s.integer({ minimum: 0, maximum: 100, description: 'Percent of a valid bet that counts' }),
});

/** A bonus of the member with its wagering progress, computed from its bet records on read. */
export const BonusGrant = s.object({
  id: s.integer(),
  activityId: s.integer(),
  activityTitle: s.string(),
  kind: s.string({ description: 'The kind of the activity that paid it' }),
  amount: yuan('The bonus'),
  multiple: s.integer({ minimum: 0, description: 'Turnover required = multiple x bonus' }),
  required: yuan('Turnover required'),
  done: yuan('Weighted turnover counted so far'),
  percent: s.integer({ minimum: 0, maximum: 100 }),
  status: s.enum(BONUS_STATUSES),
  weights: s.array(BonusWeight),
  maxBet: yuan('A bet staking more counts nothing toward this bonus'),
  grantedAt: time('paid'),
  expiresAt: time('forfeited to the budget unless met by then'),
  resolvedAt: s.nullable(time('converted, forfeited or expired')),
});
export type BonusGrant = Infer<typeof BonusGrant>;

/** The member's bonuses: the 'bonus' wallet and every grant, wagering ones first. */
export const bonusMine = defineCall({
  name: 'bonusMine',
  group: 'activity',
  path: '/activity/v1/bonus/mine',
  style: 'json',
  auth: 'member',
  summary: "The member's bonus wallet and bonuses with wagering progress (converts met ones, expires due ones first)",
  request: s.empty(),
  response: s.object({ bonusWalletBalance: yuan('Bonus money held apart, not withdrawable'), list: s.array(BonusGrant) }),
});

/** Gives a wagering bonus up: its money goes back to the activity's budget. */
export const bonusForfeit = defineCall({
  name: 'bonusForfeit',
  group: 'activity',
  path: '/activity/v1/bonus/forfeit',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Forfeit one of my wagering bonuses (its amount returns to the activity budget)',
  request: s.object({ id: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "The bonus's id" }) }),
  response: s.object({ bonus: BonusGrant, bonusWalletBalance: yuan() }),
});

/** One confirmed deposit as a deposit activity sees it, with the bonus it earns there. */
export const DepositBonusItem = s.object({
  billNo: s.string(),
  amount: yuan('The deposit'),
  depositedAt: time('confirmed'),
  bonus: yuan('The bonus this deposit earns'),
  status: s.integer({ description: 'Spec section 4 deposit bonus status: 2 CanReceive, 3 Received' }),
});

/** A deposit activity's rules, as the page shows them. */
export const DepositBonusRule = s.object({
  mode: s.enum(['first', ...DEPOSIT_AGAIN_MODES, 'month'] as const),
  percent: s.number({ description: 'Bonus in percent of the deposit (e.g. 20 = 20%); 0 for stage and month' }),
  maxBonus: yuan('Largest bonus one deposit earns'),
  minDeposit: yuan('Smallest deposit that counts'),
  nth: s.integer({ minimum: 0, description: 'Deposit again (nth): which deposit counts, e.g. 2 = the second' }),
  stages: s.array(s.object({ minDeposit: yuan(), bonus: yuan() }), { description: 'Stage mode: the bonus of the highest stage reached' }),
  tiers: s.array(s.object({ minDeposit: yuan(), minTurnover: yuan(), reward: yuan() }), { description: 'Month money: the reward of the highest tier the month reached' }),
  multiple: s.integer({ minimum: 0 }),
  maxBet: yuan(),
  expiryDays: s.integer({ minimum: 1 }),
  weights: s.array(BonusWeight),
});

/** A deposit activity for the member: its rule, status (spec section 4), the deposits that count and the bonuses paid. */
export const DepositBonusInfo = s.object({
  activityId: s.integer(),
  kind: s.string(),
  title: s.string(),
  termsText: s.string({ description: 'Plain text' }),
  termsVersion: s.integer(),
  activityStatus: s.integer({ description: '0 NotStart, 1 Pending, 2 End' }),
  startsAt: time('opens'),
  endsAt: time('closes'),
  rule: DepositBonusRule,
  status: s.integer({ description: '0 Not, 1 Deposit (pending), 2 CanReceive, 3 Received, 4 Expired, 5 NotStart' }),
  reason: s.string({ description: 'Why the status is what it is, in words (English)' }),
  reasonKey: s.enum(DEPOSIT_BONUS_REASONS, { description: 'The same reason as a key, for the page to word' }),
  deposits: s.array(DepositBonusItem),
  month: s.nullable(s.object({
    month: s.string({ description: 'Last month, YYYY-MM (Beijing time): the month the reward is for' }),
    deposits: yuan(), turnover: yuan(), reward: yuan('The reward of the highest tier reached; 0 for none'),
    thisMonth: s.string({ description: 'This month, YYYY-MM' }), thisMonthDeposits: yuan(), thisMonthTurnover: yuan(),
  }, { description: 'Month money only; null for the deposit kinds' })),
  bonuses: s.array(BonusGrant),
});
export type DepositBonusInfo = Infer<typeof DepositBonusInfo>;

const infoCall = (name: string, path: string, summary: string) => defineCall({
  name, group: 'activity', path, style: 'json', auth: 'member', summary, request: s.object({ id: activityId }), response: DepositBonusInfo,
});
const claimCall = (name: string, path: string, summary: string, withBill: boolean) => defineCall({
  name, group: 'activity', path, style: 'json', auth: 'member', movesMoney: true, summary,
  request: withBill ? s.object({ id: activityId, termsVersion, billNo }) : s.object({ id: activityId, termsVersion, billNo: s.optional(billNo) }),
  response: s.object({ info: DepositBonusInfo, bonus: BonusGrant }),
});

/** First-deposit validation: whether the member's first deposit earns this activity's bonus. */
export const depositFirstValidation = infoCall('depositFirstValidation', '/activity/v1/deposit_first/validation', 'First deposit: rule, status and the first deposit it counts');
/** Claims the first-deposit bonus into the bonus wallet. */
export const depositFirstReceive = claimCall('depositFirstReceive', '/activity/v1/deposit_first/receive', 'First deposit: claim the bonus (paid as a bonus with wagering)', false);
/** Continue-deposit info: the rule and the deposits that count. */
export const depositAgainInfo = infoCall('depositAgainInfo', '/activity/v1/deposit_again/info', 'Deposit again: rule, status and the deposits that count');
/** Continue-deposit validation: the same reading, for the button's state before a join. */
export const depositAgainValidation = infoCall('depositAgainValidation', '/activity/v1/deposit_again/validation', 'Deposit again: may the member join (claim) now, and why not');
/** Continue-deposit join: claims the bonus of the nth deposit (or of `billNo`). */
export const depositAgainJoin = claimCall('depositAgainJoin', '/activity/v1/deposit_again/join', 'Deposit again: claim the bonus of the counted deposit', false);
/** No-limit deposit apply: every deposit in the activity may claim its bonus once. */
export const depositNoLimitApply = claimCall('depositNoLimitApply', '/activity/v1/deposit_again/no_limit_apply', 'No-limit deposit: claim the bonus of one deposit', true);
/** Stage deposit apply: the bonus of the highest stage the deposit reached. */
export const depositStageApply = claimCall('depositStageApply', '/activity/v1/deposit_again/stage_apply', 'Stage deposit: claim the bonus of one deposit by its stage', true);
/** Month money: last month's deposits and turnover against the tiers. */
export const monthMoneyInfo = infoCall('monthMoneyInfo', '/activity/v1/month_money/info', "Month money: last month's tier, this month so far, status");
/** Claims last month's month money. */
export const monthMoneyReceive = claimCall('monthMoneyReceive', '/activity/v1/month_money/receive', "Month money: claim last month's reward", false);

/** One live deposit activity of the brand, as the deposit page lists it. */
export const DepositActivitySummary = s.object({
  activityId: s.integer(),
  kind: s.string(),
  type: s.integer({ description: '1 first deposit, 2 deposit again, 3 month money' }),
  title: s.string(),
  rule: DepositBonusRule,
  endsAt: time('closes'),
});

/** Deposit discount by type: the brand's live deposit activities of one type (all without a type). */
export const depositDiscountByType = defineCall({
  name: 'depositDiscountByType',
  group: 'activity',
  path: '/activity/v1/deposit/discount_by_type',
  style: 'json',
  auth: 'optional',
  summary: "The brand's live deposit activities by type (1 first, 2 again, 3 month money)",
  request: s.object({ type: s.optional(s.enum([1, 2, 3] as const)) }),
  response: s.object({ list: s.array(DepositActivitySummary) }),
});

/** Activity recharge: what a deposit of `amount` would earn in each live deposit activity, for this member. */
export const activityRecharge = defineCall({
  name: 'activityRecharge',
  group: 'activity',
  path: '/activity/v1/deposit/activity_recharge',
  style: 'json',
  auth: 'member',
  summary: 'The bonus a deposit of this amount would earn in each live deposit activity',
  request: s.object({ amount: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000, description: 'Yuan' }) }),
  response: s.object({ list: s.array(s.object({ activityId: s.integer(), kind: s.string(), title: s.string(), bonus: yuan(), reason: s.string() })) }),
});

/** Average deposit: the member's confirmed deposits over the last 30 days. */
export const averageDeposit = defineCall({
  name: 'averageDeposit',
  group: 'activity',
  path: '/activity/v1/deposit/average',
  style: 'json',
  auth: 'member',
  summary: "The member's confirmed deposits of the last 30 days: count, total, average",
  request: s.empty(),
  response: s.object({ days: s.integer(), count: s.integer({ minimum: 0 }), total: yuan(), average: yuan('Total / count, rounded down to the fen; 0 without deposits') }),
});
