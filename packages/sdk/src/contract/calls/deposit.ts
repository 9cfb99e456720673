import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * Deposit calls of spec section 7 ("Finance": pay channels, discount config, deposit pay,
 * order status, cancel normal order, already-paid, urge, appeal, last deposit info, deposit
 * tip loop, big-bank processing order, record detail by billNo), served under
 * /finance/v1/deposit/. Order states (spec section 4): 101 pending payment, 102 pending
 * confirmation, 103 closed, 104 completed, 105 expired; only 101 and 102 are active.
 */

/** Deposit order states (spec section 4; 102, 104 and 105 are this product's choice). */
export const DEPOSIT_STATE = { pendingPayment: 101, pendingConfirmation: 102, closed: 103, completed: 104, expired: 105 } as const;

const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });
const billNo = s.string({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });
const BillNoRequest = s.object({ billNo });

/** Spec section 3, "Pay channel" (field names as the spec spells them). */
export const PayChannel = s.object({
  pay_type_id: s.string({ description: 'Pay type id: 1 bank transfer, 912 fast-to-card, 112 big recharge, 411 alipay, 312 wechat QR, ...' }),
  typeName: s.string(),
  userName: s.string({ description: 'Shown name of the channel' }),
  icon: s.string(),
  deposit_min_amount: yuan(),
  deposit_max_amount: yuan(),
  fixed_amount: s.array(yuan(), { description: 'Quick amounts; empty lets the client make 5 (spec section 5)' }),
  depositRate: s.number({ description: 'Deposit discount in percent (e.g. 1.5)' }),
  maxDailyDiscount: yuan('Most discount a member receives a day on this channel'),
  recommend: s.boolean(),
  sort: s.integer(),
  transfer: s.boolean({ description: 'Bank transfer: the order shows recipient account fields' }),
  exchange: s.boolean(),
  dc_protocol: s.string(),
});
export type PayChannel = Infer<typeof PayChannel>;

/** The brand's deposit channels, sorted. */
export const payChannels = defineCall({
  name: 'payChannels',
  group: 'deposit',
  path: '/finance/v1/deposit/pay_channels',
  style: 'json',
  auth: 'member',
  summary: 'Deposit pay channels of the brand (spec section 3, "Pay channel")',
  request: s.empty(),
  response: s.object({ list: s.array(PayChannel) }),
});

/** The discount each channel gives, and today's discount so far. */
export const discountConfig = defineCall({
  name: 'discountConfig',
  group: 'deposit',
  path: '/finance/v1/deposit/discount_config',
  style: 'json',
  auth: 'member',
  summary: 'Deposit discount per pay channel and what the member received today',
  request: s.empty(),
  response: s.object({
    list: s.array(s.object({ pay_type_id: s.string(), depositRate: s.number(), maxDailyDiscount: yuan(), usedToday: yuan() })),
  }),
});

/** Spec section 3, "Deposit order", plus the amounts and times of the order. */
export const DepositOrder = s.object({
  id: s.integer(),
  billNo: s.string(),
  orderState: s.integer({ description: '101 pending payment, 102 pending confirmation, 103 closed, 104 completed, 105 expired' }),
  statusName: s.string(),
  orderTimeOut: s.integer({ description: 'Minutes the order stays open for payment' }),
  expireTime: s.integer({ minimum: 0, description: 'Seconds left before the order expires (0 once not pending payment)' }),
  payType: s.string(),
  payTypeName: s.string(),
  bankName: s.string(),
  icon: s.string(),
  transfer: s.boolean(),
  orderAmount: yuan(),
  discountAmount: yuan(),
  recipientAccount: s.string(),
  recipientName: s.string(),
  recipientAddress: s.string(),
  recipientCode: s.string(),
  uploadView: s.boolean(),
  urgeCount: s.integer({ minimum: 0 }),
  appealed: s.boolean(),
  createdAt: s.string({ description: 'ISO 8601 time' }),
  usdt: s.optional(s.object({
    route: s.enum(['rmb', 'usdt'] as const, { description: "rmb: credits the centre wallet in yuan; usdt: credits the USDT wallet" }),
    merchantNo: s.string(),
    protocol: s.enum(['TRC20', 'ERC20'] as const),
    address: s.string({ description: 'Where the member sends the USDT (text and QR code)' }),
    usdtAmount: s.money({ decimals: 6, description: 'USDT the member sends' }),
    creditAmount: s.number({ description: 'What the wallet receives: yuan (route rmb) or USDT (route usdt)' }),
    exchangeRate: s.money({ decimals: 5, description: 'Yuan per USDT used for the order' }),
  }, { description: 'USDT deposits (pay type 2120) only' })),
});
export type DepositOrder = Infer<typeof DepositOrder>;

