import { CODE, DEPOSIT_STATE, PAY_TYPE, depositQuickAmounts, inRange, type CallResponse, type PayChannel, type RandomSource, type SpeedToCardConfig, type depositVerifyMobileConfig } from '@lobby/sdk';

/** Spec section 4: deposit order steps. */
export const DEPOSIT_STEPS = ['submitted', 'pendingPayment', 'confirmReceipt', 'completed'] as const;
export type DepositStep = (typeof DEPOSIT_STEPS)[number];

/**
 * Where an order stands on the four steps (index of the current step), or why it left
 * them: 101 pending your payment, 102 waiting to confirm receipt, 104 completed; 103
 * closed and 105 expired end the steps.
 *
 * @example depositProgress(102) // { step: 2, ended: null }
 */
export function depositProgress(orderState: number): { step: number; ended: 'closed' | 'expired' | null } {
  if (orderState === DEPOSIT_STATE.pendingPayment) return { step: 1, ended: null };
  if (orderState === DEPOSIT_STATE.pendingConfirmation) return { step: 2, ended: null };
  if (orderState === DEPOSIT_STATE.completed) return { step: 3, ended: null };
  if (orderState === DEPOSIT_STATE.expired) return { step: 1, ended: 'expired' };
  return { step: 1, ended: 'closed' };
}

/** Spec section 4: USDT deposit steps by route. */
export const USDT_DEPOSIT_STEPS = {
  rmb: ['enterAmount', 'payUsdt', 'completed'],
  usdt: ['chooseColdWallet', 'selectProtocol', 'enterAmount', 'completed'],
} as const;

/** Spec section 2: the deposit tutorials and their step counts. */
export const TUTORIALS = { alipay: 5, unionPay: 3, wechat: 4, onlineBank: 4 } as const;
export type Tutorial = keyof typeof TUTORIALS;

/** The tutorial of a channel, when it has one. */
export function tutorialOf(payTypeId: string): Tutorial | null {
  if (payTypeId === PAY_TYPE.alipay) return 'alipay';
  if (payTypeId === PAY_TYPE.wechat) return 'wechat';
  if (payTypeId === PAY_TYPE.bank) return 'unionPay';
  if (payTypeId === PAY_TYPE.netBank || payTypeId === PAY_TYPE.bankTransfer) return 'onlineBank';
  return null;
}

/** Why a typed amount cannot be sent (keys of the page's texts). */
export type AmountProblem = 'amountEmpty' | 'amountNotNumber' | 'amountDecimals' | 'amountOutOfRange';

/**
 * Spec section 5's amount rules for a channel: not empty, a number with at most 2
 * decimals, between the channel's min and max inclusive (compared exactly, as text).
 *
 * @example depositAmountProblem('99.5', { deposit_min_amount: 100, deposit_max_amount: 50000 }) // 'amountOutOfRange'
 */
export function depositAmountProblem(text: string, channel: Pick<PayChannel, 'deposit_min_amount' | 'deposit_max_amount'>): AmountProblem | null {
  const value = text.trim();
  if (value === '') return 'amountEmpty';
  if (!/^\d*\.?\d*$/.test(value) || value === '.') return 'amountNotNumber';
  if (/\.\d{3,}$/.test(value)) return 'amountDecimals';
  return inRange(value, channel.deposit_min_amount, channel.deposit_max_amount) ? null : 'amountOutOfRange';
}

/**
 * The quick amounts of a channel (spec section 5): its own fixed amounts, else 5
 * random-tailed amounts in range (big recharge on its own bases).
 */
export function quickAmountsOf(channel: PayChannel, random?: RandomSource): number[] {
  return depositQuickAmounts({
    channelAmounts: channel.fixed_amount,
    minYuan: channel.deposit_min_amount,
    maxYuan: channel.deposit_max_amount,
    bigRecharge: channel.pay_type_id === PAY_TYPE.bigRecharge,
    ...(random ? { random } : {}),
  });
}

/**
 * Two example amounts with odd tails for the default hint (spec section 2: "such as 101
 * or 503"), within the channel's range.
 */
export function hintExamples(channel: PayChannel, random?: RandomSource): number[] {
  return depositQuickAmounts({ minYuan: channel.deposit_min_amount, maxYuan: channel.deposit_max_amount, bigRecharge: channel.pay_type_id === PAY_TYPE.bigRecharge, ...(random ? { random } : {}) }).slice(0, 2);
}

/** Spec section 8: the deposit and withdraw result codes, each shown with its meaning. */
export const DEPOSIT_RESULT_CODES: readonly number[] = [
  CODE.guide,
  CODE.noLabor,
  CODE.tooMany,
  CODE.disabled,
  CODE.hasOtherOne,
  CODE.wrongPay,
  CODE.noAvailable,
  CODE.recommendPayment,
  CODE.helpGuests,
  CODE.errorName,
  CODE.authenticationFailure,
];

/** What the page offers beside a result code's message. */
export type ResultAction = 'showOrder' | 'showCancelCount' | 'showTutorial' | 'chooseRecommended' | 'customerService' | 'depositorName' | 'otherChannel' | null;

/**
 * The page's reaction to a result code: the active order for 'has other one', the
 * cancellations for 'too many', the tutorial for 'guide', the recommended channel,
 * customer service for 'no labor' and 'help guests', the depositor name for 'error name',
 * another channel for 'disabled', 'wrong pay' and 'no available'.
 *
 * @example resultAction(244303) // 'showOrder'
 */
export function resultAction(code: number): ResultAction {
  switch (code) {
    case CODE.hasOtherOne:
      return 'showOrder';
    case CODE.tooMany:
      return 'showCancelCount';
    case CODE.guide:
      return 'showTutorial';
    case CODE.recommendPayment:
      return 'chooseRecommended';
    case CODE.noLabor:
    case CODE.helpGuests:
      return 'customerService';
    case CODE.errorName:
      return 'depositorName';
    case CODE.disabled:
    case CODE.wrongPay:
    case CODE.noAvailable:
    case CODE.payChannelNotFound:
    case CODE.paymentDeclined:
      return 'otherChannel';
    default:
      return null;
  }
}

/** Channels in the server's order with the recommended one first among equals. */
export function sortChannels(list: readonly PayChannel[]): PayChannel[] {
  return [...list].sort((a, b) => a.sort - b.sort);
}

/**
 * Spec section 7, mobile binding verification before deposit: with the brand's status 1,
 * a member without a bound phone binds one first. Unknown (still loading or failed): no.
 *
 * @example mustBindPhoneFirst({ keyType: 2, keyCode: 'deposit_verify_mobile_phone', status: 1, phoneBound: false }) // true
 */
export function mustBindPhoneFirst(config: CallResponse<typeof depositVerifyMobileConfig> | undefined): boolean {
  return config !== undefined && config.status === 1 && !config.phoneBound;
}

/**
 * Why a speed-to-card (912) deposit cannot be made now: the receiving banks are in
 * maintenance, or the member has none left today; null when it can.
 *
 * @example speedBlock({ ...config, payCount: 0 }) // 'speedNoneLeft'
 */
export function speedBlock(config: Pick<SpeedToCardConfig, 'bankMaintain' | 'payCount'>): 'speedMaintain' | 'speedNoneLeft' | null {
  if (config.bankMaintain) return 'speedMaintain';
  if (config.payCount <= 0) return 'speedNoneLeft';
  return null;
}
