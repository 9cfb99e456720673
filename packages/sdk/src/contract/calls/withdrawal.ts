import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';
import { PasswordHash } from './member.js';

/**
 * Withdrawal calls of spec section 7 ("Finance" and "User"): withdraw info by type,
 * withdrawal password set, reset, update, verify and status, withdrawal request, USDT
 * withdraw, order info, confirm and appeal; served under /finance/v1/withdraw/. Each
 * order has one draw (normal, USDT) or several split draws (fast withdrawal, type 88888);
 * draw states (spec section 4): 4011 matching, 4012 waiting to pay, 4013 to be confirmed
 * (matchResult 1), 4014 frozen, and this product's 4015 completed and 4016 expired.
 */

/** Draw states (spec section 4; 4015 and 4016 are this product's choice). */
export const WITHDRAW_STATE = { matching: 4011, waiting: 4012, toConfirm: 4013, frozen: 4014, completed: 4015, expired: 4016 } as const;
/** Spec section 3, "Withdrawal type codes". */
export const WITHDRAW_TYPE = { normal: 0, fast: 1, ebPay: 3, koiPay: 4, usdt: 30000, fastSplit: 88888 } as const;
/** The e-wallet withdrawal ways: virtual protocol (spec section 3, EBPAY 3, KOIPAY 4) and withdrawal type code. */
export const E_WALLET_WAYS = [
  { protocol: 3, name: 'EbPay', withdrawType: 3 },
  { protocol: 4, name: 'KoiPay', withdrawType: 4 },
] as const;

const billNo = s.string({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });

const drawProps = {
  billNo: s.string(),
  orderState: s.integer({ description: '4011 matching, 4012 waiting, 4013 to be confirmed, 4014 frozen, 4015 completed, 4016 expired' }),
  status: s.integer({ description: 'Spec section 4, withdrawal status: 0 processing, 1 matching or waiting, 2 to be confirmed, 3 manual source; -1 finished' }),
  matchResult: s.integer({ description: '1 when matched and waiting for the member to confirm' }),
  orderSource: s.integer({ description: '0 normal, 1 or 2 manual or special source' }),
  orderTimeOut: s.integer({ description: 'Minutes a draw waits to be matched and paid' }),
  expireTime: s.integer({ minimum: 0, description: 'Seconds left before the draw expires' }),
  withdrawType: s.integer(),
  sourceWithdrawType: s.integer(),
  speedLabel: s.integer(),
  firstDraw: s.boolean(),
  amount: s.number(),
  currency: s.enum(['RMB', 'USDT'] as const),
  createdAt: s.string({ description: 'ISO 8601 time' }),
};

/** Spec section 3, "Withdrawal order": its own fields and its split draws. */
export const WithdrawalOrder = s.object({ ...drawProps, subDraws: s.array(s.object(drawProps)) });
export type WithdrawalOrder = Infer<typeof WithdrawalOrder>;

const yuan = () => s.money({ decimals: 2 });

/** Withdraw info by type: '1' USDT, '2' account-transfer pay, '3' normal, '4' fast, '5' another pay type. */
export const withdrawInfo = defineCall({
  name: 'withdrawInfo',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/info',
  style: 'json',
  auth: 'member',
  summary: "Withdraw info by type ('1' USDT .. '5')",
  request: s.object({ type: s.enum(['1', '2', '3', '4', '5'] as const) }),
  response: s.object({
    type: s.string(),
    enabled: s.boolean(),
    currency: s.enum(['RMB', 'USDT'] as const),
    balance: s.number({ description: 'What can be withdrawn now (centre wallet, or USDT wallet)' }),
    minAmount: s.number(),
    maxAmount: s.number(),
    fee: s.number(),
    surplusCount: s.integer({ description: 'Withdrawals left today' }),
    surplusAmount: s.number({ description: 'Amount left today' }),
    hasWithdrawPassword: s.boolean(),
    usdt: s.nullable(s.object({ exchangeRate: s.number(), protocols: s.array(s.string()), supportUsdt: s.boolean() })),
    fast: s.nullable(
      s.object({ drawCount: s.integer(), fixedAmount: s.array(yuan()), drawRewardRate: s.number(), drawType: s.integer(), drawMarginRate: s.number(), whitelist: s.boolean() }),
    ),
    eWallet: s.nullable(
      s.object({
        ways: s.array(s.object({ protocol: s.integer({ description: 'EBPAY 3, KOIPAY 4' }), name: s.string(), withdrawType: s.integer({ description: 'EbPay 3, KoiPay 4' }) })),
      }, { description: "Type '5' only: the e-wallets a withdrawal can go to (to an address bound with eWalletAddressAdd)" }),
    ),
  }),
});

/** Whether the member has a withdrawal password. */
export const withdrawPasswordStatus = defineCall({
  name: 'withdrawPasswordStatus',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/password/status',
  style: 'json',
  auth: 'member',
  summary: 'Withdrawal password: is one set',
  request: s.empty(),
  response: s.object({ isSet: s.boolean() }),
});

const Done = s.object({ isSet: s.boolean() });

/** Sets the first withdrawal password (withdrawPasswordAlreadySet when one exists). */
export const withdrawPasswordSet = defineCall({
  name: 'withdrawPasswordSet',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/password/set',
  style: 'json',
  auth: 'member',
  summary: 'Set the withdrawal password',
  request: s.object({ password: PasswordHash }),
  response: Done,
});

