import { defineCall } from '../call.js';
import { MemberInfo } from '../entities.js';
import { s } from '../schema.js';

/** A client sends the 32-character lower-case MD5 hex of the password (spec section 5). */
export const PasswordHash = s.string({ pattern: '^[0-9a-f]{32}$', description: 'MD5 hex of the password' });

/** Member names: 4 to 16 letters, digits, _ or -, starting with a letter or digit; case-insensitive. */
export const MemberName = s.string({ minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' });

const captchaFields = {
  captchaId: s.optional(s.string({ maxLength: 64 })),
  captchaCode: s.optional(s.string({ maxLength: 8 })),
};

export const LoginRequest = s.object({
  name: MemberName,
  password: PasswordHash,
  flag: s.optional(s.literal(1)),
  version: s.optional(s.literal(1)),
  /** Sent by legacy clients beside the password (spec section 7); ignored. */
  oldPassword: s.optional(s.string({ maxLength: 64 })),
  old_password: s.optional(s.string({ maxLength: 64 })),
  ...captchaFields,
});

export const LoginDeviceRequest = s.object({
  name: MemberName,
  password: PasswordHash,
  deviceHash: s.string({ minLength: 8, maxLength: 128, description: 'Hash identifying the device' }),
  flag: s.optional(s.literal(1)),
  version: s.optional(s.literal(1)),
  oldPassword: s.optional(s.string({ maxLength: 64 })),
  old_password: s.optional(s.string({ maxLength: 64 })),
  ...captchaFields,
});

export const LoginResponse = s.object({ token: s.string(), member: MemberInfo });

const login = (name: string, path: string, summary: string) =>
  defineCall({ name, group: 'member', path, style: 'json', auth: 'none', summary, request: LoginRequest, response: LoginResponse });

/** Log in with name and hashed password; answers a session token and the member. */
export const webLogin = login('webLogin', '/member/v1/web_login', 'Log in with name and password (spec section 7, clear path)');
/** Account login v3; same rules as webLogin. */
export const loginV3 = login('loginV3', '/member/v3/login', 'Account login v3');
/** Account login v4. */
export const loginV4 = login('loginV4', '/member/v4/login', 'Account login v4');
/** Account login v5. */
export const loginV5 = login('loginV5', '/member/v5/login', 'Account login v5');
/** Account login v4 with a device hash. */
export const loginV4Device = defineCall({
  name: 'loginV4Device',
  group: 'member',
  path: '/member/v4/login_device',
  style: 'json',
  auth: 'none',
  summary: 'Account login v4 with a device hash',
  request: LoginDeviceRequest,
  response: LoginResponse,
});

export const RegisterRequest = s.object({
  name: MemberName,
  password: PasswordHash,
  confirmPassword: s.optional(PasswordHash),
  areaCode: s.optional(s.string({ pattern: '^\\+[0-9]{1,4}$' })),
  phone: s.optional(s.string({ pattern: '^[0-9]{5,13}$' })),
  inviteCode: s.optional(s.string({ maxLength: 32 })),
  // Issue 21 (docs/AGENTS.md): the other session keys of the landing URL, stored with the invite code.
  referralCode: s.optional(s.string({ pattern: '^[A-Za-z0-9_-]{1,32}$', description: 'r_code of the landing URL' })),
  agentVerify: s.optional(s.string({ pattern: '^[A-Za-z0-9_-]{1,32}$', description: 'agent_verify of the landing URL' })),
  isFission: s.optional(s.string({ pattern: '^[A-Za-z0-9_-]{1,32}$', description: "isfission of the landing URL ('1' or 'true': a fission link)" })),
  deviceHash: s.optional(s.string({ maxLength: 128 })),
  ...captchaFields,
});

const register = (name: string, path: string, summary: string) =>
  defineCall({ name, group: 'member', path, style: 'json', auth: 'none', summary, request: RegisterRequest, response: LoginResponse });

/** Register (spec section 7, clear path); logs the new member in. */
export const registerMember = register('register', '/member/v1/register', 'Register a member and log in (clear path)');
/** Register v4; same rules as register. */
export const registerV4 = register('registerV4', '/member/v4/register', 'Register a member and log in (v4)');

export const CheckNameRequest = s.object({ name: s.string({ minLength: 1, maxLength: 64 }) });
export const CheckNameResponse = s.object({
  available: s.boolean(),
  reason: s.enum(['ok', 'taken', 'invalid'] as const),
});
const checkName = (version: 1 | 2 | 3) =>
  defineCall({
    name: `checkNameV${version}`,
    group: 'member',
    path: `/member/v${version}/check_name`,
    style: 'json',
    auth: 'none',
    summary: `Is a member name free on this site (v${version})`,
    request: CheckNameRequest,
    response: CheckNameResponse,
  });
export const checkNameV1 = checkName(1);
export const checkNameV2 = checkName(2);
export const checkNameV3 = checkName(3);

/** Ends the current session. */
export const logout = defineCall({
  name: 'logout',
  group: 'member',
  path: '/member/v1/logout',
  style: 'json',
  auth: 'member',
  summary: 'Log out: the token stops working',
  request: s.empty(),
  response: s.empty(),
});

/** The logged-in member's info (spec section 3, "Member info"). */
export const userInfo = defineCall({
  name: 'userInfo',
  group: 'member',
  path: '/member/v1/user_info',
  style: 'json',
  auth: 'member',
  summary: 'The logged-in member',
  request: s.empty(),
  response: MemberInfo,
});

/** Change the login password; other sessions end. */
export const modifyPassword = defineCall({
  name: 'modifyPassword',
  group: 'member',
  path: '/member/v2/modify_password',
  style: 'json',
  auth: 'member',
  summary: 'Change the login password (clear path); other sessions end',
  request: s.object({
    oldPassword: s.optional(PasswordHash),
    old_password: s.optional(PasswordHash),
    password: PasswordHash,
    confirmPassword: s.optional(PasswordHash),
  }),
  response: s.empty(),
});

export const MemberStatusResponse = s.object({
  status: s.integer({ description: '1 active, 2 sleeping, 3 disabled' }),
  statusName: s.enum(['active', 'sleeping', 'disabled'] as const),
});

/** The logged-in member's status. */
export const memberStatus = defineCall({
  name: 'memberStatus',
  group: 'member',
  path: '/member/v1/status',
  style: 'json',
  auth: 'member',
  summary: 'Member status (clear path)',
  request: s.empty(),
  response: MemberStatusResponse,
});

/** Whether the caller's token is a live session; a visitor gets false. */
export const memberCheck = defineCall({
  name: 'memberCheck',
  group: 'member',
  path: '/member/v1/check',
  style: 'json',
  auth: 'optional',
  summary: 'Is the token a live session (clear path)',
  request: s.empty(),
  response: s.object({ loggedIn: s.boolean() }),
});

/** Whether a member is asleep (inactive too long) and must activate before logging in. */
export const sleepCheck = defineCall({
  name: 'sleepCheck',
  group: 'member',
  path: '/member/v1/sleep_check',
  style: 'json',
  auth: 'none',
  summary: 'Is the member asleep',
  request: s.object({ name: MemberName }),
  response: s.object({ sleeping: s.boolean(), sleepAfterDays: s.integer() }),
});

/** Wakes a sleeping member with name and password; then login works again. */
export const activate = defineCall({
  name: 'activate',
  group: 'member',
  path: '/member/v1/activate',
  style: 'json',
  auth: 'none',
  summary: 'Activate a sleeping member',
  request: s.object({ name: MemberName, password: PasswordHash, ...captchaFields }),
  response: s.object({ activated: s.boolean() }),
});

/** Sends a phone verification code (spec: payload sendCodeNum, cate 0, type 3). */
export const sendPhoneCode = defineCall({
  name: 'sendPhoneCode',
  group: 'member',
  path: '/member/v3/send_code',
  style: 'json',
  auth: 'optional',
  summary: 'Send a phone verification code',
  request: s.object({
    phone: s.string({ pattern: '^[0-9]{5,13}$' }),
    areaCode: s.optional(s.string({ pattern: '^\\+[0-9]{1,4}$' })),
    sendCodeNum: s.optional(s.integer({ minimum: 0 })),
    cate: s.optional(s.integer({ minimum: 0, maximum: 9 })),
    type: s.optional(s.integer({ minimum: 0, maximum: 9 })),
  }),
  response: s.object({ resendAfterS: s.integer(), expiresInS: s.integer(), codeLength: s.integer() }),
});
