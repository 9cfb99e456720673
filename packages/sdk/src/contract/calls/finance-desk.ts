import { defineCall } from '../call.js';
import { s } from '../schema.js';
import { CountryArea } from './site-config.js';

/**
 * The remaining finance calls of spec section 7 (issue 21; docs/SITE-CONFIG.md). Money is
 * integer minor units (fen; USDT in millionths). None of these calls moves money.
 */

const Text = s.object({ zh: s.string(), en: s.string() });
const minor = (description: string) => s.integer({ minimum: 0, description });
const billNo = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const scene = s.enum(['deposit', 'withdraw', 'transfer', 'bindCard', 'recycle'] as const, { description: 'What the member is about to submit' });

const StandbyAddress = s.object({
  protocol: s.enum(['TRC20', 'ERC20'] as const),
  address: s.string(),
  minUsdtMinor: minor('Least USDT (millionths) the address takes'),
  rateE5: s.integer({ minimum: 1, description: 'Yuan per USDT, times 100000' }),
});

/** v1: the brand's first stand-by USDT address, used when the cold-wallet merchants are out. */
export const standbyUsdt = defineCall({
  name: 'standbyUsdt',
  group: 'finance',
  path: '/finance/v1/standby_usdt',
  style: 'query',
  auth: 'member',
  summary: "Stand-by USDT (v1): whether it is open and the brand's first stand-by address",
  request: s.empty(),
  response: s.object({ open: s.boolean(), address: s.nullable(StandbyAddress) }),
});

/** v2: every stand-by USDT address of the brand. */
export const standbyUsdtV2 = defineCall({
  name: 'standbyUsdtV2',
  group: 'finance',
  path: '/finance/v2/standby_usdt',
  style: 'query',
  auth: 'member',
  summary: 'Stand-by USDT (v2): whether it is open and every stand-by address by protocol',
  request: s.empty(),
  response: s.object({ open: s.boolean(), list: s.array(StandbyAddress) }),
});

export const duplicateCheck = defineCall({
  name: 'duplicateCheck',
  group: 'finance',
  path: '/finance/v1/member_common/duplicate_check',
  style: 'json',
  auth: 'member',
  summary: 'Duplicate-submission check: takes the scene for 10 s, or says it is taken (duplicate) and for how long',
  request: s.object({ scene }),
  response: s.object({ duplicate: s.boolean(), retryAfterSeconds: s.integer({ minimum: 0 }) }),
});

export const duplicateClean = defineCall({
  name: 'duplicateClean',
  group: 'finance',
  path: '/finance/v1/member_common/duplicate_clean',
  style: 'json',
  auth: 'member',
  summary: "Clears the member's duplicate-submission mark of a scene (after the submission ended)",
  request: s.object({ scene }),
  response: s.object({ cleaned: s.boolean() }),
});

export const depositorName = defineCall({
  name: 'depositorName',
  group: 'finance',
  path: '/finance/v1/depositor_name',
  style: 'query',
  auth: 'member',
  summary: "The member's real name and the depositor names of its last deposits (the form offers them)",
  request: s.empty(),
  response: s.object({ realName: s.string(), list: s.array(s.string()) }),
});

export const onlineBankCardList = defineCall({
  name: 'onlineBankCardList',
  group: 'finance',
  path: '/finance/v1/online_bank_card_list',
  style: 'query',
  auth: 'member',
  summary: "The member's deposit cards whose bank offers online banking (masked)",
  request: s.empty(),
  response: s.object({ list: s.array(s.object({ id: s.integer(), bankName: s.string(), bankCode: s.string(), cardNo: s.string() })) }),
});

export const announcementContent = defineCall({
  name: 'announcementContent',
  group: 'finance',
  path: '/finance/v1/announcement_content',
  style: 'query',
  auth: 'none',
  summary: 'Announcements of a category (3: finance, on the deposit and withdrawal pages)',
  request: s.object({ category: s.integer({ minimum: 0, maximum: 99 }) }),
  response: s.object({ list: s.array(s.object({ id: s.integer(), title: Text, content: Text })) }),
});