/** Changes it, given the current one. */
export const withdrawPasswordUpdate = defineCall({
  name: 'withdrawPasswordUpdate',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/password/update',
  style: 'json',
  auth: 'member',
  summary: 'Update the withdrawal password with the old one',
  request: s.object({ oldPassword: PasswordHash, password: PasswordHash }),
  response: Done,
});

/** Replaces a forgotten one, given the login password. */
export const withdrawPasswordReset = defineCall({
  name: 'withdrawPasswordReset',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/password/reset',
  style: 'json',
  auth: 'member',
  summary: 'Reset the withdrawal password with the login password',
  request: s.object({ loginPassword: PasswordHash, password: PasswordHash }),
  response: Done,
});

/** Checks it (withdrawPasswordWrong otherwise; 5 wrong tries in 15 minutes give 429). */
export const withdrawPasswordVerify = defineCall({
  name: 'withdrawPasswordVerify',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/password/verify',
  style: 'json',
  auth: 'member',
  summary: 'Verify the withdrawal password',
  request: s.object({ password: PasswordHash }),
  response: s.object({ verified: s.boolean() }),
});

/**
 * A withdrawal from the centre wallet: the amount moves to the locked wallet until the
 * draw completes (then it leaves) or expires (then it returns). Fast (withdrawType 1)
 * splits into draws of type 88888. The money goes either to a bound card, by its
 * `bankCardId` (the id memberBankList answers; the server reads the full number, and
 * another member's or an unknown id is withdrawCardNotFound), or to a typed `bankName`
 * and `bankCard`; exactly one of the two ways, else withdrawCardRequired.
 */
export const withdrawalRequest = defineCall({
  name: 'withdrawalRequest',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/request',
  style: 'json',
  auth: 'member',
  summary: 'Withdrawal request (normal or fast) to a bank card',
  request: s.object({
    amount: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000 }),
    withdrawType: s.enum([0, 1] as const, { description: '0 normal, 1 fast (split draws)' }),
    withdrawPassword: PasswordHash,
    bankName: s.optional(s.string({ minLength: 1, maxLength: 40, description: 'With bankCard, when no bankCardId is given' })),
    bankCard: s.optional(s.string({ pattern: '^[0-9]{10,24}$', description: 'With bankName, when no bankCardId is given' })),
    bankCardId: s.optional(s.integer({ minimum: 1, maximum: 9_007_199_254_740_991, description: "A bound card's id from memberBankList, instead of bankName and bankCard" })),
  }),
  response: WithdrawalOrder,
  movesMoney: true,
});

/** A USDT withdrawal from the USDT wallet (only when the brand's supportUsdt is on). */
export const usdtWithdraw = defineCall({
  name: 'usdtWithdraw',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/usdt',
  style: 'json',
  auth: 'member',
  summary: 'USDT withdraw to an address (TRC20, ERC20 or OMNI)',
  request: s.object({
    amount: s.money({ decimals: 6, exclusiveMinimum: 0, maximum: 10_000_000 }),
    protocol: s.enum(['TRC20', 'ERC20', 'OMNI'] as const),
    address: s.string({ minLength: 26, maxLength: 64 }),
    withdrawPassword: PasswordHash,
  }),
  response: WithdrawalOrder,
  movesMoney: true,
});

/** The member's order by billNo (order or draw), or the newest active one; null when none. */
export const withdrawOrderInfo = defineCall({
  name: 'withdrawOrderInfo',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/order_info',
  style: 'json',
  auth: 'member',
  summary: 'Withdraw order info (fast withdrawal order with its draws)',
  request: s.object({ billNo: s.optional(billNo) }),
  response: s.nullable(WithdrawalOrder),
});

/** The member received the money of a draw to be confirmed (4013 -> 4015). */
export const withdrawalConfirm = defineCall({
  name: 'withdrawalConfirm',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/confirm',
  style: 'json',
  auth: 'member',
  summary: 'Confirm receipt of a withdrawal draw',
  request: s.object({ billNo }),
  response: WithdrawalOrder,
});

/** The member did not receive it: the draw is frozen for the back office (4013 -> 4014). */
export const withdrawalAppeal = defineCall({
  name: 'withdrawalAppeal',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/appeal',
  style: 'json',
  auth: 'member',
  summary: 'Appeal a withdrawal draw (not received)',
  request: s.object({ billNo, content: s.string({ minLength: 1, maxLength: 500 }) }),
  response: WithdrawalOrder,
});

/**
 * A withdrawal from the centre wallet to one of the member's bound EbPay or KoiPay
 * addresses (eWalletAddressAdd), by its `addressId`: withdraw type 3 (EbPay) or 4
 * (KoiPay) after the address's protocol. The amount moves to the locked wallet and the
 * order walks the same draw states and operator actions as a normal withdrawal. Another
 * member's, an unknown or a non-e-wallet address id is withdrawAddressNotFound.
 */
export const eWalletWithdraw = defineCall({
  name: 'eWalletWithdraw',
  group: 'withdrawal',
  path: '/finance/v1/withdraw/e_wallet',
  style: 'json',
  auth: 'member',
  summary: 'E-wallet (EbPay, KoiPay) withdrawal to a bound address',
  request: s.object({
    amount: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000 }),
    addressId: s.integer({ minimum: 1, maximum: 9_007_199_254_740_991, description: 'A bound e-wallet address id from virtualCurrencyList (protocol 3 or 4)' }),
    withdrawPassword: PasswordHash,
  }),
  response: WithdrawalOrder,
  movesMoney: true,
});