/**
 * Opens a deposit order on a channel (state 101) and asks the payment provider for the
 * payment; money reaches the centre wallet only when the provider (or an operator)
 * confirms. A member with an active order gets hasOtherOne (244303).
 */
export const depositPay = defineCall({
  name: 'depositPay',
  group: 'deposit',
  path: '/finance/v1/deposit/pay',
  style: 'json',
  auth: 'member',
  summary: 'Deposit pay: create a deposit order on a pay channel',
  request: s.object({
    payTypeId: s.string({ minLength: 1, maxLength: 10, pattern: '^[0-9]+$' }),
    amount: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000 }),
    depositorName: s.optional(s.string({ minLength: 1, maxLength: 40, description: 'Name on the paying account (bank transfer)' })),
  }),
  response: DepositOrder,
  movesMoney: true,
});

/** The member's order by billNo, or the active one without billNo (null when none). */
export const depositOrderStatus = defineCall({
  name: 'depositOrderStatus',
  group: 'deposit',
  path: '/finance/v1/deposit/order_status',
  style: 'json',
  auth: 'member',
  summary: 'Deposit order status (by billNo, or the active order)',
  request: s.object({ billNo: s.optional(billNo) }),
  response: s.nullable(DepositOrder),
});

/** Cancels an order still pending payment (101 -> 103). */
export const cancelNormalOrder = defineCall({
  name: 'cancelNormalOrder',
  group: 'deposit',
  path: '/finance/v1/deposit/cancel_normal_order',
  style: 'json',
  auth: 'member',
  summary: 'Cancel a deposit order pending payment',
  request: BillNoRequest,
  response: DepositOrder,
});

/** Member cancellations today (fast-to-card limits them: after 3, tooMany). */
export const speedCancelCount = defineCall({
  name: 'speedCancelCount',
  group: 'deposit',
  path: '/finance/v1/deposit/speed_cancel_count',
  style: 'json',
  auth: 'member',
  summary: 'Number of deposit cancellations today and the daily limit',
  request: s.empty(),
  response: s.object({ count: s.integer({ minimum: 0 }), limit: s.integer({ minimum: 1 }) }),
});

/** The member says the money was sent (101 -> 102, pending confirmation). */
export const alreadyPaid = defineCall({
  name: 'alreadyPaid',
  group: 'deposit',
  path: '/finance/v1/deposit/already_paid',
  style: 'json',
  auth: 'member',
  summary: 'Already paid: the member has sent the money',
  request: BillNoRequest,
  response: DepositOrder,
});

/** Asks the back office to hurry an order pending confirmation (once a minute). */
export const urgeOrder = defineCall({
  name: 'urgeOrder',
  group: 'deposit',
  path: '/finance/v1/deposit/urge_order',
  style: 'json',
  auth: 'member',
  summary: 'Urge a deposit order pending confirmation',
  request: BillNoRequest,
  response: DepositOrder,
});

