import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';

/**
 * The stored site config of issue 21 (docs/SITE-CONFIG.md "Config keys"): each key has a
 * seeded default per brand (site 4 lobby, site 8 aurora; any other brand takes lobby's), a
 * rule its value must pass, and whether visitors may read it (`siteConfigByKeyCodes`).
 * Values travel as text; list and object keys hold JSON. The operator changes a value with
 * `opsSiteConfigSet`; a brand without a stored value has the default.
 */

type Check = (value: unknown) => string | null;

interface KeyRule {
  /** The default value by brand; `default` for brands not listed. */
  defaults: { default: string } & Record<number, string>;
  /** Null when the parsed value is fine, else what is wrong with it. */
  check: Check;
  json: boolean;
  /** Readable by visitors through siteConfigByKeyCodes. */
  public: boolean;
}

const isText = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length <= max && !v.includes('\u0000') && !/[<>]/.test(v);
const isTexts = (v: unknown): boolean => typeof v === 'object' && v !== null && isText((v as { zh?: unknown }).zh) && isText((v as { en?: unknown }).en);
const isArrayOf = (v: unknown, item: (x: unknown) => boolean, max = 50): v is unknown[] => Array.isArray(v) && v.length <= max && v.every(item);
const isUrl = (v: unknown): boolean => isText(v, 300) && /^https?:\/\/[^\s]+$/.test(v as string);
const isCode = (v: unknown): boolean => isText(v, 32) && /^[A-Za-z0-9_-]+$/.test(v as string);
const isMinor = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const flag: Check = (v) => (v === '0' || v === '1' ? null : "must be '0' or '1'");
const obj = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

