import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * The remaining site calls of spec section 7, the general control switches 1 to 6 and the
 * member's identity authentication (issue 21; docs/SITE-CONFIG.md). Stored config is per
 * brand: a seeded default in the server, changed by the operator (`opsSiteConfigSet`).
 */

/** Spec section 3 general control switches: one per feature the site turns on and off. */
export const CONTROL_SWITCH = { footballIntelligence: 1, chatRoom: 2, anchor: 3, sports: 4, worldCup: 5, virtualCurrency: 6 } as const;
export type ControlSwitchType = (typeof CONTROL_SWITCH)[keyof typeof CONTROL_SWITCH];
export const CONTROL_SWITCH_NAMES = ['footballIntelligence', 'chatRoom', 'anchor', 'sports', 'worldCup', 'virtualCurrency'] as const;

const switchType = s.enum([1, 2, 3, 4, 5, 6] as const, { description: '1 football intelligence, 2 chat room, 3 anchor, 4 sports, 5 world cup, 6 virtual currency' });
const siteId = s.integer({ minimum: 1, maximum: INT4_MAX });
const Text = s.object({ zh: s.string(), en: s.string() });
const keyCode = s.string({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$', description: 'A config key, snake_case' });

export const ControlSwitch = s.object({
  switchType,
  name: s.enum(CONTROL_SWITCH_NAMES),
  open: s.boolean({ description: 'Off hides the feature across the site and the server refuses its calls (293003)' }),
});
export type ControlSwitch = Infer<typeof ControlSwitch>;

/** The brand's six general control switches; public (the frame reads them before login). */
export const generalControlSwitches = defineCall({
  name: 'generalControlSwitches',
  group: 'site',
  path: '/site/v1/general_control_switches',
  style: 'query',
  auth: 'none',
  summary: 'General control switches 1 to 6 (football intelligence, chat room, anchor, sports, world cup, virtual currency)',
  request: s.empty(),
  response: s.object({ list: s.array(ControlSwitch) }),
});

/** Operator: turns one general control switch of a brand on or off. */
export const opsControlSwitchSet = defineCall({
  name: 'opsControlSwitchSet',
  group: 'operator',
  path: '/ops/v1/control-switch',
  style: 'json',
  auth: 'operator',
  summary: 'Set general control switch 1 to 6 of a brand',
  request: s.object({ siteId, switchType, open: s.boolean() }),
  response: ControlSwitch,
});

/** Operator: sets one stored config value of a brand (the key's rule checks the value). */
export const opsSiteConfigSet = defineCall({
  name: 'opsSiteConfigSet',
  group: 'operator',
  path: '/ops/v1/site-config',
  style: 'json',
  auth: 'operator',
  summary: 'Set a stored site config value of a brand (docs/SITE-CONFIG.md lists the keys and their rules)',
  request: s.object({ siteId, keyCode, value: s.string({ maxLength: 4000, description: 'The value as text; JSON for list keys' }) }),
  response: s.object({ keyCode: s.string(), value: s.string() }),
});

/** Static domains of a category and type list (spec: category 0, type list 107). */
export const staticDomains = defineCall({
  name: 'staticDomains',
  group: 'site',
  path: '/site/v1/static_domains',
  style: 'query',
  auth: 'none',
  summary: 'Static domains by category (0: static resources) and comma-separated type list (107: images)',
  request: s.object({
    category: s.integer({ minimum: 0, maximum: 99 }),
    typeList: s.string({ minLength: 1, maxLength: 64, pattern: '^\\d{1,4}(,\\d{1,4}){0,9}$', description: 'Types, e.g. 107 or 101,107' }),
  }),
  response: s.object({ list: s.array(s.object({ type: s.integer(), domains: s.array(s.string()) })) }),
});

/** The member's own signed-in sessions (devices), newest first. */
export const sessionList = defineCall({
  name: 'sessionList',
  group: 'site',
  path: '/site/v1/session_list',
  style: 'query',
  auth: 'member',
  summary: "The member's open sessions (device, since, until), the current one marked",
  request: s.empty(),
  response: s.object({
    list: s.array(s.object({ id: s.integer(), device: s.string({ description: 'The device id, masked' }), createdAt: s.string(), expiresAt: s.string(), current: s.boolean() })),
  }),
});

export const realtimeRebateShowConfig = defineCall({
  name: 'realtimeRebateShowConfig',
  group: 'site',
  path: '/site/v1/realtime_rebate_show_config',
  style: 'query',
  auth: 'none',
  summary: 'Whether the real-time rebate shows, and on which venue types',
  request: s.empty(),
  response: s.object({ show: s.boolean(), venueTypes: s.array(s.string()) }),
});

export const yebActivityValidation = defineCall({
  name: 'yebActivityValidation',
  group: 'site',
  path: '/site/v1/yeb_activity_validation',
  style: 'json',
  auth: 'member',
  summary: 'Whether the member may take part in the yuebao activity now, with the reason when not',
  request: s.empty(),
  response: s.object({ valid: s.boolean(), reason: s.enum(['ok', 'yuebaoClosed', 'noTask', 'memberDisabled'] as const), yebTaskStatus: s.integer({ minimum: 0, maximum: 1 }) }),
});

export const SportConfig = s.object({
  code: s.string(),
  zhName: s.string(),
  enName: s.string(),
  sort: s.integer(),
  maintenance: s.boolean(),
  hq: s.boolean({ description: 'On the high-quality line' }),
  path: s.string({ description: 'The site route that opens it' }),
});
export type SportConfig = Infer<typeof SportConfig>;

export const sportConfigList = defineCall({
  name: 'sportConfigList',
  group: 'site',
  path: '/site/v1/sport_config_list',
  style: 'query',
  auth: 'none',
  summary: "The brand's sports venues with their maintenance flag and route",
  request: s.empty(),
  response: s.object({ list: s.array(SportConfig) }),
});

export const sportConfigListHq = defineCall({
  name: 'sportConfigListHq',
  group: 'site',
  path: '/site/v1/sport_config_list_hq',
  style: 'query',
  auth: 'none',
  summary: "The brand's sports venues on the high-quality line only",
  request: s.empty(),
  response: s.object({ list: s.array(SportConfig) }),
});

export const CountryArea = s.object({ areaCode: s.string({ description: 'ISO 3166 code' }), dialCode: s.string(), name: Text });
export type CountryArea = Infer<typeof CountryArea>;

export const countryAreaList = defineCall({
  name: 'countryAreaList',
  group: 'site',
  path: '/site/v1/country_area_list',
  style: 'query',
  auth: 'none',
  summary: 'The country areas the brand serves',
  request: s.empty(),
  response: s.object({ list: s.array(CountryArea) }),
});

export const siteConfigByKeyCodes = defineCall({
  name: 'siteConfigByKeyCodes',
  group: 'site',
  path: '/site/v1/config_by_key_codes',
  style: 'json',
  auth: 'none',
  summary: 'Public site config values by keyCodes (an unknown key is 293001)',
  request: s.object({ keyCodes: s.array(keyCode, { minItems: 1, maxItems: 20 }) }),
  response: s.object({ list: s.array(s.object({ keyCode: s.string(), value: s.string() })) }),
});

export const premiumVenueJump = defineCall({
  name: 'premiumVenueJump',
  group: 'site',
  path: '/site/v1/premium_venue_jump',
  style: 'json',
  auth: 'none',
  summary: 'Where a premium venue opens (its site route), with its maintenance flag',
  request: s.object({ venueCode: s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) }),
  response: s.object({ venueCode: s.string(), gameType: s.integer(), path: s.string(), maintenance: s.boolean(), needLogin: s.boolean() }),
});

export const unlimitedRebateTag = defineCall({
  name: 'unlimitedRebateTag',
  group: 'site',
  path: '/site/v1/unlimited_rebate_tag',
  style: 'query',
  auth: 'none',
  summary: 'Whether venues show the unlimited-rebate tag, and its text',
  request: s.empty(),
  response: s.object({ show: s.boolean(), text: Text, venueCodes: s.array(s.string()) }),
});

/** What the member has for identity authentication and what the brand asks of it. */
export const IdentityStatus = s.object({
  realName: s.boolean(),
  phone: s.boolean(),
  bankCard: s.boolean(),
  idCardVerified: s.boolean(),
  attemptsLeftToday: s.integer({ minimum: 0 }),
  withdrawRequires: s.array(s.enum(['realName', 'phone', 'bankCard', 'idCard'] as const)),
  bindCardRequires: s.array(s.enum(['realName', 'phone', 'idCard'] as const)),
});
export type IdentityStatus = Infer<typeof IdentityStatus>;

export const identityStatus = defineCall({
  name: 'identityStatus',
  group: 'member',
  path: '/member/v1/identity/status',
  style: 'query',
  auth: 'member',
  summary: "The member's identity facts and the brand's requirements before a withdrawal and a card bind",
  request: s.empty(),
  response: IdentityStatus,
});

/** Checks the member's real name against an ID card through the identity provider. */
export const identityVerify = defineCall({
  name: 'identityVerify',
  group: 'member',
  path: '/member/v1/identity/verify',
  style: 'json',
  auth: 'member',
  summary: 'Verify the real name with an ID card (244394 mismatch, 244395 mismatch with no attempt left today, 244387 unsupported)',
  request: s.object({
    realName: s.string({ minLength: 2, maxLength: 30 }),
    idCardNo: s.string({ minLength: 15, maxLength: 18, pattern: '^(\\d{15}|\\d{17}[\\dXx])$', description: 'A mainland ID card number (15 or 18 characters)' }),
  }),
  response: IdentityStatus,
});
