import { defineCall } from '../call.js';
import { s, type Infer, type Schema } from '../schema.js';

/**
 * The member's own profile (spec section 2 "User-info page", section 5 phone rules and
 * section 7 "Member group": nickname, real name, address get and update, update info
 * values, personal info v3; "User": phone bind). A member reads and writes only its own
 * profile: every call takes the member from the session, never an id.
 */

/** Phone-code purposes (sendPhoneCode `type`) of this group: binding a new phone, verifying the bound one. */
export const PHONE_CODE_PURPOSE = { bindPhone: 4, verifyBoundPhone: 5 } as const;
/** Minutes a verification of the bound phone allows binding another number. */
export const PHONE_REBIND_WINDOW_MIN = 10;

const areaCode = s.string({ pattern: '^\\+[0-9]{1,4}$' });
const phone = s.string({ pattern: '^[0-9]{5,13}$', description: 'Digits only; the brand rules (length, prefixes) apply for +86' });
/** Spec section 5: 6 digits at most for +86, else 10 (checked per area code by the server). */
const code = s.string({ pattern: '^[0-9]{1,10}$' });

/** Spec section 3, "Receiver address". */
export const ReceiverAddress = s.object({
  receiver: s.string({ minLength: 1, maxLength: 30 }),
  province: s.string({ minLength: 1, maxLength: 30 }),
  city: s.string({ minLength: 1, maxLength: 30 }),
  district: s.string({ minLength: 1, maxLength: 30 }),
  address: s.string({ minLength: 1, maxLength: 120, description: 'Street and house' }),
  phone: s.string({ pattern: '^[0-9]{5,13}$' }),
});
export type ReceiverAddress = Infer<typeof ReceiverAddress>;

/** Personal info v3: what the user-info page shows. */
export const PersonalInfo = s.object({
  name: s.string(),
  nickName: s.string(),
  realName: s.string(),
  realNameLocked: s.boolean({ description: 'A real name is set once' }),
  email: s.string(),
  areaCode: s.string(),
  phone: s.string({ description: 'Masked: first 3 and last 4 digits' }),
  phoneBound: s.boolean(),
  phoneRebindUntil: s.nullable(s.string({ description: 'ISO time until which the verified member may bind another phone' })),
  birthday: s.nullable(s.string({ description: 'YYYY-MM-DD, set once' })),
  address: s.nullable(ReceiverAddress),
});
export type PersonalInfo = Infer<typeof PersonalInfo>;

const profileCall = <RS extends Schema<unknown>, PS extends Schema<unknown>>(
  name: string,
  path: string,
  summary: string,
  request: RS,
  response: PS,
) => defineCall({ name, group: 'member', path, style: 'json', auth: 'member', summary, request, response });

/** The logged-in member's personal info (v3). */
export const personalInfoV3 = profileCall('personalInfoV3', '/member/v3/personal_info', 'Personal info of the logged-in member', s.empty(), PersonalInfo);

/**
 * Binds a phone with the code sent by sendPhoneCode (type 4). A member with a bound phone
 * must first verify it (verifyBoundPhone) and then has 10 minutes to bind another.
 */
export const bindPhone = profileCall(
  'bindPhone',
  '/member/v1/phone/bind',
  'Bind a phone number with its verification code',
  s.object({ areaCode, phone, code }),
  PersonalInfo,
);

/** Sends a code (type 5) to the member's bound phone, for the verification modal. */
export const sendBoundPhoneCode = profileCall(
  'sendBoundPhoneCode',
  '/member/v1/phone/send_bound_code',
  'Send a verification code to the bound phone',
  s.empty(),
  s.object({ resendAfterS: s.integer(), expiresInS: s.integer(), phone: s.string({ description: 'Masked bound phone' }) }),
);

/** Verifies the bound phone with its code (clear path verify/phone); opens the 10-minute rebind window. */
export const verifyBoundPhone = profileCall(
  'verifyBoundPhone',
  '/member/v1/verify/phone',
  'Verify the bound phone; allows binding another phone for 10 minutes',
  s.object({ code }),
  PersonalInfo,
);

/** Sets the nickname (1 to 20 characters, no control characters). */
export const setNickname = profileCall('setNickname', '/member/v1/nickname', 'Set the nickname', s.object({ nickName: s.string({ maxLength: 40 }) }), PersonalInfo);

/** Sets the real name, once (realNameAlreadySet afterwards). */
export const setRealName = profileCall('setRealName', '/member/v1/real_name', 'Set the real name (once)', s.object({ realName: s.string({ maxLength: 60 }) }), PersonalInfo);

/** Sets the e-mail address. */
export const setEmail = profileCall('setEmail', '/member/v1/email', 'Set the e-mail address', s.object({ email: s.string({ maxLength: 254 }) }), PersonalInfo);

/** Update info values (set_user_profile): the birthday, once; it dates the VIP birthday bonus. */
export const setUserProfile = profileCall(
  'setUserProfile',
  '/member/v1/set_user_profile',
  'Update info values: the birthday (once)',
  s.object({ birthday: s.string({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }) }),
  PersonalInfo,
);

/** The receiver address (spec section 3), or null when none is saved. */
export const addressGet = profileCall('addressGet', '/member/v1/address/get', 'The receiver address', s.empty(), s.object({ address: s.nullable(ReceiverAddress) }));

/** Saves the receiver address. */
export const addressUpdate = profileCall('addressUpdate', '/member/v1/address/update', 'Save the receiver address', ReceiverAddress, s.object({ address: ReceiverAddress }));
