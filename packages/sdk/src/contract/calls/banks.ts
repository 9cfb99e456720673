import { defineCall } from '../call.js';
import { s } from '../schema.js';
import { WalletTypeValue } from './venues.js';

/**
 * Bank cards, virtual currency and e-wallet addresses, wallet type and USDT conversions
 * (spec section 7, "Finance" and "Others"), served under /finance/. A member sees and
 * touches only its own cards and addresses; another member's id answers not found.
 */

const id = s.integer({ minimum: 1, maximum: 9_007_199_254_740_991 });

export const BankCard = s.object({
  id,
  type: s.enum([0, 1] as const, { description: 'Bank card type: 0 deposit card, 1 credit card' }),
  bankName: s.string(),
  cardNo: s.string({ description: 'Masked: the last 4 digits only' }),
  realName: s.string(),
  createdAt: s.string({ description: 'ISO 8601 time' }),
});

export const BankCardList = s.object({ list: s.array(BankCard) });

/** The member's bank cards, newest first. */
export const memberBankList = defineCall({
  name: 'memberBankList',
  group: 'finance',
  path: '/finance/v1/member_bank_list',
  style: 'json',
  auth: 'member',
  summary: "The member's bound bank cards",
  request: s.empty(),
  response: BankCardList,
});

export const BindBankCardRequest = s.object({
  type: s.enum([0, 1] as const, { description: '0 deposit card, 1 credit card' }),
  bankName: s.string({ minLength: 1, maxLength: 64 }),
  cardNo: s.string({ minLength: 1, maxLength: 32, description: '16 to 19 digits passing the Luhn check; spaces are ignored' }),
  realName: s.string({ minLength: 1, maxLength: 64 }),
});

/** Binds a bank card (at most 5 per member). */
export const bindBankCard = defineCall({
  name: 'bindBankCard',
  group: 'finance',
  path: '/finance/v1/bind_bank_card',
  style: 'json',
  auth: 'member',
  summary: 'Bind a deposit card (0) or credit card (1)',
  request: BindBankCardRequest,
  response: BankCard,
});

export const DeleteByIdRequest = s.object({ id });

/** Deletes one of the member's bank cards. */
export const deleteBankCard = defineCall({
  name: 'deleteBankCard',
  group: 'finance',
  path: '/finance/v1/delete_bank_card',
  style: 'json',
  auth: 'member',
  summary: 'Delete a bound bank card',
  request: DeleteByIdRequest,
  response: s.object({ id }),
});

/** Virtual protocol of spec section 3: TRC20 0, ERC20 1, OMNI 2, EBPAY 3, KOIPAY 4, BTC 5, ETH 6, BNB 7, TRX 8. */
export const VirtualProtocolValue = s.enum([0, 1, 2, 3, 4, 5, 6, 7, 8] as const, { description: 'TRC20 0, ERC20 1, OMNI 2, EBPAY 3, KOIPAY 4, BTC 5, ETH 6, BNB 7, TRX 8' });

export const VirtualAddress = s.object({
  id,
  protocol: VirtualProtocolValue,
  address: s.string(),
  alias: s.string(),
  createdAt: s.string({ description: 'ISO 8601 time' }),
});

export const VirtualAddressList = s.object({ list: s.array(VirtualAddress) });

/** The member's virtual currency and e-wallet addresses, newest first. */
export const virtualCurrencyList = defineCall({
  name: 'virtualCurrencyList',
  group: 'finance',
  path: '/finance/v1/virtual_currency/list',
  style: 'json',
  auth: 'member',
  summary: "The member's virtual currency addresses",
  request: s.empty(),
  response: VirtualAddressList,
});

export const VirtualAddressInsertRequest = s.object({
  protocol: VirtualProtocolValue,
  address: s.string({ minLength: 1, maxLength: 128 }),
  alias: s.optional(s.string({ maxLength: 32 })),
});

/** Adds an address, validated by protocol (spec section 5); at most 10 per member. */
export const virtualCurrencyInsert = defineCall({
  name: 'virtualCurrencyInsert',
  group: 'finance',
  path: '/finance/v1/virtual_currency/insert',
  style: 'json',
  auth: 'member',
  summary: 'Add a virtual currency address (validated by protocol)',
  request: VirtualAddressInsertRequest,
  response: VirtualAddress,
});

