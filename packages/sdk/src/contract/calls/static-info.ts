import { defineCall } from '../call.js';
import { s, type Infer, type Schema } from '../schema.js';
import { LeagueItem } from './sports.js';

/**
 * The /static/v1 calls (spec section 7, "Member ... Static"; issue 19; docs/NEWS.md). The spec
 * names them only; what each answers is lobby's decision, written in docs/NEWS.md "Static
 * calls". All are public reads of the brand (x-site-id), GET with a query, from real data:
 * the site base config, the sports store and the brand's content tables.
 */

const Text = s.object({ zh: s.string(), en: s.string() });

const read = <R, P>(name: string, path: string, summary: string, request: Schema<R>, response: Schema<P>) =>
  defineCall({ name, group: 'static', path, style: 'query', auth: 'none', summary, request, response });

/** Which verification codes the login and register forms show (from the brand's captcha config). */
export const ShowCode = s.object({
  kaptchcate: s.integer({ description: 'Captcha kind of the brand: 0 none, 1 image code' }),
  loginImageCode: s.enum(['never', 'always', 'afterFailures'] as const, {
    description: 'never (kaptchcate 0); always (trigger 0); afterFailures (shown after `loginVerifyTriggerTimes` failed logins)',
  }),
  loginVerifyTriggerTimes: s.integer({ minimum: 0 }),
  registerImageCode: s.boolean({ description: 'The fast register form asks an image code (fast_register_verify)' }),
  afsType: s.integer({ description: 'control_imgcode_afs_type: the slider (robot check) kind, 0 none' }),
  anjiType: s.integer({ description: 'control_imgcode_anji_type: the picture puzzle kind, 0 none' }),
});
export type ShowCode = Infer<typeof ShowCode>;

export const staticShowCode = read('staticShowCode', '/static/v1/show_code', 'Which image or puzzle codes the login and register forms show', s.empty(), ShowCode);

/** The leagues of the sports feed with their live and upcoming counts. */
export const staticLeaguesInfo = read(
  'staticLeaguesInfo',
  '/static/v1/leagues_info',
  'Leagues of the sports feed (sports and e-sports), with live and upcoming counts',
  s.object({ kind: s.optional(s.enum(['sports', 'esports'] as const, { description: 'Only this kind; both when absent' })) }),
  s.object({ leagues: s.array(LeagueItem) }),
);

/** What the anti-fraud checks ask of a client, so it can meet them before it is refused. */
export const AntiFraudConfig = s.object({
  signWindowMs: s.integer({ description: 'A signed request is accepted within this many ms of the server clock' }),
  nonceSingleUse: s.boolean({ description: 'A nonce is accepted once (reads excepted)' }),
  deviceIdRequired: s.boolean(),
  loginCaptchaAfterFailures: s.integer({ minimum: 0, description: 'Failed logins before the image code is required' }),
  hardVerify: s.boolean({ description: 'The brand asks the robot check before sensitive steps' }),
  robotCheck: s.object({ afsType: s.integer(), anjiType: s.integer() }),
  moneyCallsNeedIdempotencyKey: s.boolean({ description: 'Calls that move money carry x-idempotency-key' }),
});
export type AntiFraudConfig = Infer<typeof AntiFraudConfig>;

export const staticAfc = read('staticAfc', '/static/v1/afc', 'Anti-fraud configuration the client must meet (signing window, nonces, captcha and robot check)', s.empty(), AntiFraudConfig);

/** A customer-service channel and the address its QR code carries. */
export const CodeUrlItem = s.object({
  code: s.string({ description: "Channel code, e.g. 'online', 'telegram'" }),
  url: s.string({ description: "In-site path ('/cs') or http(s) address; the QR code encodes it (made absolute on the brand's domain)" }),
});

export const staticCodeUrl = read(
  'staticCodeUrl',
  '/static/v1/code_url',
  'Customer-service channels and the address each QR code carries; primary is the first',
  s.empty(),
  s.object({ primary: s.nullable(CodeUrlItem), list: s.array(CodeUrlItem) }),
);

/** The brand's notices (the home marquee and the notice list), in both languages. */
export const staticNoticeList = read(
  'staticNoticeList',
  '/static/v1/notice_list',
  "The brand's notices in both languages",
  s.empty(),
  s.object({ list: s.array(s.object({ id: s.integer(), content: Text })) }),
);

/** The points shop's configuration (points centre). */
export const LkshopConf = s.object({
  enabled: s.boolean({ description: 'The brand runs a points shop' }),
  pointsName: Text,
  turnoverMinorPerPoint: s.integer({ minimum: 1, description: 'Valid turnover (fen) that earns one point' }),
  redeemMinPoints: s.integer({ minimum: 0, description: 'Fewest points an exchange takes' }),
  shopPath: s.string({ description: "In-site route of the shop; '' when disabled" }),
});
export type LkshopConf = Infer<typeof LkshopConf>;

export const staticLkshopConf = read('staticLkshopConf', '/static/v1/get_lkshop_conf', "The brand's points shop configuration", s.empty(), LkshopConf);

/** One way to reach the brand's agent (affiliate) desk. */
export const AgentContact = s.object({
  channel: s.enum(['telegram', 'qq', 'wechat', 'email', 'skype', 'online'] as const),
  label: Text,
  value: s.string({ description: 'Handle, number or address as shown' }),
  url: s.string({ description: "Link that opens the channel (https:, mailto: or in-site path); '' when none" }),
});
export type AgentContact = Infer<typeof AgentContact>;

export const staticAgentContact = read('staticAgentContact', '/static/v1/agent/contact', "The agent desk's contact channels", s.empty(), s.object({ list: s.array(AgentContact) }));
