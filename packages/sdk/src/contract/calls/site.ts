import { defineCall } from '../call.js';
import { CustomerService, SiteBaseConfig } from '../entities.js';
import { s } from '../schema.js';

/** The brand's base config; called without the auth token (spec section 6). */
export const siteBaseConfig = defineCall({
  name: 'siteBaseConfig',
  group: 'site',
  path: '/site/v1/base_config',
  style: 'query',
  auth: 'none',
  summary: 'Site base config of the brand selected by x-site-id',
  request: s.empty(),
  response: SiteBaseConfig,
  readOnly: true,
});

/** Spec section 9: pre-info platform type 6. */
export const PreInfoRequest = s.object({ platformType: s.optional(s.literal(6)) });

/** Spec section 3, "Pre-info". */
export const PreInfo = s.object({
  disablePhones: s.record(s.string(), { description: '3-digit phone prefix to the reason shown' }),
  SiteBaseConfigVo: s.object({ customerService: s.array(CustomerService) }),
});

/** Pre-info v3 adds the phone rules of spec section 5. */
export const PreInfoV3 = s.object({
  disablePhones: s.record(s.string()),
  SiteBaseConfigVo: s.object({ customerService: s.array(CustomerService) }),
  restrictedPrefixes: s.array(s.string(), { description: "Prefixes answered with 'this platform does not support'" }),
  phoneMinLength: s.integer(),
  phoneMaxLength: s.integer(),
});

export const preInfo = defineCall({
  name: 'preInfo',
  group: 'site',
  path: '/site/v1/pre_info',
  style: 'json',
  auth: 'none',
  summary: 'Disabled phone prefixes and customer service list',
  request: PreInfoRequest,
  response: PreInfo,
  readOnly: true,
});

export const preInfoV3 = defineCall({
  name: 'preInfoV3',
  group: 'site',
  path: '/site/v3/pre_info',
  style: 'json',
  auth: 'none',
  summary: 'Pre-info with phone length and restricted prefixes',
  request: PreInfoRequest,
  response: PreInfoV3,
  readOnly: true,
});

/** The key codes of the login captcha config (spec section 7). */
export const LOGIN_CAPTCHA_KEYS = ['login_verify_trigger_times', 'fast_register_verify', 'control_imgcode_afs_type', 'control_imgcode_anji_type'] as const;

export const loginCaptchaConfig = defineCall({
  name: 'loginCaptchaConfig',
  group: 'site',
  path: '/site/v1/login_captcha_config',
  style: 'json',
  auth: 'none',
  summary: 'Login captcha config by key codes',
  request: s.object({ keyCodes: s.array(s.enum(LOGIN_CAPTCHA_KEYS), { minItems: 1, maxItems: 4 }) }),
  response: s.array(s.object({ keyCode: s.enum(LOGIN_CAPTCHA_KEYS), value: s.string() })),
  readOnly: true,
});
