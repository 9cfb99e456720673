import { GIFT_BASES, GIFT_KINDS, type GiftBasis, type GiftKind } from '@lobby/sdk';
import { isObject } from '../engine/config-values.js';

/**
 * A gift activity's `config` (docs/GIFTS.md): the gifts, each unlocked by one tier (its
 * `basis` and `threshold`), and the page's banner and tab title. Amounts and turnover
 * thresholds are fen; a vipLevel threshold is a grade; a points threshold is the price.
 */
export interface GiftItem {
  id: string;
  giftName: string;
  /** Spec section 3: virtual 0, real 1, money 2. */
  category: 0 | 1 | 2;
  /** A money gift pays this; other gifts show it as their value. */
  amountMinor: number;
  imgUrls: string[];
  giftProperties: string;
  basis: GiftBasis;
  threshold: number;
  /** A virtual gift that is an exclusive buff card: raises the fan shui rate for `days`. */
  buff?: { rebateBasisPoints: number; days: number };
}

export interface GiftConfig {
  gifts: GiftItem[];
  webBanner: string;
  activityTabTitle: string;
  /** Gifts one member may take from the activity (0: no limit beyond the engine's caps). */
  maxGift: number;
  /** Exchanges: turnover (fen) that earns one point. */
  pointMinor: number;
  /** A real gift's application expires when not provided within this many days. */
  applicationExpiryDays: number;
  /** Top gift dividends: the money each band of final ranks receives (fen). */
  rankPrizes: RankPrize[];
}

/** A band of final ranks (inclusive) and the prize each member in it receives. */
export interface RankPrize {
  fromRank: number;
  toRank: number;
  amountMinor: number;
}

/** The bases each gift kind's gifts may use. */
export const BASES_OF_KIND: Readonly<Record<GiftKind, readonly GiftBasis[]>> = {
  present: ['turnover', 'firstDeposit'],
  super_gift: ['deposit'],
  promo_v2: ['vipLevel', 'yuebao'],
  happy_send: ['dailyTurnover'],
  luxury_gift: ['points'],
  top_gift: ['points'],
};

export const APPLICATION_EXPIRY_DAYS_DEFAULT = 30;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const IMAGE_PATTERN = /^(\/[^\s]*|data:image\/[a-z+]+;base64,[A-Za-z0-9+/=]+)$/;

const isCount = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max && !value.includes('\u0000');

function giftProblem(kind: GiftKind, gift: unknown, index: number, seen: Set<string>): string | null {
  const at = `gifts[${index}]`;
  if (!isObject(gift)) return `${at} must be an object`;
  if (typeof gift.id !== 'string' || !ID_PATTERN.test(gift.id)) return `${at}.id must be 1 to 40 letters, digits, _ or -`;
  if (seen.has(gift.id)) return `${at}.id ${gift.id} is used twice`;
  seen.add(gift.id);
  if (!isText(gift.giftName, 60) || gift.giftName.trim() === '') return `${at}.giftName must be 1 to 60 characters`;
  if (gift.category !== 0 && gift.category !== 1 && gift.category !== 2) return `${at}.category must be 0 (virtual), 1 (real) or 2 (money)`;
  if (!isCount(gift.amountMinor, 100_000_000_00)) return `${at}.amountMinor must be an integer of fen from 0 to 10000000000`;
  if (gift.category === 2 && gift.amountMinor === 0) return `${at}: a money gift must pay more than 0`;
  if (gift.imgUrls !== undefined && (!Array.isArray(gift.imgUrls) || gift.imgUrls.length > 5 || !gift.imgUrls.every((url) => isText(url, 200_000) && IMAGE_PATTERN.test(url)))) {
    return `${at}.imgUrls must be at most 5 same-origin paths or data:image URLs`;
  }
  if (gift.giftProperties !== undefined && !isText(gift.giftProperties, 200)) return `${at}.giftProperties must be text of at most 200 characters`;
  if (!(GIFT_BASES as readonly unknown[]).includes(gift.basis) || !BASES_OF_KIND[kind].includes(gift.basis as GiftBasis)) {
    return `${at}.basis must be one of ${BASES_OF_KIND[kind].join(', ')} for a ${kind} activity`;
  }
  if (!isCount(gift.threshold, 100_000_000_00)) return `${at}.threshold must be a non-negative integer`;
  if (gift.basis === 'vipLevel' && gift.threshold > 10) return `${at}.threshold: VIP levels run from 0 to 10`;
  if (gift.basis === 'points' && gift.threshold === 0) return `${at}.threshold: an exchange gift must cost at least 1 point`;
  if (gift.buff !== undefined) {
    if (gift.category !== 0) return `${at}.buff: only a virtual gift can be a buff card`;
    if (!isObject(gift.buff) || !isCount(gift.buff.rebateBasisPoints, 500) || gift.buff.rebateBasisPoints === 0 || !isCount(gift.buff.days, 90) || gift.buff.days === 0) {
      return `${at}.buff must be { rebateBasisPoints: 1 to 500, days: 1 to 90 }`;
    }
  }
  return null;
}