/** An appeal about an order pending confirmation, closed or expired (text, kept as text). */
export const depositAppeal = defineCall({
  name: 'depositAppeal',
  group: 'deposit',
  path: '/finance/v1/deposit/appeal',
  style: 'json',
  auth: 'member',
  summary: 'Appeal a deposit order',
  request: s.object({ billNo, content: s.string({ minLength: 1, maxLength: 500 }) }),
  response: DepositOrder,
});

/** The member's newest deposit order (any state), or null. */
export const lastDepositInfo = defineCall({
  name: 'lastDepositInfo',
  group: 'deposit',
  path: '/finance/v1/deposit/last_deposit_info',
  style: 'json',
  auth: 'member',
  summary: 'Last deposit info',
  request: s.empty(),
  response: s.nullable(DepositOrder),
});

/** Spec section 3, "Deposit tip": status 1 once a deposit has arrived (shown once). */
export const depositTipLoop = defineCall({
  name: 'depositTipLoop',
  group: 'deposit',
  path: '/finance/v1/deposit/tip_loop',
  style: 'json',
  auth: 'member',
  summary: 'Deposit tip loop: status 1 with content and billNo when a deposit arrived',
  request: s.empty(),
  response: s.object({ status: s.integer({ description: '0 nothing new, 1 a deposit arrived' }), content: s.string(), billNo: s.string() }),
});

/** The active big-recharge (pay type 112) order, or null. */
export const bigBankProcessingOrder = defineCall({
  name: 'bigBankProcessingOrder',
  group: 'deposit',
  path: '/finance/v1/deposit/big_bank_processing_order',
  style: 'json',
  auth: 'member',
  summary: 'Big-bank processing order',
  request: s.empty(),
  response: s.nullable(DepositOrder),
});

/** Spec section 3, "Deposit and transaction record lists": one record by billNo. */
export const recordDetail = defineCall({
  name: 'recordDetail',
  group: 'deposit',
  path: '/finance/v1/records/detail',
  style: 'json',
  auth: 'member',
  summary: 'Query a deposit or withdrawal record by billNo',
  request: BillNoRequest,
  response: s.object({
    billNo: s.string(),
    dealType: s.enum(['deposit', 'withdrawal'] as const),
    orderState: s.integer(),
    statusName: s.string(),
    auditStatus: s.integer({ description: '0 in progress, 1 succeeded, 2 failed or closed' }),
    amount: s.number(),
    currency: s.enum(['RMB', 'USDT'] as const),
    createdAt: s.string({ description: 'ISO 8601 time' }),
  }),
});

/** Spec section 3, "Speed-to-card config" (the fast-to-card deposit of pay type 912). */
export const SpeedToCardConfig = s.object({
  bankMaintain: s.boolean({ description: 'Receiving banks in maintenance: speed-to-card is not offered now' }),
  payConfirmTime: s.integer({ minimum: 1, description: 'Minutes the member has to pay and confirm an order' }),
  payCount: s.integer({ minimum: 0, description: 'Speed-to-card deposits the member has left today' }),
  payDiscountLimit: yuan('Most reward a member receives a day'),
  payNameType: s.integer({ description: '0 any payer name, 1 the payer name must be the member real name' }),
  payRewardRate: s.number({ description: 'Reward in percent of the amount (e.g. 1.5)' }),
  whitelist: s.boolean({ description: 'The member is on the speed-to-card whitelist' }),
});
export type SpeedToCardConfig = Infer<typeof SpeedToCardConfig>;

/** The speed-to-card (fast-to-card) config for the member. */
export const speedToCardConfig = defineCall({
  name: 'speedToCardConfig',
  group: 'deposit',
  path: '/finance/v1/deposit/speed_to_card_config',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card deposit config (spec section 3, "Speed-to-card config")',
  request: s.empty(),
  response: SpeedToCardConfig,
});

