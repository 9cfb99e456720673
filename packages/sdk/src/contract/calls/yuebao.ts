import { defineCall } from '../call.js';
import { INT4_MAX, s } from '../schema.js';

/**
 * Yuebao (balance interest) calls of spec section 7, served under /yeb/. Yuan carry 2
 * decimals on the wire; the annual rate is a percentage with 5 decimals (1e5 precision).
 */

const yuan = (description: string) => s.money({ decimals: 2, description });

export const YuebaoMoveRequest = s.object({
  money: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000, description: 'Yuan to move' }),
});

export const YuebaoMoveResponse = s.object({
  billNo: s.string(),
  money: yuan('The amount moved'),
  centerWalletBalance: yuan('Centre wallet after the move'),
  yebWalletBalance: yuan('Yuebao wallet after the move'),
});

/** Moves yuan from the centre wallet into yuebao. Moves money: send `x-idempotency-key`. */
export const yuebaoToYeb = defineCall({
  name: 'yuebaoToYeb',
  group: 'yuebao',
  path: '/yeb/v1/to_yeb',
  style: 'json',
  auth: 'member',
  summary: 'Move yuan from the centre wallet into yuebao',
  request: YuebaoMoveRequest,
  response: YuebaoMoveResponse,
  movesMoney: true,
});

/** Moves yuan from yuebao back to the centre wallet. Moves money: send `x-idempotency-key`. */
export const yuebaoToCentre = defineCall({
  name: 'yuebaoToCentre',
  group: 'yuebao',
  path: '/yeb/v1/to_center',
  style: 'json',
  auth: 'member',
  summary: 'Move yuan from yuebao back to the centre wallet',
  request: YuebaoMoveRequest,
  response: YuebaoMoveResponse,
  movesMoney: true,
});

/** Spec section 3, "Balance interest" details. */
export const YuebaoRevenue = s.object({
  yesterdayEarnings: yuan('Interest credited for yesterday'),
  cumulativeIncome: yuan('All interest ever credited'),
  annualInterestRate: s.money({ decimals: 6, description: 'Percent a year, e.g. 3.65' }),
  availableAmount: yuan('The yuebao balance, free to move back to the centre wallet'),
  interestAmount: yuan("Today's interest on the current balance, rounded down to the fen"),
});

/** Yuebao revenue details. */
export const yuebaoRevenue = defineCall({
  name: 'yuebaoRevenue',
  group: 'yuebao',
  path: '/yeb/v1/revenue_details',
  style: 'json',
  auth: 'member',
  summary: 'Yuebao revenue: yesterday, cumulative, rate, available, interest',
  request: s.empty(),
  response: YuebaoRevenue,
});

/** Spec section 3, "Balance interest": status, model, vipFlag, yebTaskStatus, and the rate. */
export const YuebaoConfig = s.object({
  status: s.enum([0, 1] as const, { description: '1 open' }),
  model: s.integer({ description: '1: daily interest on the balance held at accrual time' }),
  vipFlag: s.enum([0, 1] as const, { description: '1: the rate depends on the VIP grade (not used: one rate)' }),
  yebTaskStatus: s.enum([0, 1] as const, { description: '1: a yuebao task activity (a promo_v2 gift unlocked by the yuebao balance) is running' }),
  annualInterestRate: s.money({ decimals: 6, description: 'Percent a year, e.g. 3.65' }),
});

/** Yuebao configuration of the brand. */
export const yuebaoConfig = defineCall({
  name: 'yuebaoConfig',
  group: 'yuebao',
  path: '/yeb/v1/config',
  style: 'json',
  auth: 'member',
  summary: 'Yuebao configuration: status, model, flags and annual rate',
  request: s.empty(),
  response: YuebaoConfig,
});

/**
 * Operator: opens (1) or closes (0) yuebao on one brand. While closed, yuebaoConfig answers
 * status 0 and both moves are refused with yuebaoClosed; the balance stays and keeps its daily interest.
 */
export const opsYuebaoStatus = defineCall({
  name: 'opsYuebaoStatus',
  group: 'operator',
  path: '/ops/v1/yuebao/status',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: open or close yuebao on a brand',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), status: s.enum([0, 1] as const) }),
  response: s.object({ siteId: s.integer(), status: s.enum([0, 1] as const) }),
});