/**
 * Checks a gift activity's config: null when valid, else the problem in words (the engine
 * refuses the create or update with activityInvalid and this text).
 *
 * @example validateConfig('present', { gifts: [] }) // 'gifts must list 1 to 30 gifts'
 */
export function validateConfig(kind: string, config: unknown): string | null {
  if (!(GIFT_KINDS as readonly string[]).includes(kind)) return null;
  const giftKind = kind as GiftKind;
  if (!isObject(config)) return 'config must be a JSON object';
  if (!Array.isArray(config.gifts) || config.gifts.length < 1 || config.gifts.length > 30) return 'gifts must list 1 to 30 gifts';
  const seen = new Set<string>();
  for (const [index, gift] of config.gifts.entries()) {
    const problem = giftProblem(giftKind, gift, index, seen);
    if (problem) return problem;
  }
  if (config.webBanner !== undefined && (!isText(config.webBanner, 200_000) || (config.webBanner !== '' && !IMAGE_PATTERN.test(config.webBanner)))) {
    return 'webBanner must be a same-origin path or a data:image URL';
  }
  if (config.activityTabTitle !== undefined && !isText(config.activityTabTitle, 40)) return 'activityTabTitle must be text of at most 40 characters';
  if (config.maxGift !== undefined && !isCount(config.maxGift, 1000)) return 'maxGift must be an integer from 0 to 1000';
  const exchanges = BASES_OF_KIND[giftKind].includes('points');
  if (exchanges && (!isCount(config.pointMinor, 100_000_000) || config.pointMinor === 0)) return 'pointMinor (turnover in fen that earns one point) must be an integer from 1 to 100000000';
  if (config.applicationExpiryDays !== undefined && (!isCount(config.applicationExpiryDays, 365) || config.applicationExpiryDays === 0)) {
    return 'applicationExpiryDays must be an integer from 1 to 365';
  }
  if (config.rankPrizes !== undefined) return rankPrizesProblem(giftKind, config.rankPrizes);
  return null;
}

function rankPrizesProblem(kind: GiftKind, prizes: unknown): string | null {
  if (kind !== 'top_gift') return 'rankPrizes belong to a top_gift activity';
  if (!Array.isArray(prizes) || prizes.length > 20) return 'rankPrizes must list at most 20 bands';
  let last = 0;
  for (const [index, prize] of prizes.entries()) {
    const at = `rankPrizes[${index}]`;
    if (!isObject(prize) || !isCount(prize.fromRank, 200) || !isCount(prize.toRank, 200) || prize.fromRank < 1) return `${at} must be { fromRank, toRank, amountMinor } with ranks from 1 to 200`;
    if (prize.toRank < prize.fromRank || prize.fromRank <= last) return `${at}: bands must run upwards without overlapping`;
    if (!isCount(prize.amountMinor, 100_000_000_00) || prize.amountMinor === 0) return `${at}.amountMinor must be an integer of fen above 0`;
    last = prize.toRank;
  }
  return null;
}

/** The config of a valid gift activity, with defaults filled in. */
export function giftConfigOf(config: Record<string, unknown>): GiftConfig {
  const raw = config as Partial<GiftConfig> & { gifts: GiftItem[] };
  return {
    gifts: raw.gifts.map((gift) => ({ ...gift, imgUrls: gift.imgUrls ?? [], giftProperties: gift.giftProperties ?? '' })),
    webBanner: raw.webBanner ?? '',
    activityTabTitle: raw.activityTabTitle ?? '',
    maxGift: raw.maxGift ?? 0,
    pointMinor: raw.pointMinor ?? 1,
    applicationExpiryDays: raw.applicationExpiryDays ?? APPLICATION_EXPIRY_DAYS_DEFAULT,
    rankPrizes: raw.rankPrizes ?? [],
  };
}