export const customerServicePayment = defineCall({
  name: 'customerServicePayment',
  group: 'finance',
  path: '/finance/v1/customer_service_payment',
  style: 'query',
  auth: 'member',
  summary: "Deposits through customer service: whether open, the range, and the agents' contacts",
  request: s.empty(),
  response: s.object({
    open: s.boolean(),
    minMinor: minor('Least deposit'),
    maxMinor: minor('Largest deposit'),
    list: s.array(s.object({ id: s.integer(), name: Text, channel: s.enum(['url', 'telegram', 'qq'] as const), contact: s.string() })),
  }),
});

export const customerServiceSecretCode = defineCall({
  name: 'customerServiceSecretCode',
  group: 'finance',
  path: '/finance/v1/customer_service_secret_code',
  style: 'json',
  auth: 'member',
  summary: 'The member\'s secret code for customer service (6 digits, valid 10 minutes; the same code until then)',
  request: s.empty(),
  response: s.object({ code: s.string(), expiresAt: s.string() }),
});

export const financeCustomerService = defineCall({
  name: 'financeCustomerService',
  group: 'finance',
  path: '/finance/v1/customer_service_by_bill_no',
  style: 'json',
  auth: 'member',
  summary: "Customer service for one of the member's orders (deposit or withdrawal) by billNo",
  request: s.object({ billNo }),
  response: s.object({ billNo: s.string(), kind: s.enum(['deposit', 'withdrawal'] as const), url: s.string(), secretCode: s.string() }),
});

export const countryAreaSelect = defineCall({
  name: 'countryAreaSelect',
  group: 'finance',
  path: '/finance/v1/country_area_select',
  style: 'query',
  auth: 'none',
  summary: 'The dial codes a phone may be bound with, and the default',
  request: s.empty(),
  response: s.object({ defaultDialCode: s.string(), list: s.array(CountryArea) }),
});

export const overseasNumberSwitch = defineCall({
  name: 'overseasNumberSwitch',
  group: 'finance',
  path: '/finance/v1/overseas_number_switch',
  style: 'query',
  auth: 'none',
  summary: 'Whether numbers outside +86 may be bound (keyCode overseas_mobile_number_switch)',
  request: s.object({ keyCode: s.enum(['overseas_mobile_number_switch'] as const) }),
  response: s.object({ keyCode: s.string(), open: s.boolean() }),
});

export const virtualSwitchConfig = defineCall({
  name: 'virtualSwitchConfig',
  group: 'finance',
  path: '/finance/v1/virtual_switch_config',
  style: 'query',
  auth: 'none',
  summary: 'Virtual currency: the general switch (6) and what it opens (USDT deposit, withdrawal, protocols)',
  request: s.empty(),
  response: s.object({ open: s.boolean(), usdtDeposit: s.boolean(), usdtWithdraw: s.boolean(), protocols: s.array(s.string()) }),
});

export const offlineBanks = defineCall({
  name: 'offlineBanks',
  group: 'finance',
  path: '/finance/v1/offline_banks',
  style: 'query',
  auth: 'member',
  summary: "The brand's receiving bank accounts for offline transfers",
  request: s.empty(),
  response: s.object({ list: s.array(s.object({ id: s.integer(), bankCode: s.string(), bankName: s.string(), accountName: s.string(), cardNo: s.string(), branch: s.string() })) }),
});

export const Bank = s.object({ bankCode: s.string(), name: Text, onlineBanking: s.boolean() });

export const bankList = defineCall({
  name: 'bankList',
  group: 'finance',
  path: '/finance/v1/bank_list',
  style: 'query',
  auth: 'none',
  summary: 'The banks a card may be bound with',
  request: s.empty(),
  response: s.object({ list: s.array(Bank) }),
});

