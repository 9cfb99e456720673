import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';
import { LoginResponse } from './member.js';

/**
 * The remaining member calls of spec section 7 (issue 21): login by SMS, desire, default
 * profile, binding limits, short URL, security notices, password age, avatar, material,
 * member move, notice batch and gee-test. The rules are ours (docs/MEMBER-CALLS.md).
 */

/** The phone-code purpose of a login by SMS (the password change is 3, binding 4 and 5). */
export const LOGIN_SMS_CODE_PURPOSE = 7;
/** Venue kinds a member may prefer (spec section 1's venues). */
export const DESIRE_VENUE_KINDS = ['sports', 'live', 'casino', 'lottery', 'chess', 'fishing', 'egame', 'esports'] as const;
/** Languages a member may prefer. */
export const DESIRE_LANGUAGES = ['zh-CN', 'en'] as const;
/** A password older than this many days must be changed. */
export const PASSWORD_MAX_AGE_DAYS = 180;
/** Avatar upload: at most this many bytes. */
export const AVATAR_BYTES_MAX = 2 * 1024 * 1024;
/** Avatar upload: each side between these many pixels. */
export const AVATAR_SIDE_MIN = 32;
export const AVATAR_SIDE_MAX = 4096;
/** Where uploaded avatars are served: this prefix and an unguessable name. */
export const AVATAR_IMAGE_PATH = '/member/v1/avatar/image/';
/** A notice batch marks or deletes at most this many messages. */
export const NOTICE_BATCH_MAX = 100;

const areaCode = s.string({ pattern: '^\\+[0-9]{1,4}$' });
const phone = s.string({ pattern: '^[0-9]{5,13}$' });
const time = (description: string) => s.integer({ minimum: 0, description: `ms since epoch: ${description}` });
const id = s.integer({ minimum: 1, maximum: INT4_MAX });

/** Sends a login code to a phone; answers the same whether or not a member has it. */
export const loginSmsSend = defineCall({
  name: 'loginSmsSend',
  group: 'member',
  path: '/member/v1/login_sms/send',
  style: 'json',
  auth: 'none',
  summary: 'Send a login code to a bound phone (60 s between codes; the answer does not tell whether the phone is bound)',
  request: s.object({ areaCode: s.optional(areaCode), phone }),
  response: s.object({ resendAfterS: s.integer({ minimum: 0 }) }),
});

/** Spec section 7: log in with a phone code. */
export const loginSms = defineCall({
  name: 'loginSms',
  group: 'member',
  path: '/member/v1/login_sms',
  style: 'json',
  auth: 'none',
  summary: 'Log in with the code sent to the bound phone (same lockouts as the password login) (clear path)',
  request: s.object({
    areaCode: s.optional(areaCode),
    phone,
    code: s.string({ pattern: '^[0-9]{6}$' }),
    captchaId: s.optional(s.string({ maxLength: 64 })),
    captchaCode: s.optional(s.string({ maxLength: 8 })),
  }),
  response: LoginResponse,
});

export const Desire = s.object({
  venueKinds: s.array(s.enum(DESIRE_VENUE_KINDS), { maxItems: DESIRE_VENUE_KINDS.length, description: 'Preferred venue kinds, most wanted first' }),
  languages: s.array(s.enum(DESIRE_LANGUAGES), { maxItems: DESIRE_LANGUAGES.length }),
});
export type Desire = Infer<typeof Desire>;

/** Spec section 7: has the member told what it wants shown. */
export const checkDesire = defineCall({
  name: 'checkDesire',
  group: 'member',
  path: '/member/v1/check_desire',
  style: 'json',
  auth: 'member',
  summary: "Whether the member set its preferences (venue kinds, languages), and them (clear path)",
  request: s.empty(),
  response: s.object({ isSet: s.boolean(), desire: Desire, updatedAt: time('last saved; 0 when never') }),
});

/** Spec section 7: saves what the member wants shown. */
export const desireV2 = defineCall({
  name: 'desireV2',
  group: 'member',
  path: '/member/v1/v2/desire',
  style: 'json',
  auth: 'member',
  summary: 'Save the preferred venue kinds (1 to 8, no repeats) and languages (clear path)',
  request: Desire,
  response: s.object({ isSet: s.boolean(), desire: Desire, updatedAt: time('saved') }),
});

export const DefaultAvatar = s.object({ id: s.integer(), url: s.string({ description: 'data:image/svg+xml URL' }) });

