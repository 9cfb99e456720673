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
export { allCalls, webLogin, siteBaseConfig, LoginRequest, LoginResponse, PasswordHash } from './calls/index.js';
export { toMinor, fromMinor, hasAtMostDecimals, MoneyFormatError } from '../money/money.js';
export type { Decimals } from '../money/money.js';