export const branchInfo = defineCall({
  name: 'branchInfo',
  group: 'finance',
  path: '/finance/v1/branch_info',
  style: 'query',
  auth: 'none',
  summary: "A bank's branches, optionally in one city",
  request: s.object({
    bankCode: s.string({ minLength: 2, maxLength: 16, pattern: '^[A-Z]+$' }),
    city: s.optional(s.string({ minLength: 1, maxLength: 30 })),
  }),
  response: s.object({ list: s.array(s.object({ branchName: s.string(), province: s.string(), city: s.string() })) }),
});

export const vipWithdrawInfo = defineCall({
  name: 'vipWithdrawInfo',
  group: 'finance',
  path: '/finance/v1/vip_withdraw_info',
  style: 'query',
  auth: 'member',
  summary: "The member's VIP withdrawal allowance today: counts and money, used and left",
  request: s.empty(),
  response: s.object({
    grade: s.integer({ minimum: 0, maximum: 10 }),
    gradeName: s.string(),
    dayCounts: s.integer({ minimum: 0 }),
    dayMoneyMinor: minor('Withdrawable per day'),
    usedCounts: s.integer({ minimum: 0 }),
    usedMinor: minor('Withdrawn today'),
    leftCounts: s.integer({ minimum: 0 }),
    leftMinor: minor('Left today'),
  }),
});

const appUrl = (platform: string) => s.string({ description: `The venue's ${platform} app download address (http or https); empty when it has none` });

export const VenueApp = s.object({
  venueCode: s.string(),
  venueType: s.enum(['ty', 'dj', 'dz', 'by', 'zr', 'cp', 'qp'] as const, { description: 'The venue type the brand lists it under (first one)' }),
  gameType: s.integer(),
  zhName: s.string(),
  enName: s.string(),
  androidUrl: appUrl('Android'),
  iosUrl: appUrl('iOS'),
  maintenance: s.boolean(),
});

/**
 * Venue app list: the brand's venues that have an app to download, with the links. The
 * operator keeps them in the config key `venue_apps` (opsSiteConfigSet); a venue the brand
 * no longer lists, or one without any link, is left out.
 */
export const venueAppList = defineCall({
  name: 'venueAppList',
  group: 'finance',
  path: '/finance/v1/venue_app_list',
  style: 'query',
  auth: 'none',
  summary: "The brand's venues that have a downloadable app, with their Android and iOS links",
  request: s.empty(),
  response: s.object({ list: s.array(VenueApp) }),
});

/**
 * Member finance amount: the member's money at a glance, from the ledger, in minor units
 * (yuan in fen, USDT in millionths). Pending withdrawals are the locked wallets (money held
 * for withdrawals under review). `totalMinor` sums every yuan the member owns on the site:
 * centre, every venue wallet, yuebao, bonus and pending withdrawals (USDT apart).
 */
export const memberFinanceAmount = defineCall({
  name: 'memberFinanceAmount',
  group: 'finance',
  path: '/finance/v1/member_finance_amount',
  style: 'query',
  auth: 'member',
  summary: "The member's money at a glance: centre, venues, yuebao, bonus, USDT and pending withdrawals",
  request: s.empty(),
  response: s.object({
    centerMinor: minor('Centre wallet'),
    venueTotalMinor: minor('Every venue wallet together (our books)'),
    venues: s.array(s.object({ venueCode: s.string(), zhName: s.string(), enName: s.string(), moneyMinor: minor('Venue wallet') })),
    yuebaoMinor: minor('Yuebao'),
    bonusMinor: minor('Bonus wallet (under wagering)'),
    usdtMinor: minor('USDT wallet, millionths'),
    pendingWithdrawMinor: minor('Yuan held for withdrawals under review'),
    pendingWithdrawUsdtMinor: minor('USDT held for withdrawals under review, millionths'),
    totalMinor: minor('Centre + venues + yuebao + bonus + pending yuan withdrawals'),
    baseRateE5: s.integer({ minimum: 0, description: 'Yuan per USDT, times 100000' }),
  }),
});