/** Spec section 7: the default avatars and suggested nicknames a member may pick. */
export const userDefaultProfile = defineCall({
  name: 'userDefaultProfile',
  group: 'member',
  path: '/member/v1/user_default_profile',
  style: 'json',
  auth: 'optional',
  summary: 'The default avatars and suggested nicknames (clear path)',
  request: s.empty(),
  response: s.object({ avatars: s.array(DefaultAvatar), nickNames: s.array(s.string()) }),
});

/** Picks one of the default avatars. */
export const avatarChoose = defineCall({
  name: 'avatarChoose',
  group: 'member',
  path: '/member/v1/avatar/choose',
  style: 'json',
  auth: 'member',
  summary: 'Use one of the default avatars',
  request: s.object({ avatarId: id }),
  response: s.object({ avatar: s.string() }),
});

const bindingCount = s.object({ bound: s.integer({ minimum: 0 }), max: s.integer({ minimum: 0 }) });

/** Spec section 7: how many of each binding the member has and may have. */
export const limitBinding = defineCall({
  name: 'limitBinding',
  group: 'member',
  path: '/member/v1/limit/Binding',
  style: 'json',
  auth: 'member',
  summary: 'Bindings: bank cards, virtual currency addresses, phone and address, bound and allowed (clear path)',
  request: s.empty(),
  response: s.object({ bankCards: bindingCount, virtualAddresses: bindingCount, phones: bindingCount, addresses: bindingCount }),
});

/** Makes a short link for a URL on one of the brand's domains. */
export const shortUrl = defineCall({
  name: 'shortUrl',
  group: 'member',
  path: '/member/v1/short_url',
  style: 'json',
  auth: 'member',
  summary: "Make a short link (/s/{token}) for a URL on one of the brand's domains (the same URL gives the same link)",
  request: s.object({ url: s.string({ minLength: 1, maxLength: 500 }) }),
  response: s.object({ token: s.string(), shortUrl: s.string(), url: s.string() }),
});

export const SecurityNotice = s.object({
  id: s.integer(),
  kind: s.enum(['newDevice', 'newIp'] as const, { description: 'A login from a device or an IP this member had not used' }),
  ip: s.string(),
  device: s.string({ description: 'The device id, masked' }),
  at: time('the login'),
});
export type SecurityNotice = Infer<typeof SecurityNotice>;

/** Security notices not yet dismissed, newest first. */
export const securityNoticeGet = defineCall({
  name: 'securityNoticeGet',
  group: 'member',
  path: '/member/v1/security_notice',
  style: 'json',
  auth: 'member',
  summary: 'Logins from a new device or IP, until dismissed, newest first',
  request: s.empty(),
  response: s.object({ list: s.array(SecurityNotice) }),
});

/** Dismisses security notices (one, or all with no id). */
export const securityNoticeDismiss = defineCall({
  name: 'securityNoticeDismiss',
  group: 'member',
  path: '/member/v1/security_notice/dismiss',
  style: 'json',
  auth: 'member',
  summary: 'Dismiss a security notice, or every one when no id is given',
  request: s.object({ id: s.optional(id) }),
  response: s.object({ dismissed: s.integer({ minimum: 0 }) }),
});

/** Whether the member must change its login password. */
export const checkChangePassword = defineCall({
  name: 'checkChangePassword',
  group: 'member',
  path: '/member/v1/check_change_password',
  style: 'json',
  auth: 'member',
  summary: 'Must the member change its password: older than 180 days, or the operator asked',
  request: s.empty(),
  response: s.object({
    mustChange: s.boolean(),
    reason: s.enum(['none', 'expired', 'operator'] as const),
    passwordAgeDays: s.integer({ minimum: 0 }),
    maxAgeDays: s.integer({ minimum: 1 }),
  }),
});

/** Operator: requires a member to change its password at its next check. */
export const opsForcePasswordChange = defineCall({
  name: 'opsForcePasswordChange',
  group: 'operator',
  path: '/ops/v1/member/force_password_change',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: the member must change its password (cleared by the change)',
  request: s.object({ siteId: id, memberName: s.string({ minLength: 1, maxLength: 64 }) }),
  response: s.object({ mustChange: s.boolean() }),
});

/** Uploads the member's avatar (multipart part `file`): PNG, JPEG or WebP by its bytes, at most 2 MB, 32 to 4096 px a side. */
export const avatarUpload = defineCall({
  name: 'avatarUpload',
  group: 'member',
  path: '/member/v1/avatar/upload',
  style: 'upload',
  auth: 'member',
  summary: 'Upload an avatar (multipart part "file"; PNG, JPEG or WebP by content, at most 2 MB, 32 to 4096 px a side)',
  request: s.object({ file: s.optional(s.unknown()) }),
  response: s.object({ avatar: s.string(), mediaType: s.string(), width: s.integer(), height: s.integer() }),
});