/** Deletes one of the member's addresses. */
export const virtualCurrencyDelete = defineCall({
  name: 'virtualCurrencyDelete',
  group: 'finance',
  path: '/finance/v1/virtual_currency/delete',
  style: 'json',
  auth: 'member',
  summary: 'Delete a virtual currency address',
  request: DeleteByIdRequest,
  response: s.object({ id }),
});

export const EWalletAddRequest = s.object({
  protocol: s.enum([3, 4] as const, { description: 'EBPAY 3, KOIPAY 4' }),
  address: s.string({ minLength: 1, maxLength: 64, description: 'The e-wallet account: 6 to 64 letters, digits, _ . @ -' }),
  alias: s.optional(s.string({ maxLength: 32 })),
});

/** Adds an EbPay or KoiPay e-wallet address. */
export const eWalletAddressAdd = defineCall({
  name: 'eWalletAddressAdd',
  group: 'finance',
  path: '/finance/v1/e_wallet/add',
  style: 'json',
  auth: 'member',
  summary: 'Add an EbPay or KoiPay e-wallet address',
  request: EWalletAddRequest,
  response: VirtualAddress,
});

/** Removes an EbPay or KoiPay e-wallet address. */
export const eWalletAddressRemove = defineCall({
  name: 'eWalletAddressRemove',
  group: 'finance',
  path: '/finance/v1/e_wallet/remove',
  style: 'json',
  auth: 'member',
  summary: 'Remove an EbPay or KoiPay e-wallet address',
  request: DeleteByIdRequest,
  response: s.object({ id }),
});

export const WalletType = s.object({ walletType: WalletTypeValue });

/** The member's wallet type (1 RMB, 2 USDT). */
export const walletTypeGet = defineCall({
  name: 'walletTypeGet',
  group: 'finance',
  path: '/finance/v1/wallet_type/get',
  style: 'json',
  auth: 'member',
  summary: 'Wallet type: 1 RMB, 2 USDT',
  request: s.empty(),
  response: WalletType,
});

/** Sets the member's wallet type. */
export const walletTypeSet = defineCall({
  name: 'walletTypeSet',
  group: 'finance',
  path: '/finance/v1/wallet_type/set',
  style: 'json',
  auth: 'member',
  summary: 'Set the wallet type',
  request: WalletType,
  response: WalletType,
});

/** Spec section 3, "Change-money config": yuan per USDT when the site buys and sells, and conversions left today. */
export const ChangeMoneyConfig = s.object({
  buyRate: s.money({ decimals: 6, description: 'Yuan paid per USDT converted to RMB (5 decimals used)' }),
  sellRate: s.money({ decimals: 6, description: 'Yuan charged per USDT bought with RMB (5 decimals used)' }),
  remainCount: s.integer({ minimum: 0, description: 'Conversions left today' }),
});

/** The conversion rates and the conversions left today. */
export const changeMoneyConfig = defineCall({
  name: 'changeMoneyConfig',
  group: 'finance',
  path: '/finance/v1/change_money/config',
  style: 'json',
  auth: 'member',
  summary: 'USDT conversion rates and conversions left today',
  request: s.empty(),
  response: ChangeMoneyConfig,
});

export const ConversionResponse = s.object({
  billNo: s.string(),
  rate: s.money({ decimals: 6, description: 'Yuan per USDT applied' }),
  centerWalletBalance: s.money({ decimals: 2 }),
  virtualCurrencyWalletBalance: s.money({ decimals: 6 }),
  rmbAmount: s.money({ decimals: 2 }),
  usdtAmount: s.money({ decimals: 6 }),
});

/** Converts USDT to yuan at the buy rate, rounded down to the fen. Moves money. */
export const usdtToRmb = defineCall({
  name: 'usdtToRmb',
  group: 'finance',
  path: '/finance/v1/change_money/usdt_to_rmb',
  style: 'json',
  auth: 'member',
  summary: 'Convert USDT to RMB at the buy rate',
  request: s.object({ usdtAmount: s.money({ decimals: 6, exclusiveMinimum: 0, maximum: 10_000_000 }) }),
  response: ConversionResponse,
  movesMoney: true,
});

/** Converts yuan to USDT at the sell rate, rounded down to the micro-USDT. Moves money. */
export const rmbToUsdt = defineCall({
  name: 'rmbToUsdt',
  group: 'finance',
  path: '/finance/v1/change_money/rmb_to_usdt',
  style: 'json',
  auth: 'member',
  summary: 'Convert RMB to USDT at the sell rate',
  request: s.object({ rmbAmount: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000 }) }),
  response: ConversionResponse,
  movesMoney: true,
});
