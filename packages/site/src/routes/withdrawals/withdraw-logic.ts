import { WITHDRAW_STATE, inRange, validateUsdtAddress, type CallResponse, type WithdrawalOrder, type withdrawInfo } from '@lobby/sdk';

export type WithdrawInfo = CallResponse<typeof withdrawInfo>;

/**
 * Spec section 3, "Withdraw info types", in the order the page offers them: '3' normal
 * (ordinary), '4' fast (speed), '1' USDT, '2' account-transfer pay and '5' another pay type
 * (the e-wallets).
 */
export const WITHDRAW_WAYS = [
  { type: '3', way: 'ordinary' },
  { type: '4', way: 'speed' },
  { type: '1', way: 'usdt' },
  { type: '2', way: 'accountTransfer' },
  { type: '5', way: 'eWallet' },
] as const;
export type WithdrawWay = (typeof WITHDRAW_WAYS)[number]['way'];

/** Spec section 4: withdrawal order steps, and the steps of an expired order. */
export const WITHDRAW_STEPS = ['submitted', 'waiting', 'toConfirm', 'completed'] as const;
export const EXPIRED_STEPS = ['submitted', 'processing', 'timedOut'] as const;

/**
 * Where a draw stands: the step index on the normal steps (4011/4014 waiting for
 * withdrawal, 4012 too, 4013 waiting for your confirmation, 4015 completed) or on the
 * expired steps (4016 timed out).
 *
 * @example withdrawProgress(4013) // { steps: 'normal', step: 2 }
 */
export function withdrawProgress(orderState: number): { steps: 'normal' | 'expired'; step: number } {
  if (orderState === WITHDRAW_STATE.expired) return { steps: 'expired', step: 2 };
  if (orderState === WITHDRAW_STATE.toConfirm) return { steps: 'normal', step: 2 };
  if (orderState === WITHDRAW_STATE.completed) return { steps: 'normal', step: 3 };
  return { steps: 'normal', step: 1 };
}

/** The draws of an order: its split draws (fast withdrawal), else the order itself. */
export function drawsOf(order: WithdrawalOrder): WithdrawalOrder['subDraws'] {
  return order.subDraws.length > 0 ? order.subDraws : [order];
}

/** Draws waiting for the member to confirm receipt (state 4013 with matchResult 1). */
export function drawsToConfirm(order: WithdrawalOrder): WithdrawalOrder['subDraws'] {
  return drawsOf(order).filter((draw) => draw.orderState === WITHDRAW_STATE.toConfirm && draw.matchResult === 1);
}

/** True while any draw of the order is not final. */
export function isActiveWithdrawal(order: WithdrawalOrder): boolean {
  return drawsOf(order).some((draw) => draw.orderState !== WITHDRAW_STATE.completed && draw.orderState !== WITHDRAW_STATE.expired);
}

export type WithdrawProblem =
  | 'amountEmpty'
  | 'amountNotNumber'
  | 'amountDecimals'
  | 'amountOutOfRange'
  | 'amountOverBalance'
  | 'limitReached'
  | 'passwordEmpty'
  | 'bankNameEmpty'
  | 'bankCardInvalid'
  | 'addressInvalid'
  | 'eWalletAddressMissing';

/**
 * The amount rules of a withdrawal way: not empty, a number with at most 2 decimals
 * (USDT 6), within the way's min and max, not above what can be withdrawn now, and a
 * withdrawal left today.
 *
 * @example withdrawAmountProblem('50', info) // 'amountOutOfRange' when the minimum is 100
 */
export function withdrawAmountProblem(text: string, info: Pick<WithdrawInfo, 'minAmount' | 'maxAmount' | 'balance' | 'surplusCount' | 'currency'>): WithdrawProblem | null {
  const value = text.trim();
  if (value === '') return 'amountEmpty';
  if (!/^\d*\.?\d*$/.test(value) || value === '.') return 'amountNotNumber';
  const decimals = info.currency === 'USDT' ? 6 : 2;
  if (new RegExp(`\\.\\d{${decimals + 1},}$`).test(value)) return 'amountDecimals';
  if (!inRange(value, info.minAmount, info.maxAmount)) return 'amountOutOfRange';
  if (!inRange(value, 0, info.balance)) return 'amountOverBalance';
  if (info.surplusCount <= 0) return 'limitReached';
  return null;
}

/** A bank card number as the withdrawal request takes it: 10 to 24 digits, spaces ignored. */
export function cardNumberOf(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^[0-9]{10,24}$/.test(digits) ? digits : null;
}

/** Spec section 5: a USDT address checked by its protocol (TRC20, ERC20, OMNI). */
export function usdtAddressOf(text: string, protocol: string): string | null {
  const result = validateUsdtAddress(text, protocol);
  return result.ok ? result.value : null;
}

/** Where a bank withdrawal goes: a bound card by its id (memberBankList), or a typed card. */
export type BankPayout = { bankCardId: number } | { bankName: string; bankCard: string };

/**
 * The payout fields of the withdrawal request, and nothing else of the form: a bound
 * card travels as its id only (the server reads the full number), a typed one as name
 * and number.
 *
 * @example payoutOf({ kind: 'bank', bankCardId: 12, amount: 100 }) // { bankCardId: 12 }
 */
export function payoutOf(body: BankPayout): BankPayout {
  return 'bankCardId' in body ? { bankCardId: body.bankCardId } : { bankName: body.bankName, bankCard: body.bankCard };
}

/** An e-wallet way the page offers (withdraw info '5'): its protocol, name and withdraw type. */
export type EWalletWay = NonNullable<WithdrawInfo['eWallet']>['ways'][number];

/**
 * The member's bound addresses of one e-wallet (EbPay 3, KoiPay 4), the only ones an
 * e-wallet withdrawal can go to.
 *
 * @example boundEWalletAddresses(addresses, 3) // the EbPay addresses
 */
export function boundEWalletAddresses<A extends { protocol: number }>(addresses: readonly A[], protocol: number): A[] {
  return addresses.filter((address) => address.protocol === protocol);
}
