import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * Common calls (spec section 7, "Clear paths": /common/v1/free_call, special_notice,
 * dont_show_anymore, /cw/v1/return_link_url, GET /s/{token}; issue 21). The rules are ours
 * (docs/MEMBER-CALLS.md).
 */

/** A free call-back: at most this many requests from one client IP an hour. */
export const FREE_CALLS_PER_IP_PER_HOUR = 5;
/** A phone with an open (not yet handled) free call-back cannot ask again within this many hours. */
export const FREE_CALL_REPEAT_AFTER_HOURS = 24;
/** The short-link token: 8 URL-safe characters. */
export const SHORT_LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{8}$';
/** Where a browser opens a short link: this prefix and the token. */
export const SHORT_LINK_PATH = '/s/';

const areaCode = s.string({ pattern: '^\\+[0-9]{1,4}$', description: 'The area code, e.g. +86' });
const phone = s.string({ pattern: '^[0-9]{5,13}$', description: "Digits only; the brand's length rules apply" });
const time = (description: string) => s.integer({ minimum: 0, description: `ms since epoch: ${description}` });

/** Spec section 7: a free call-back request (a visitor or a member leaves a phone number). */
export const freeCall = defineCall({
  name: 'freeCall',
  group: 'common',
  path: '/common/v1/free_call',
  style: 'json',
  auth: 'optional',
  summary: 'Ask for a free call-back: leave a phone number (5 an hour per IP, one open request per phone a day) (clear path)',
  request: s.object({
    areaCode: s.optional(areaCode),
    phone,
    note: s.optional(s.string({ maxLength: 200, description: 'When to call or what about; rendered as text' })),
  }),
  response: s.object({ id: s.integer(), status: s.enum(['open', 'handled'] as const), createdAt: time('the request was stored') }),
});

/** A free call-back as the operator lists it. */
export const FreeCallRequest = s.object({
  id: s.integer(),
  siteId: s.integer(),
  areaCode: s.string(),
  phone: s.string(),
  note: s.string({ description: 'As typed: render as text' }),
  memberName: s.string({ description: "'' for a visitor" }),
  ip: s.string(),
  status: s.enum(['open', 'handled'] as const),
  createdAt: time('asked'),
  handledAt: time('handled; 0 while open'),
  handledBy: s.string(),
});
export type FreeCallRequest = Infer<typeof FreeCallRequest>;

/** Operator: the free call-back requests, newest first. */
export const opsFreeCallList = defineCall({
  name: 'opsFreeCallList',
  group: 'operator',
  path: '/ops/v1/free_call/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: free call-back requests, newest first (optionally only open ones, or one brand)',
  request: s.object({
    siteId: s.optional(s.integer({ minimum: 1, maximum: INT4_MAX })),
    openOnly: s.optional(s.boolean()),
    limit: s.optional(s.integer({ minimum: 1, maximum: 200 })),
  }),
  response: s.object({ list: s.array(FreeCallRequest) }),
});

/** Operator: marks a free call-back handled (called back). */
export const opsFreeCallHandle = defineCall({
  name: 'opsFreeCallHandle',
  group: 'operator',
  path: '/ops/v1/free_call/handle',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: mark a free call-back request handled',
  request: s.object({ id: s.integer({ minimum: 1, maximum: INT4_MAX }) }),
  response: FreeCallRequest,
});

/** A brand's special notice. */
export const SpecialNotice = s.object({
  id: s.integer(),
  titleZh: s.string(),
  titleEn: s.string(),
  contentZh: s.string({ description: 'Plain text' }),
  contentEn: s.string({ description: 'Plain text' }),
  startsAt: time('shown from'),
  endsAt: time('shown until'),
});
export type SpecialNotice = Infer<typeof SpecialNotice>;

/** Spec section 7: the brand's current special notice, unless this member dismissed it for good. */
export const specialNotice = defineCall({
  name: 'specialNotice',
  group: 'common',
  path: '/common/v1/special_notice',
  style: 'query',
  auth: 'optional',
  summary: "The brand's special notice now showing (null when none, or when the member chose not to see it again) (clear path)",
  request: s.empty(),
  response: s.object({ notice: s.nullable(SpecialNotice) }),
});

/** Spec section 7: the member does not want to see this notice again. */
export const dontShowAnymore = defineCall({
  name: 'dontShowAnymore',
  group: 'common',
  path: '/common/v1/dont_show_anymore',
  style: 'json',
  auth: 'member',
  summary: 'Dismiss a special notice for good (clear path)',
  request: s.object({ noticeId: s.integer({ minimum: 1, maximum: INT4_MAX }) }),
  response: s.object({ dismissed: s.boolean() }),
});

/** Operator: publishes a special notice of a brand for a time window. */
export const opsSpecialNoticePublish = defineCall({
  name: 'opsSpecialNoticePublish',
  group: 'operator',
  path: '/ops/v1/special_notice/publish',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: publish a special notice of a brand (the newest live one shows)',
  request: s.object({
    siteId: s.integer({ minimum: 1, maximum: INT4_MAX }),
    titleZh: s.string({ minLength: 1, maxLength: 60 }),
    titleEn: s.string({ minLength: 1, maxLength: 80 }),
    contentZh: s.string({ minLength: 1, maxLength: 1000 }),
    contentEn: s.string({ minLength: 1, maxLength: 2000 }),
    startsAt: time('shown from'),
    endsAt: time('shown until'),
  }),
  response: SpecialNotice,
});

/** Spec section 7: the URL to come back to after a cashier or game on another domain. */
export const returnLinkUrl = defineCall({
  name: 'returnLinkUrl',
  group: 'common',
  path: '/cw/v1/return_link_url',
  style: 'query',
  auth: 'optional',
  summary: "The URL to return to from another domain: the given one when it is on one of the brand's domains, else the brand's home (clear path)",
  request: s.object({ returnUrl: s.optional(s.string({ minLength: 1, maxLength: 500 })) }),
  response: s.object({ url: s.string(), home: s.string({ description: "The brand's home URL" }) }),
});

/** Spec section 7, GET /s/{token} (domain check): the target of a short link, as data. The browser path GET /s/{token} redirects to it. */
export const shortLinkCheck = defineCall({
  name: 'shortLinkCheck',
  group: 'common',
  path: '/s/check',
  style: 'query',
  auth: 'none',
  summary: "Resolve a short link's token to its target on the brand's domains (GET /s/{token} redirects a browser there; unknown token 404)",
  request: s.object({ token: s.string({ pattern: SHORT_LINK_TOKEN_PATTERN }) }),
  response: s.object({ url: s.string() }),
});
