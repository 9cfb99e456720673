import { BONUS_DEFAULT_WEIGHTS, BONUS_MULTIPLE_CEILING, DEPOSIT_AGAIN_MODES, VENUE_CATEGORIES, type DepositAgainMode, type VenueCategory } from '@lobby/sdk';

/**
 * The rules of a bonus area activity (deposit_first, deposit_again, month_money) read from
 * its `config` JSON (docs/BONUS-WAGERING.md, "Config"). Money in minor units (fen),
 * percentages of a deposit in basis points (2000 = 20%).
 */
export interface BonusTerms {
  /** Turnover required = multiple x bonus; at most the brand's cap (checked at claim and by checkBrandCap). */
  multiple: number;
  maxBetMinor: number;
  expiryDays: number;
  weights: Record<VenueCategory, number>;
}

export interface DepositRule extends BonusTerms {
  mode: 'first' | DepositAgainMode;
  percentBp: number;
  maxBonusMinor: number;
  minDepositMinor: number;
  /** nth mode: which confirmed deposit counts (2 = the second). */
  nth: number;
  /** stage mode: ascending by minDepositMinor. */
  stages: { minDepositMinor: number; bonusMinor: number }[];
}

export interface MonthRule extends BonusTerms {
  tiers: { minDepositMinor: number; minTurnoverMinor: number; rewardMinor: number }[];
}

export const BONUS_KINDS = ['deposit_first', 'deposit_again', 'month_money'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

const DEFAULTS = { multiple: 10, maxBetMinor: 500_00, expiryDays: 7 };
const MONEY_MAX = 100_000_000_00;

class ConfigProblem extends Error {}
const fail = (message: string): never => { throw new ConfigProblem(message); };

function int(config: Record<string, unknown>, key: string, min: number, max: number, fallback?: number): number {
  const value = config[key] ?? fallback;
  if (value === undefined) return fail(`${key} is required`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) return fail(`${key} must be an integer from ${min} to ${max}`);
  return value;
}

function weightsOf(value: unknown): Record<VenueCategory, number> {
  if (value === undefined) return { ...BONUS_DEFAULT_WEIGHTS };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('weights must be an object of venue category (1-7) to percent (0-100)');
  const weights = { ...BONUS_DEFAULT_WEIGHTS };
  for (const [key, percent] of Object.entries(value)) {
    const category = Number(key) as VenueCategory;
    if (!VENUE_CATEGORIES.includes(category) || String(category) !== key) fail(`weights: ${key} is not a venue category (1 sports .. 7 fishing)`);
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) fail(`weights.${key} must be an integer percent from 0 to 100`);
    weights[category] = percent as number;
  }
  return weights;
}

function termsOf(config: Record<string, unknown>): BonusTerms {
  return {
    multiple: int(config, 'multiple', 0, BONUS_MULTIPLE_CEILING, DEFAULTS.multiple),
    maxBetMinor: int(config, 'maxBetMinor', 1, MONEY_MAX, DEFAULTS.maxBetMinor),
    expiryDays: int(config, 'expiryDays', 1, 365, DEFAULTS.expiryDays),
    weights: weightsOf(config.weights),
  };
}

function objectOf(config: unknown): Record<string, unknown> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return fail('config must be a JSON object');
  return config as Record<string, unknown>;
}

function listOf(config: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = config[key];
  if (!Array.isArray(value) || value.length < 1 || value.length > 10) return fail(`${key} must be a list of 1 to 10 entries`);
  return value.map((entry, i) => (typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry as Record<string, unknown> : fail(`${key}[${i}] must be an object`)));
}

/** A deposit activity's rule; throws ConfigProblem naming the first problem. */
function depositRuleOf(kind: 'deposit_first' | 'deposit_again', raw: unknown): DepositRule {
  const config = objectOf(raw);
  const mode = kind === 'deposit_first' ? 'first' : (config.mode ?? 'nth');
  if (mode !== 'first' && !DEPOSIT_AGAIN_MODES.includes(mode as DepositAgainMode)) fail(`mode must be one of ${DEPOSIT_AGAIN_MODES.join(', ')}`);
  const stages = mode === 'stage'
    ? listOf(config, 'stages').map((stage, i) => ({ minDepositMinor: int(stage, `minDepositMinor`, 1, MONEY_MAX), bonusMinor: int(stage, 'bonusMinor', 1, MONEY_MAX), i }))
    : [];
  stages.forEach((stage, i) => { if (i > 0 && stage.minDepositMinor <= stages[i - 1]!.minDepositMinor) fail('stages must ascend by minDepositMinor'); });
  const percent = mode === 'stage' ? { percentBp: 0, maxBonusMinor: Math.max(0, ...stages.map((s) => s.bonusMinor)) }
    : { percentBp: int(config, 'percentBp', 1, 100_000), maxBonusMinor: int(config, 'maxBonusMinor', 1, MONEY_MAX) };
  return {
    ...termsOf(config), mode: mode as DepositRule['mode'], ...percent,
    minDepositMinor: int(config, 'minDepositMinor', 1, MONEY_MAX, 1),
    nth: mode === 'nth' ? int(config, 'nth', 2, 100, 2) : 0,
    stages: stages.map(({ minDepositMinor, bonusMinor }) => ({ minDepositMinor, bonusMinor })),
  };
}

function monthRuleOf(raw: unknown): MonthRule {
  const config = objectOf(raw);
  const tiers = listOf(config, 'tiers').map((tier) => ({
    minDepositMinor: int(tier, 'minDepositMinor', 0, MONEY_MAX), minTurnoverMinor: int(tier, 'minTurnoverMinor', 0, MONEY_MAX), rewardMinor: int(tier, 'rewardMinor', 1, MONEY_MAX),
  }));
  tiers.forEach((tier, i) => { if (i > 0 && tier.rewardMinor <= tiers[i - 1]!.rewardMinor) fail('tiers must ascend by rewardMinor'); });
  return { ...termsOf(config), tiers };
}

/** The deposit rule of a deposit_first or deposit_again activity's config (already validated at create). */
export function depositRule(kind: 'deposit_first' | 'deposit_again', config: unknown): DepositRule {
  return depositRuleOf(kind, config);
}

/** The month rule of a month_money activity's config (already validated at create). */
export function monthRule(config: unknown): MonthRule {
  return monthRuleOf(config);
}

/**
 * Checks an activity's kind-specific `config` of this area: null when valid, else the problem in words.
 *
 * @example validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 188_00 }) // null
 */
export function validateConfig(kind: string, config: unknown): string | null {
  try {
    if (kind === 'deposit_first' || kind === 'deposit_again') depositRuleOf(kind, config);
    else if (kind === 'month_money') monthRuleOf(config);
    else objectOf(config);
    return null;
  } catch (error) {
    if (error instanceof ConfigProblem) return error.message;
    throw error;
  }
}