export const IDENTITY_WITHDRAW_FACTS = ['realName', 'phone', 'bankCard', 'idCard'] as const;
export const IDENTITY_BIND_FACTS = ['realName', 'phone', 'idCard'] as const;
export const COUNTRY_AREA_CODES = ['CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'PH', 'TH', 'VN', 'KH', 'JP', 'KR'] as const;
export const BANK_CODES = ['ICBC', 'CCB', 'ABC', 'BOC', 'BOCOM', 'CMB', 'PSBC', 'CIB', 'CITIC', 'SPDB'] as const;

const factsOf = (facts: readonly string[]): Check => (v) => (isArrayOf(v, (x) => facts.includes(x as string), facts.length) && new Set(v).size === v.length ? null : `must be a JSON list of distinct ${facts.join(', ')}`);

const RULES: Record<string, KeyRule> = {
  static_domains: {
    defaults: { default: '{}' },
    json: true,
    public: true,
    check: (v) => {
      const map = obj(v);
      if (!map) return 'must be a JSON object from type to a list of domains';
      for (const [type, domains] of Object.entries(map)) {
        if (!/^\d{1,4}$/.test(type) || !isArrayOf(domains, isUrl, 10)) return `type ${type}: must be digits with a list of http(s) addresses`;
      }
      return null;
    },
  },
  realtime_rebate_show: {
    defaults: { default: '{"show":true,"venueTypes":["dz","zr","ty"]}', 8: '{"show":false,"venueTypes":[]}' },
    json: true,
    public: true,
    check: (v) => {
      const o = obj(v);
      return o && typeof o.show === 'boolean' && isArrayOf(o.venueTypes, (x) => ['ty', 'dj', 'dz', 'by', 'zr', 'cp', 'qp'].includes(x as string), 7) ? null : 'must be {"show": boolean, "venueTypes": [ty|dj|dz|by|zr|cp|qp]}';
    },
  },
  unlimited_rebate_tag: {
    defaults: { default: '{"show":true,"text":{"zh":"无上限返水","en":"Unlimited rebate"},"venueCodes":[]}', 8: '{"show":false,"text":{"zh":"无上限返水","en":"Unlimited rebate"},"venueCodes":[]}' },
    json: true,
    public: true,
    check: (v) => {
      const o = obj(v);
      return o && typeof o.show === 'boolean' && isTexts(o.text) && isArrayOf(o.venueCodes, isCode) ? null : 'must be {"show": boolean, "text": {"zh", "en"}, "venueCodes": [codes]}';
    },
  },
  overseas_mobile_number_switch: { defaults: { default: '0', 8: '1' }, json: false, public: true, check: flag },
  country_areas: {
    defaults: { default: '["CN","HK","MO","TW"]', 8: '["CN","HK","MO","TW","SG","MY","PH","TH","VN"]' },
    json: true,
    public: true,
    check: (v) => (isArrayOf(v, (x) => (COUNTRY_AREA_CODES as readonly unknown[]).includes(x), COUNTRY_AREA_CODES.length) && v.length > 0 && v[0] === 'CN' ? null : `must be a JSON list of ${COUNTRY_AREA_CODES.join(', ')} starting with CN`),
  },
  sport_hq_venues: { defaults: { default: '[]' }, json: true, public: true, check: (v) => (isArrayOf(v, isCode) ? null : 'must be a JSON list of venue codes') },
  premium_venues: { defaults: { default: '[]' }, json: true, public: true, check: (v) => (isArrayOf(v, isCode) ? null : "must be a JSON list of venue codes (empty: the brand's core venues)") },
  standby_usdt: {
    defaults: {
      default: '{"open":true,"list":[{"protocol":"TRC20","address":"TXsandboxStandby00000000000000001","minUsdtMinor":10000000,"rateE5":720000},{"protocol":"ERC20","address":"0x5a0dbeef0000000000000000000000000000c0de","minUsdtMinor":50000000,"rateE5":720000}]}',
      8: '{"open":false,"list":[]}',
    },
    json: true,
    public: false,
    check: (v) => {
      const o = obj(v);
      const item = (x: unknown) => {
        const a = obj(x);
        return !!a && (a.protocol === 'TRC20' || a.protocol === 'ERC20') && isText(a.address, 64) && /^[A-Za-z0-9]{26,64}$/.test(a.address as string) && isMinor(a.minUsdtMinor) && isMinor(a.rateE5) && (a.rateE5 as number) > 0;
      };
      return o && typeof o.open === 'boolean' && isArrayOf(o.list, item, 10) ? null : 'must be {"open": boolean, "list": [{"protocol": TRC20|ERC20, "address", "minUsdtMinor", "rateE5"}]}';
    },
  },
  finance_announcements: {
    defaults: {
      default: '[{"title":{"zh":"存款须知","en":"Before you deposit"},"content":{"zh":"请使用本人实名账户转账，转账金额与订单金额一致。","en":"Pay from an account in your own name, for the exact amount of the order."}},{"title":{"zh":"提款须知","en":"Before you withdraw"},"content":{"zh":"提款到账时间一般为 3 至 15 分钟。","en":"Withdrawals usually arrive in 3 to 15 minutes."}}]',
      8: '[{"title":{"zh":"极光存款须知","en":"Aurora deposits"},"content":{"zh":"请先绑定手机号再存款。","en":"Bind a mobile number before your first deposit."}}]',
    },
    json: true,
    public: true,
    check: (v) => (isArrayOf(v, (x) => { const a = obj(x); return !!a && isTexts(a.title) && isTexts({ zh: obj(a.content)?.zh, en: obj(a.content)?.en }) && isText(obj(a.content)?.zh, 2000) && isText(obj(a.content)?.en, 2000); }, 20) ? null : 'must be a JSON list of {"title": {"zh", "en"}, "content": {"zh", "en"}}'),
  },
  cs_payment: {
    defaults: {
      default: '{"open":true,"minMinor":100000,"maxMinor":50000000,"list":[{"name":{"zh":"充值专员小李","en":"Deposit agent Li"},"channel":"url","contact":"https://cs.lobby.example/pay/li"},{"name":{"zh":"充值专员小王","en":"Deposit agent Wang"},"channel":"telegram","contact":"@lobby_pay_wang"}]}',
      8: '{"open":false,"minMinor":100000,"maxMinor":50000000,"list":[]}',
    },
    json: true,
    public: false,
    check: (v) => {
      const o = obj(v);
      const item = (x: unknown) => { const a = obj(x); return !!a && isTexts(a.name) && ['url', 'telegram', 'qq'].includes(a.channel as string) && isText(a.contact, 300) && (a.channel !== 'url' || isUrl(a.contact)); };
      return o && typeof o.open === 'boolean' && isMinor(o.minMinor) && isMinor(o.maxMinor) && (o.minMinor as number) <= (o.maxMinor as number) && isArrayOf(o.list, item, 20) ? null : 'must be {"open", "minMinor" <= "maxMinor", "list": [{"name": {"zh", "en"}, "channel": url|telegram|qq, "contact"}]}';
    },
  },
  offline_banks: {
    defaults: {
      default: '[{"bankCode":"ICBC","accountName":"乐博网络科技有限公司","cardNo":"6222021001122334455","branch":"深圳福田支行"},{"bankCode":"CMB","accountName":"乐博网络科技有限公司","cardNo":"6225880112233445","branch":"深圳南山支行"}]',
      8: '[{"bankCode":"CCB","accountName":"极光信息技术有限公司","cardNo":"6217003320012345678","branch":"广州天河支行"}]',
    },
    json: true,
    public: false,
    check: (v) => (isArrayOf(v, (x) => { const a = obj(x); return !!a && (BANK_CODES as readonly unknown[]).includes(a.bankCode) && isText(a.accountName, 60) && typeof a.cardNo === 'string' && /^\d{12,19}$/.test(a.cardNo) && isText(a.branch, 60); }, 20) ? null : 'must be a JSON list of {"bankCode", "accountName", "cardNo" (12 to 19 digits), "branch"}'),
  },
  venue_apps: {
    defaults: {
      default: '[{"venueCode":"LBSPORT","android":"https://downloads.lobby.example/venues/lbsport.apk","ios":"https://downloads.lobby.example/venues/lbsport-ios"},{"venueCode":"LBLIVE","android":"https://downloads.lobby.example/venues/lblive.apk","ios":""}]',
      8: '[]',
    },
    json: true,
    public: true,
    check: (v) => (isArrayOf(v, (x) => { const a = obj(x); return !!a && isCode(a.venueCode) && (a.android === '' || isUrl(a.android)) && (a.ios === '' || isUrl(a.ios)); }, 50) && new Set((v as { venueCode: string }[]).map((a) => a.venueCode)).size === (v as unknown[]).length ? null : 'must be a JSON list of distinct {"venueCode", "android", "ios"} with http(s) addresses or empty text'),
  },
  identity_withdraw_requires: { defaults: { default: '[]' }, json: true, public: true, check: factsOf(IDENTITY_WITHDRAW_FACTS) },
  identity_bind_card_requires: { defaults: { default: '[]' }, json: true, public: true, check: factsOf(IDENTITY_BIND_FACTS) },
  identity_match_phone: { defaults: { default: '0' }, json: false, public: true, check: flag },
  withdraw_bound_only: { defaults: { default: '0' }, json: false, public: true, check: flag },
  identity_match_bank_card: { defaults: { default: '0' }, json: false, public: true, check: flag },
};

export const CONFIG_KEYS: readonly string[] = Object.keys(RULES);

function ruleOf(keyCode: string): KeyRule {
  const rule = RULES[keyCode];
  if (!rule) throw new BusinessError('siteConfigKeyUnknown', `keyCode: no config key ${keyCode}`);
  return rule;
}

/** Checks a value for a key; the stored text (JSON normalised) or siteConfigValueInvalid naming the problem. */
export function checkedValue(keyCode: string, text: string): string {
  const rule = ruleOf(keyCode);
  let value: unknown = text;
  if (rule.json) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new BusinessError('siteConfigValueInvalid', `value: ${keyCode} must be JSON`);
    }
  }
  const problem = rule.check(value);
  if (problem) throw new BusinessError('siteConfigValueInvalid', `value: ${keyCode} ${problem}`);
  return rule.json ? JSON.stringify(value) : text;
}

