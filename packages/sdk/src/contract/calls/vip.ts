import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * VIP (spec section 3 "VIP grade config" and "VIP info", section 4 "VIP gift status
 * becomes applied after claiming", section 7 clear paths /promo/v1/vip_gift/* and
 * /promo/v1/list/birthday_apply). Grades v0 to v10 per brand; a member's grade rises
 * with its deposits and turnover and never falls here (no relegation rule is shown).
 */

/** Spec section 4: a VIP gift list item's status, 0 before and 1 after claiming. */
export const VIP_GIFT_STATUS = { available: 0, applied: 1 } as const;
/** Grades run from v0 to v10 (spec section 3: VIP icons v0 to v10, badge levels 1 to 10). */
export const VIP_LEVEL_MAX = 10;

const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });

/** Spec section 3, "VIP grade config" (amounts in yuan), plus the level it belongs to. */
export const VipGradeConfig = s.object({
  level: s.integer({ minimum: 0, maximum: VIP_LEVEL_MAX }),
  name: s.string(),
  upgradeDeposit: yuan('Total deposits needed to reach the grade'),
  upgradeFlows: yuan('Total turnover needed to reach the grade'),
  upgradeBonus: yuan('Paid once when the grade is reached'),
  birthCash: yuan('Birthday bonus, once a year in the birthday month'),
  monthGift: yuan('Monthly gift, once per calendar month'),
  dayWithdrawalCounts: s.integer({ minimum: 0 }),
  dayWithdrawalMoney: yuan('Withdrawal limit a day'),
});
export type VipGradeConfig = Infer<typeof VipGradeConfig>;

/** Spec section 3, "Member change info": progress toward the next grade. */
export const VipMemberChangeInfo = s.object({
  levelPercent: s.integer({ minimum: 0, maximum: 100, description: 'The smaller of the deposit and turnover progress' }),
  totalRecharge: yuan('Deposits so far'),
  totalRecord: yuan('Turnover so far'),
  needTotalRecharge: yuan('Deposits still needed for the next grade (0 at the top)'),
  needTotalRecord: yuan('Turnover still needed for the next grade (0 at the top)'),
  vipGrade: s.integer({ minimum: 0, maximum: VIP_LEVEL_MAX }),
  relegateDate: s.nullable(s.string({ description: 'No relegation rule is shown: always null' })),
});

/** One grade change of the member. */
export const VipGradeChange = s.object({
  fromGrade: s.integer(),
  toGrade: s.integer(),
  reason: s.string(),
  changedAt: s.string({ description: 'ISO 8601 time' }),
});

/** Spec section 3, "VIP info", with the spec's field names. */
export const VipInfo = s.object({
  level: s.integer({ minimum: 0, maximum: VIP_LEVEL_MAX }),
  level_name: s.string(),
  upgrade_deposit: yuan('Deposits needed for the next grade in total'),
  upgrade_record: yuan('Turnover needed for the next grade in total'),
  withdraw_count: s.integer({ description: 'Withdrawals a day at this grade' }),
  withdraw_max: yuan('Withdrawal limit a day at this grade'),
  upgrade_gift: yuan('Upgrade bonus of this grade'),
  birth_gift: yuan('Birthday bonus of this grade'),
  every_month_gift: yuan('Monthly gift of this grade'),
  grade_discount: yuan('Bonuses received so far'),
  to_next_level_percent: s.integer({ minimum: 0, maximum: 100 }),
  memberGradeConfigList: s.array(VipGradeConfig),
  memberInfoChangeList: s.array(VipGradeChange),
  memberChangeInfo: VipMemberChangeInfo,
  birthday: s.nullable(s.string()),
  birthdayApplied: s.boolean({ description: 'The birthday bonus of this year is claimed' }),
});
export type VipInfo = Infer<typeof VipInfo>;

/** One VIP gift: an upgrade bonus per reached grade, or this month's gift of the grade. */
export const VipGift = s.object({
  id: s.string({ description: "'upgrade:<level>' or 'month:<level>:<YYYY-MM>'" }),
  kind: s.enum(['upgrade', 'month'] as const),
  level: s.integer(),
  giftName: s.string(),
  giftMoney: yuan(),
  status: s.integer({ description: '0 available, 1 applied (spec section 4)' }),
});
export type VipGift = Infer<typeof VipGift>;

/** The brand's grades v0 to v10; visitors may read them. */
export const vipGradeConfigList = defineCall({
  name: 'vipGradeConfigList',
  group: 'member',
  path: '/member/v1/grade_config_list',
  style: 'json',
  auth: 'optional',
  summary: 'VIP grade config list v0 to v10 of the brand',
  request: s.empty(),
  response: s.object({ list: s.array(VipGradeConfig) }),
});

/** The member's VIP info; a grade reached by deposits and turnover is recorded first. */
export const vipInfo = defineCall({
  name: 'vipInfo',
  group: 'member',
  path: '/member/v1/vip_info',
  style: 'json',
  auth: 'member',
  summary: "The member's VIP grade, progress, bonuses, limits and grade changes",
  request: s.empty(),
  response: VipInfo,
});

/** The member's VIP gifts and their status. */
export const vipGiftList = defineCall({
  name: 'vipGiftList',
  group: 'promotion',
  path: '/promo/v1/vip_gift/list',
  style: 'json',
  auth: 'member',
  summary: 'VIP gifts (upgrade bonus per reached grade, monthly gift) with status',
  request: s.empty(),
  response: s.object({ list: s.array(VipGift) }),
});

/** Claims a VIP gift into the centre wallet, once (x-idempotency-key). */
export const vipGiftApply = defineCall({
  name: 'vipGiftApply',
  group: 'promotion',
  path: '/promo/v1/vip_gift/apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Claim a VIP gift; its status becomes applied',
  request: s.object({ id: s.string({ minLength: 1, maxLength: 40 }) }),
  response: s.object({ gift: VipGift, centerWalletBalance: yuan() }),
});

/** Progress toward the next grade and how many gifts wait to be claimed. */
export const vipGiftCheckProgress = defineCall({
  name: 'vipGiftCheckProgress',
  group: 'promotion',
  path: '/promo/v1/vip_gift/check_progress',
  style: 'json',
  auth: 'member',
  summary: 'VIP progress and the count of gifts to claim',
  request: s.empty(),
  response: s.object({ progress: VipMemberChangeInfo, availableGifts: s.integer({ minimum: 0 }) }),
});

/** Claims this year's birthday bonus of the grade, in the birthday month (x-idempotency-key). */
export const vipBirthdayApply = defineCall({
  name: 'vipBirthdayApply',
  group: 'promotion',
  path: '/promo/v1/list/birthday_apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Claim the VIP birthday bonus',
  request: s.empty(),
  response: s.object({ birthCash: yuan(), year: s.integer(), centerWalletBalance: yuan() }),
});