/** The USDT deposit address of a payment merchant, for the deposit QR code. */
export const usdtDepositAddress = defineCall({
  name: 'usdtDepositAddress',
  group: 'deposit',
  path: '/finance/v1/deposit/usdt_address',
  style: 'json',
  auth: 'member',
  summary: 'USDT deposit (QR) address by merchantNo',
  request: s.object({ merchantNo: s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) }),
  response: s.object({
    merchantNo: s.string(),
    protocol: s.enum(['TRC20', 'ERC20'] as const),
    address: s.string({ description: 'Shown as text and as a QR code' }),
    exchangeRate: s.money({ decimals: 5, description: 'Yuan per USDT (rate precision 1e5): the rate route rmb credits at' }),
    minAmount: s.money({ decimals: 6, description: 'Least USDT a deposit credits' }),
    maxAmount: s.money({ decimals: 6, description: 'Most USDT one deposit takes' }),
    rmbMinAmount: yuan('Least yuan of a route rmb deposit at this merchant'),
    rmbMaxAmount: yuan('Most yuan of a route rmb deposit at this merchant'),
  }),
});

/** The payment merchants taking USDT deposits (their merchantNo is what usdtDepositAddress asks for). */
export const usdtDepositMerchants = defineCall({
  name: 'usdtDepositMerchants',
  group: 'deposit',
  path: '/finance/v1/deposit/usdt_merchants',
  style: 'json',
  auth: 'member',
  summary: 'USDT deposit merchants (merchantNo, protocol, least amount)',
  request: s.empty(),
  response: s.object({
    supportUsdt: s.boolean({ description: 'false: the brand takes no USDT, and the list is empty' }),
    list: s.array(s.object({
      merchantNo: s.string(),
      protocol: s.enum(['TRC20', 'ERC20'] as const),
      minAmount: s.money({ decimals: 6, description: 'Least USDT a deposit credits' }),
    })),
  }),
});

/** Spec section 4: the USDT deposit routes ('rmb' credits yuan, 'usdt' credits USDT). */
export const USDT_DEPOSIT_ROUTES = ['rmb', 'usdt'] as const;
export type UsdtDepositRoute = (typeof USDT_DEPOSIT_ROUTES)[number];

/**
 * Opens a USDT deposit order (pay type 2120, state 101) at a merchant (the cold wallet)
 * on one of its protocols. Route 'usdt': `amount` is USDT (at most 6 decimals), credited
 * to the USDT wallet; route 'rmb': `amount` is yuan (at most 2 decimals), credited to the
 * centre wallet, the USDT to send worked out at the merchant's exchangeRate (rounded up to
 * the micro-USDT). The order then follows the deposit states like any other; money moves
 * only when the provider or an operator confirms. depositPay refuses pay type 2120.
 */
export const usdtDepositPay = defineCall({
  name: 'usdtDepositPay',
  group: 'deposit',
  path: '/finance/v1/deposit/usdt_pay',
  style: 'json',
  auth: 'member',
  summary: 'USDT deposit: create a deposit order at a USDT merchant (route rmb or usdt)',
  request: s.object({
    route: s.enum(USDT_DEPOSIT_ROUTES),
    merchantNo: s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
    protocol: s.string({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$', description: 'TRC20 or ERC20, as the merchant offers' }),
    amount: s.number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: "USDT (route usdt, 6 decimals) or yuan (route rmb, 2 decimals); more decimals: usdtDepositTooManyDecimals" }),
  }),
  response: DepositOrder,
  movesMoney: true,
});

/**
 * Fast-to-card (speed, pay type 912) order info (spec section 7, "speed-to-card info"; "fast-to-card
 * flow: config, order info, confirm, reminders, appeal"): the order, the card to pay to, the time to
 * pay (until the order expires) and the time to confirm (counted from the member's confirmation of
 * payment), the reminders sent, the appeal and today's speed cancellations.
 */
