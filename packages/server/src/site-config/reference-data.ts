import type { CountryArea } from '@lobby/sdk';
import type { BANK_CODES, COUNTRY_AREA_CODES } from './config-keys.js';

/** Reference data the finance and site calls serve (the same on every brand; brands choose among them). */

export const COUNTRY_AREAS: Readonly<Record<(typeof COUNTRY_AREA_CODES)[number], CountryArea>> = {
  CN: { areaCode: 'CN', dialCode: '+86', name: { zh: '中国大陆', en: 'Mainland China' } },
  HK: { areaCode: 'HK', dialCode: '+852', name: { zh: '中国香港', en: 'Hong Kong' } },
  MO: { areaCode: 'MO', dialCode: '+853', name: { zh: '中国澳门', en: 'Macao' } },
  TW: { areaCode: 'TW', dialCode: '+886', name: { zh: '中国台湾', en: 'Taiwan' } },
  SG: { areaCode: 'SG', dialCode: '+65', name: { zh: '新加坡', en: 'Singapore' } },
  MY: { areaCode: 'MY', dialCode: '+60', name: { zh: '马来西亚', en: 'Malaysia' } },
  PH: { areaCode: 'PH', dialCode: '+63', name: { zh: '菲律宾', en: 'Philippines' } },
  TH: { areaCode: 'TH', dialCode: '+66', name: { zh: '泰国', en: 'Thailand' } },
  VN: { areaCode: 'VN', dialCode: '+84', name: { zh: '越南', en: 'Vietnam' } },
  KH: { areaCode: 'KH', dialCode: '+855', name: { zh: '柬埔寨', en: 'Cambodia' } },
  JP: { areaCode: 'JP', dialCode: '+81', name: { zh: '日本', en: 'Japan' } },
  KR: { areaCode: 'KR', dialCode: '+82', name: { zh: '韩国', en: 'South Korea' } },
};

type BankCode = (typeof BANK_CODES)[number];

export const BANKS: Readonly<Record<BankCode, { zh: string; en: string; onlineBanking: boolean }>> = {
  ICBC: { zh: '中国工商银行', en: 'Industrial and Commercial Bank of China', onlineBanking: true },
  CCB: { zh: '中国建设银行', en: 'China Construction Bank', onlineBanking: true },
  ABC: { zh: '中国农业银行', en: 'Agricultural Bank of China', onlineBanking: true },
  BOC: { zh: '中国银行', en: 'Bank of China', onlineBanking: true },
  BOCOM: { zh: '交通银行', en: 'Bank of Communications', onlineBanking: true },
  CMB: { zh: '招商银行', en: 'China Merchants Bank', onlineBanking: true },
  PSBC: { zh: '中国邮政储蓄银行', en: 'Postal Savings Bank of China', onlineBanking: false },
  CIB: { zh: '兴业银行', en: 'Industrial Bank', onlineBanking: true },
  CITIC: { zh: '中信银行', en: 'China CITIC Bank', onlineBanking: true },
  SPDB: { zh: '上海浦东发展银行', en: 'Shanghai Pudong Development Bank', onlineBanking: false },
};

/** The bank code of a bank name as members type it (the Chinese or English name, or the code). */
export function bankCodeOfName(name: string): BankCode | undefined {
  const text = name.trim().toLowerCase();
  return (Object.keys(BANKS) as BankCode[]).find((code) => code.toLowerCase() === text || BANKS[code].zh === name.trim() || BANKS[code].en.toLowerCase() === text);
}

const CITIES: readonly [string, string][] = [
  ['广东', '深圳'],
  ['广东', '广州'],
  ['上海', '上海'],
  ['北京', '北京'],
  ['浙江', '杭州'],
];

const DISTRICTS: Readonly<Record<string, readonly string[]>> = {
  深圳: ['福田支行', '南山支行', '罗湖支行'],
  广州: ['天河支行', '越秀支行'],
  上海: ['浦东分行', '徐汇支行', '静安支行'],
  北京: ['西城支行', '朝阳支行'],
  杭州: ['西湖支行', '滨江支行'],
};

/** A bank's branches: every bank has a branch in each of the listed districts (the sandbox directory). */
export function branchesOf(code: BankCode, city?: string): { branchName: string; province: string; city: string }[] {
  return CITIES.filter(([, name]) => city === undefined || name === city.trim()).flatMap(([province, name]) =>
    (DISTRICTS[name] ?? []).map((district) => ({ branchName: `${BANKS[code].zh}${name}${district}`, province, city: name })),
  );
}