/** The member's material: one read of avatar, nickname and level. */
export const memberMaterial = defineCall({
  name: 'memberMaterial',
  group: 'member',
  path: '/member/v1/material',
  style: 'json',
  auth: 'member',
  summary: "The member's avatar, name, nickname, VIP level and registration time",
  request: s.empty(),
  response: s.object({
    name: s.string(),
    nickName: s.string(),
    avatar: s.string({ description: "Same-origin URL or data URL; '' when none" }),
    grade: s.integer({ minimum: 0, maximum: 10 }),
    registeredAt: time('registered'),
  }),
});

export const MemberMove = s.object({
  id: s.integer(),
  memberName: s.string(),
  fromSiteId: s.integer(),
  toSiteId: s.integer(),
  reason: s.string({ description: 'As typed: render as text' }),
  status: s.enum(['pending', 'approved', 'rejected', 'cancelled'] as const),
  createdAt: time('asked'),
  decidedAt: time('decided; 0 while pending'),
  decidedBy: s.string(),
  note: s.string({ description: "The operator's note" }),
});
export type MemberMove = Infer<typeof MemberMove>;

/** Asks to move the member's account to another brand of the operator. */
export const memberMoveApply = defineCall({
  name: 'memberMoveApply',
  group: 'member',
  path: '/member/v1/member_move/apply',
  style: 'json',
  auth: 'member',
  summary: 'Ask to move the account to another brand (one pending request at a time; an operator decides)',
  request: s.object({ toSiteId: id, reason: s.optional(s.string({ maxLength: 200 })) }),
  response: MemberMove,
});

/** The member's latest move request. */
export const memberMoveStatus = defineCall({
  name: 'memberMoveStatus',
  group: 'member',
  path: '/member/v1/member_move/status',
  style: 'json',
  auth: 'member',
  summary: "The member's latest move request (null when none)",
  request: s.empty(),
  response: s.object({ move: s.nullable(MemberMove) }),
});

/** Operator: pending move requests. */
export const opsMemberMoveList = defineCall({
  name: 'opsMemberMoveList',
  group: 'operator',
  path: '/ops/v1/member_move/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: member move requests, pending first',
  request: s.object({ pendingOnly: s.optional(s.boolean()) }),
  response: s.object({ list: s.array(MemberMove) }),
});

/** Operator: approves (the account moves, its sessions end) or rejects a move request. */
export const opsMemberMoveDecide = defineCall({
  name: 'opsMemberMoveDecide',
  group: 'operator',
  path: '/ops/v1/member_move/decide',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: approve or reject a member move request',
  request: s.object({ id, approve: s.boolean(), note: s.optional(s.string({ maxLength: 200 })) }),
  response: MemberMove,
});

/** Marks read or deletes a batch of the member's site notices at once. */
export const noticeBatch = defineCall({
  name: 'noticeBatch',
  group: 'messages',
  path: '/msg/v1/notice_batch',
  style: 'json',
  auth: 'member',
  summary: "Mark read or delete up to 100 of the member's messages at once (others' ids are ignored)",
  request: s.object({
    ids: s.array(id, { minItems: 1, maxItems: NOTICE_BATCH_MAX }),
    action: s.enum(['read', 'delete'] as const),
  }),
  response: s.object({ changed: s.integer({ minimum: 0 }) }),
});

/** Gee-test register: a challenge for the slider, or offline mode when the provider is down. */
export const geeTestRegister = defineCall({
  name: 'geeTestRegister',
  group: 'member',
  path: '/captcha/v1/geetest/register',
  style: 'json',
  auth: 'none',
  summary: 'Gee-test register: gt and challenge (success 0 means the provider is down; the site falls back to the image captcha)',
  request: s.empty(),
  response: s.object({ success: s.integer({ minimum: 0, maximum: 1 }), gt: s.string(), challenge: s.string(), newCaptcha: s.boolean() }),
});

/** Gee-test validate: checks the solved challenge and answers a captcha pass usable once by login and register. */
export const geeTestValidate = defineCall({
  name: 'geeTestValidate',
  group: 'member',
  path: '/captcha/v1/geetest/validate',
  style: 'json',
  auth: 'none',
  summary: 'Gee-test validate: on success a captchaId and captchaCode the login and register calls accept once',
  request: s.object({
    challenge: s.string({ pattern: '^[0-9a-f]{32}$' }),
    validate: s.string({ pattern: '^[0-9a-f]{32}$' }),
    seccode: s.string({ maxLength: 64 }),
  }),
  response: s.object({ valid: s.boolean(), captchaId: s.string(), captchaCode: s.string() }),
});