export const SpeedToCardInfo = s.object({
  order: DepositOrder,
  payerName: s.string({ description: 'The name the member pays from (empty until given)' }),
  payDeadline: s.string({ description: 'ISO 8601 time by which the member pays' }),
  payExpireTime: s.integer({ minimum: 0, description: 'Seconds left to pay (0 once not pending payment)' }),
  confirmDeadline: s.string({ description: 'ISO 8601 time by which the receipt is to be confirmed (empty until the member confirmed payment)' }),
  confirmExpireTime: s.integer({ minimum: 0, description: 'Seconds left to confirm the receipt (0 unless pending confirmation)' }),
  remindCount: s.integer({ minimum: 0 }),
  remindLimit: s.integer({ minimum: 1 }),
  remindAfter: s.integer({ minimum: 0, description: 'Seconds before the next reminder may be sent (0: now)' }),
  appealReason: s.string({ description: 'The appeal reason code, empty when not appealed' }),
  appealContent: s.string({ description: 'The appeal text as the member typed it' }),
  cancelCount: s.integer({ minimum: 0, description: 'Speed (912) orders the member cancelled today' }),
  cancelLimit: s.integer({ minimum: 1 }),
});
export type SpeedToCardInfo = Infer<typeof SpeedToCardInfo>;

const speedBill = s.object({ billNo: s.optional(billNo) });

/** The member's fast-to-card order (by billNo, or the active one), or null when none. */
export const speedToCardInfo = defineCall({
  name: 'speedToCardInfo',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/info',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card order info: card to pay to, amount, times to pay and confirm, reminders, appeal, cancellations',
  request: speedBill,
  response: s.nullable(SpeedToCardInfo),
});

/**
 * The member confirms having paid a fast-to-card order (101 -> 102), naming the payer; with
 * payNameType 1 the payer must be the member's real name (errorName 244316). The money arrives
 * only when the provider or an operator confirms the receipt.
 */
export const speedToCardConfirm = defineCall({
  name: 'speedToCardConfirm',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/confirm',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card: the member confirms the payment (pending confirmation)',
  request: s.object({ billNo, payerName: s.string({ minLength: 1, maxLength: 40 }) }),
  response: SpeedToCardInfo,
});

/** A reminder to confirm a fast-to-card order pending confirmation (spaced, limited per order). */
export const speedToCardRemind = defineCall({
  name: 'speedToCardRemind',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/remind',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card: remind the receiver to confirm',
  request: BillNoRequest,
  response: SpeedToCardInfo,
});

/** Cancels a fast-to-card order pending payment; speed cancellations are counted (tooMany after the limit). */
export const speedToCardCancel = defineCall({
  name: 'speedToCardCancel',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/cancel',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card: cancel an order pending payment (counted)',
  request: BillNoRequest,
  response: SpeedToCardInfo,
});

/** Appeal reasons of the fast-to-card appeal. */
export const SPEED_APPEAL_REASONS = ['paidNotConfirmed', 'wrongAmount', 'cardProblem', 'other'] as const;

/** The fast-to-card appeal config (spec section 7, "speed-to-card appeal config"). */
export const speedAppealConfig = defineCall({
  name: 'speedAppealConfig',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/appeal_config',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card appeal config: reasons, text length, states that may appeal',
  request: s.empty(),
  response: s.object({
    reasons: s.array(s.enum(SPEED_APPEAL_REASONS)),
    maxLength: s.integer({ minimum: 1 }),
    states: s.array(s.integer(), { description: 'Order states an appeal is taken in' }),
  }),
});

/** A fast-to-card appeal (once per order): a reason of the appeal config and text, kept as text. */
export const speedToCardAppeal = defineCall({
  name: 'speedToCardAppeal',
  group: 'deposit',
  path: '/finance/v1/deposit/speed/appeal',
  style: 'json',
  auth: 'member',
  summary: 'Speed-to-card order appeal',
  request: s.object({ billNo, reason: s.enum(SPEED_APPEAL_REASONS), content: s.string({ minLength: 1, maxLength: 500 }) }),
  response: SpeedToCardInfo,
});