/** The brand's value of each key asked (stored, else the default); an unknown key is siteConfigKeyUnknown. */
export async function configTexts(q: Queryable, siteId: number, keyCodes: readonly string[], publicOnly = false): Promise<Map<string, string>> {
  for (const key of keyCodes) {
    if (!ruleOf(key).public && publicOnly) throw new BusinessError('siteConfigKeyUnknown', `keyCode: ${key} is not a public config key`);
  }
  const { rows } = await q.query<{ key_code: string; value: string }>('SELECT key_code, value FROM site_config_values WHERE site_id = $1 AND key_code = ANY($2::text[])', [siteId, [...keyCodes]]);
  const stored = new Map(rows.map((row) => [row.key_code, row.value]));
  return new Map(keyCodes.map((key) => { const { defaults } = ruleOf(key); return [key, stored.get(key) ?? defaults[siteId] ?? defaults.default]; }));
}

/** One key's value, parsed when the key holds JSON. */
export async function configValue<T>(q: Queryable, siteId: number, keyCode: string): Promise<T> {
  const text = (await configTexts(q, siteId, [keyCode])).get(keyCode)!;
  return (ruleOf(keyCode).json ? JSON.parse(text) : text) as T;
}

/** Stores the operator's value of a key for a brand, after its rule passed. */
export async function setConfigValue(q: Queryable, siteId: number, keyCode: string, text: string): Promise<string> {
  const value = checkedValue(keyCode, text);
  await q.query(
    `INSERT INTO site_config_values (site_id, key_code, value) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, key_code) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [siteId, keyCode, value],
  );
  return value;
}
