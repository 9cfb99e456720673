import { s, type Infer } from './schema.js';

/**
 * The entities of spec section 3 that more than one call returns. Amounts are wire
 * numbers (yuan: 2 decimals, USDT: 6); rates carry 5 decimals (the spec's 1e5 precision).
 */
const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });
const usdt = (description?: string) => s.money({ decimals: 6, ...(description ? { description } : {}) });

export const VenueMoney = s.object({
  enName: s.string(),
  zhName: s.string(),
  gameType: s.integer({ description: 'Venue category: 1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing' }),
  channelCode: s.string(),
  currency: s.enum(['RMB', 'USDT'] as const),
  money: s.number({ description: 'Balance in the venue, in the currency of the venue' }),
  maintenance: s.boolean(),
});
export type VenueMoney = Infer<typeof VenueMoney>;

/** Spec section 3, "Wallet balance". */
export const WalletBalance = s.object({
  centerWalletBalance: yuan(),
  lockedWalletBalance: yuan(),
  memberTotalBalance: yuan(),
  virtualCurrencyWalletBalance: usdt(),
  virtualCurrencyLockWalletBalance: usdt(),
  coinWalletBalance: s.integer({ minimum: 0 }),
  yebWalletBalance: yuan(),
  baseRate: s.money({ decimals: 5, description: 'Yuan per USDT, rate precision 1e5' }),
  venueList: s.array(VenueMoney),
  totalFunds: yuan('member total + venue RMB + venue USDT times baseRate'),
});
export type WalletBalance = Infer<typeof WalletBalance>;

/** Spec section 3, "Member info". Amounts mirror the wallet. */
export const MemberInfo = s.object({
  id: s.integer(),
  name: s.string(),
  nickName: s.string(),
  grade: s.integer({ minimum: 0, maximum: 10 }),
  lastDays: s.integer({ minimum: 0 }),
  phone: s.string(),
  areaCode: s.string(),
  areaName: s.string(),
  realName: s.string(),
  registerIp: s.string(),
  siteId: s.integer(),
  siteName: s.string(),
  provinces: s.string(),
  qq: s.string(),
  sex: s.integer({ description: '0 unknown, 1 male, 2 female' }),
  status: s.integer({ description: '1 active, 2 sleeping, 3 disabled' }),
  email: s.string(),
  avatar: s.string(),
  has_bank: s.boolean(),
  verify_type: s.integer({ description: 'Identity-authentication mode 0 to 3' }),
  passwordFlag: s.boolean({ description: 'True when a withdrawal password is set' }),
  isOverseasPhoneFunction: s.boolean(),
  isAgent: s.boolean(),
  isChatAdmin: s.boolean(),
  centerMoney: yuan(),
  lockMoney: yuan(),
  virtualMoney: usdt(),
  virtualLockMoney: usdt(),
  AlltotalMoney: yuan(),
  centerWalletBalance: yuan(),
  lockedWalletBalance: yuan(),
  virtualCurrencyWalletBalance: usdt(),
  virtualCurrencyLockWalletBalance: usdt(),
  memberTotalBalance: yuan(),
  baseRate: s.money({ decimals: 5 }),
});
export type MemberInfo = Infer<typeof MemberInfo>;

export const CustomerService = s.object({ code: s.string(), url: s.string() });
export type CustomerService = Infer<typeof CustomerService>;

const venueRef = s.object({
  code: s.string(),
  enName: s.string(),
  zhName: s.string(),
  gameType: s.integer(),
  venueKind: s.optional(
    s.integer({ minimum: 1, maximum: 2, description: "Venue kind (spec section 3): 1 core (the brand's own venues), 2 venues (partner venues); 2 when absent" }),
  ),
  walletModel: s.optional(
    s.enum(['transfer', 'seamless'] as const, {
      description: 'transfer: money moves into the venue before play (the default when absent); seamless: play debits the centre wallet, no transfers',
    }),
  ),
});

/** Spec section 3, "Site base config", per brand. */
export const SiteBaseConfig = s.object({
  siteId: s.integer(),
  brand: s.string({ description: 'Brand key, e.g. lobby or aurora' }),
  title: s.string(),
  logoUrl: s.string(),
  iconUrl: s.string(),
  domainUrls: s.array(s.string()),
  customerService: s.array(CustomerService),
  hardVerify: s.boolean(),
  kaptchcate: s.integer({ description: 'Captcha kind: 0 none, 1 image code' }),
  maintenance: s.nullable(s.object({ start: s.integer({ description: 'ms since epoch' }), end: s.integer() })),
  venues: s.object({
    ty: s.array(venueRef),
    dj: s.array(venueRef),
    dz: s.array(venueRef),
    by: s.array(venueRef),
    zr: s.array(venueRef),
    cp: s.array(venueRef),
    qp: s.array(venueRef),
  }),
  vipIcons: s.record(s.string(), { description: 'v0 to v10' }),
  sponsorImages: s.array(s.string()),
  loginCaptcha: s.object({
    login_verify_trigger_times: s.integer({ description: 'Failed logins before a captcha is required' }),
    fast_register_verify: s.boolean(),
    control_imgcode_afs_type: s.integer(),
    control_imgcode_anji_type: s.integer(),
  }),
  language: s.object({ default: s.string(), list: s.array(s.string()) }),
  skin: s.enum(['normal', 'world_cup_skin', 'spring_skin'] as const),
  skinId: s.integer({ description: 'Festival skin number; 5 or 6 show the world-cup entrance' }),
  theme: s.object({ primary: s.string(), accent: s.string(), background: s.string() }),
  topPadding: s.boolean({ description: 'Brand adds top padding on non-home pages' }),
  sideNav: s.boolean({ description: 'Brand shows the side floating navigation' }),
});
export type SiteBaseConfig = Infer<typeof SiteBaseConfig>;

/** Spec section 3, "Message unread counts by type". */
export const MessageCounts = s.object({
  activityCount: s.integer({ minimum: 0 }),
  noticeCount: s.integer({ minimum: 0 }),
  depositWithDrawCount: s.integer({ minimum: 0 }),
  privateCount: s.integer({ minimum: 0 }),
  showDwTab: s.boolean(),
});
export type MessageCounts = Infer<typeof MessageCounts>;

/** Spec section 3, "Message": one inbox message of the member. */
export const Message = s.object({
  id: s.integer(),
  type: s.integer({ description: '0 message, 1 activity, 2 announcement, 3 deposit/withdrawal' }),
  title: s.string(),
  content: s.string(),
  isRead: s.boolean(),
  sticky: s.boolean({ description: 'Pinned by the operator: listed before the others' }),
  createdAt: s.integer({ description: 'ms since epoch' }),
});
export type Message = Infer<typeof Message>;
