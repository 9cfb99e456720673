export { s, OPTIONAL_KEY } from './schema.js';
export type { Schema, OptionalSchema, Infer, StringOptions, NumberOptions, ArrayOptions, MoneyOptions } from './schema.js';
export { defineCall } from './call.js';
export type { Call, AnyCall, CallAuth, CallDefinition, CallRequest, CallResponse, HttpMethod, RequestStyle } from './call.js';
export { CODE, codeName, httpStatusOf } from './codes.js';
export type { Code, CodeName, Envelope } from './codes.js';
export {
  HEADER,
  CLIENT_TYPE,
  ORIGINAL_CLIENT_TYPE,
  CLIENT_VERSION,
  DEFAULT_SITE_ID,
  DEMO_SIGN_KEY,
  SIGN_WINDOW_MS,
  requestSign,
  signingText,
} from './headers.js';
export type { SignInput } from './headers.js';
export { md5Hex } from './md5.js';
export { VenueMoney, WalletBalance, MemberInfo, CustomerService, SiteBaseConfig, MessageCounts } from './entities.js';
export { Message } from './entities.js';
export { allCalls, webLogin, siteBaseConfig, LoginRequest, LoginResponse, PasswordHash } from './calls/index.js';
export { toMinor, fromMinor, hasAtMostDecimals, MoneyFormatError } from '../money/money.js';
export type { Decimals } from '../money/money.js';
export {
  MemberName,
  LoginDeviceRequest,
  RegisterRequest,
  CheckNameRequest,
  CheckNameResponse,
  MemberStatusResponse,
  loginV3,
  loginV4,
  loginV5,
  loginV4Device,
  registerMember,
  registerV4,
  checkNameV1,
  checkNameV2,
  checkNameV3,
  logout,
  userInfo,
  modifyPassword,
  memberStatus,
  memberCheck,
  sleepCheck,
  activate,
  sendPhoneCode,
  PreInfoRequest,
  PreInfo,
  PreInfoV3,
  preInfo,
  preInfoV3,
  LOGIN_CAPTCHA_KEYS,
  loginCaptchaConfig,
  MESSAGE_PAGE_SIZE,
  MessageType,
  MessagePage,
  messageList,
  messageRead,
  messageDelete,
  messageCount,
  messageReadAll,
  messageDeleteAll,
  captchaImage,
  captchaCheck,
} from './calls/index.js';
export {
  walletBalance,
  usdtWalletBalance,
  UsdtWalletBalance,
  coinWalletBalance,
  CoinWalletBalance,
  availableBalance,
  AvailableBalance,
  checkBuyCoinPermission,
  BuyCoinPermission,
  buyCoin,
  BuyCoinRequest,
  BuyCoinResponse,
  COIN_MONEY_MIN,
  COIN_MONEY_MAX,
} from './calls/index.js';
