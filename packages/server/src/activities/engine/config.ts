import { ACTIVITY_FORM_ANSWER_MAX, ACTIVITY_FORM_FIELDS_MAX, DISCOUNT_REPEATS, type ActivityFormField, type DiscountRepeat } from '@lobby/sdk';
import { isInt, isObject } from './config-values.js';

/**
 * The config of the two kinds the engine runs itself (docs/ACTIVITY-PAGES.md):
 * - 'display' (pureDisplay): terms and pictures only; nothing to claim.
 * - 'discount' (preferentialActivity / discountDetails): an apply-for offer paid at once.
 * Keys every kind's config may carry, read by the activity list and detail: `bannerUrl`
 * (the list card's and banner's image), `showRemaining` (the detail shows what the budget
 * can still pay), `joinRequired` (the member joins first: entry insert), `summary` (one
 * line under the title on the list).
 */

/** The most a discount pays one member at once, minor units (our choice: 100,000 yuan). */
export const DISCOUNT_REWARD_MAX_MINOR = 10_000_000;
/** A discount paid as bonus money: the days it may take to wager before it expires, when the config names none. */
export const DISCOUNT_BONUS_DAYS_DEFAULT = 7;
/** A discount paid as bonus money: the largest single bet that counts toward its wagering, when the config names none (500 yuan). */
export const DISCOUNT_MAX_BET_DEFAULT_MINOR = 50_000;
/** Pictures a display or discount activity may show. */
export const PICTURES_MAX = 12;
const IMAGE_PATH_MAX = 2_000;
const IMAGE_DATA_MAX = 200_000;
const SUMMARY_MAX = 200;

/** A discount's rules, read from its config. */
export interface DiscountRules {
  rewardMinor: number;
  wallet: 'centre' | 'bonus';
  /** Turnover needed as a multiple of a bonus (bonus wallet only; the brand's cap is checked when paying). */
  wageringMultiple: number;
  bonusDays: number;
  maxBetMinor: number;
  repeat: DiscountRepeat;
  form: ActivityFormField[];
}

type Json = Record<string, unknown>;

/**
 * An image address the site may show: a same-origin path or a data:image URL.
 *
 * @example imageAllowed('/static/promo/banner.png') // true
 */
export function imageAllowed(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(value)) return value.length <= IMAGE_DATA_MAX;
  return value.length <= IMAGE_PATH_MAX && value.startsWith('/') && !value.startsWith('//') && !/[\\\s"'<>]/.test(value);
}

/** The problem with the keys every kind may carry, or null. */
function commonProblem(config: Json): string | null {
  if (config.bannerUrl !== undefined && !imageAllowed(config.bannerUrl)) return 'config.bannerUrl: a same-origin path or a data:image URL';
  for (const flag of ['showRemaining', 'joinRequired'] as const) {
    if (config[flag] !== undefined && typeof config[flag] !== 'boolean') return `config.${flag}: true or false`;
  }
  if (config.summary !== undefined && (typeof config.summary !== 'string' || config.summary.length > SUMMARY_MAX)) return `config.summary: text of at most ${SUMMARY_MAX} characters`;
  if (config.pictures !== undefined) {
    if (!Array.isArray(config.pictures) || config.pictures.length > PICTURES_MAX) return `config.pictures: a list of at most ${PICTURES_MAX} images`;
    if (!config.pictures.every(imageAllowed)) return 'config.pictures: each a same-origin path or a data:image URL';
  }
  return null;
}

function formProblem(form: unknown): string | null {
  if (form === undefined) return null;
  if (!Array.isArray(form) || form.length > ACTIVITY_FORM_FIELDS_MAX) return `config.form: a list of at most ${ACTIVITY_FORM_FIELDS_MAX} fields`;
  const names = new Set<string>();
  for (const [index, field] of form.entries()) {
    if (!isObject(field)) return `config.form[${index}]: an object`;
    if (typeof field.name !== 'string' || !/^[a-z0-9_]{1,32}$/.test(field.name)) return `config.form[${index}].name: 1 to 32 of a-z, 0-9, _`;
    if (names.has(field.name)) return `config.form[${index}].name: ${field.name} twice`;
    names.add(field.name);
    if (typeof field.label !== 'string' || field.label.length < 1 || field.label.length > 60) return `config.form[${index}].label: 1 to 60 characters`;
    if (field.required !== undefined && typeof field.required !== 'boolean') return `config.form[${index}].required: true or false`;
    if (field.maxLength !== undefined && !isInt(field.maxLength, 1, ACTIVITY_FORM_ANSWER_MAX)) return `config.form[${index}].maxLength: 1 to ${ACTIVITY_FORM_ANSWER_MAX}`;
  }
  return null;
}

function discountProblem(config: Json): string | null {
  if (!isInt(config.rewardMinor, 1, DISCOUNT_REWARD_MAX_MINOR)) return `config.rewardMinor: the reward in fen, 1 to ${DISCOUNT_REWARD_MAX_MINOR}`;
  if (config.wallet !== undefined && config.wallet !== 'centre' && config.wallet !== 'bonus') return "config.wallet: 'centre' or 'bonus'";
  if (config.wageringMultiple !== undefined && !isInt(config.wageringMultiple, 0, 100)) return 'config.wageringMultiple: a whole multiple, 0 to 100 (the brand caps it when paid)';
  if (config.bonusDays !== undefined && !isInt(config.bonusDays, 1, 365)) return 'config.bonusDays: 1 to 365';
  if (config.maxBetMinor !== undefined && !isInt(config.maxBetMinor, 1, DISCOUNT_REWARD_MAX_MINOR * 10)) return 'config.maxBetMinor: the largest bet in fen that counts toward wagering';
  if (config.repeat !== undefined && !DISCOUNT_REPEATS.includes(config.repeat as DiscountRepeat)) return `config.repeat: ${DISCOUNT_REPEATS.join(' or ')}`;
  return formProblem(config.form);
}

/**
 * Checks the config of a 'display' or 'discount' activity: null when valid, else the problem
 * in words (the engine refuses the activity with activityInvalid).
 *
 * @example validateConfig('discount', { rewardMinor: 8_800, wallet: 'centre' }) // null
 */
export function validateConfig(kind: string, config: unknown): string | null {
  if (!isObject(config)) return 'config must be a JSON object';
  const common = commonProblem(config);
  if (common) return common;
  if (kind === 'discount') return discountProblem(config);
  return null;
}

/**
 * A valid discount config's rules with their defaults.
 *
 * @example discountRules({ rewardMinor: 8_800 }).repeat // 'once'
 */
export function discountRules(config: Record<string, unknown>): DiscountRules {
  const form = Array.isArray(config.form) ? (config.form as Json[]) : [];
  return {
    rewardMinor: config.rewardMinor as number,
    wallet: config.wallet === 'bonus' ? 'bonus' : 'centre',
    wageringMultiple: config.wallet === 'bonus' ? ((config.wageringMultiple as number | undefined) ?? 1) : 0,
    bonusDays: (config.bonusDays as number | undefined) ?? DISCOUNT_BONUS_DAYS_DEFAULT,
    maxBetMinor: (config.maxBetMinor as number | undefined) ?? DISCOUNT_MAX_BET_DEFAULT_MINOR,
    repeat: config.repeat === 'daily' ? 'daily' : 'once',
    form: form.map((field) => ({
      name: field.name as string,
      label: field.label as string,
      required: field.required === true,
      maxLength: (field.maxLength as number | undefined) ?? ACTIVITY_FORM_ANSWER_MAX,
    })),
  };
}

/** The content form of any activity's config (a kind without one asks for nothing). */
export function formOf(config: Record<string, unknown>): ActivityFormField[] {
  return formProblem(config.form) === null ? discountRules({ ...config, rewardMinor: 0 }).form : [];
}

/**
 * The member's answers to a form, checked: every required field answered, none longer than
 * its limit, no field the form does not ask. Answers the problem in words, or null.
 *
 * @example formAnswerProblem([{ name: 'account', label: 'Game account', required: true, maxLength: 40 }], {}) // 'account: required'
 */
export function formAnswerProblem(form: readonly ActivityFormField[], answers: Readonly<Record<string, string>>): string | null {
  for (const name of Object.keys(answers)) {
    if (!form.some((field) => field.name === name)) return `form.${name}: this activity asks no such field`;
  }
  for (const field of form) {
    const answer = Object.hasOwn(answers, field.name) ? answers[field.name]!.trim() : '';
    if (field.required && answer === '') return `form.${field.name}: required (${field.label})`;
    if (answer.length > field.maxLength) return `form.${field.name}: at most ${field.maxLength} characters`;
  }
  return null;
}
