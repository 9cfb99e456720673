import { SIGN_CYCLE_DAYS_DEFAULT } from '@lobby/sdk';
import { isObject } from '../engine/config-values.js';

/**
 * A sign-in activity's rules (its `config`; docs/SIGN-IN-AND-TASKS.md). Amounts are minor
 * units. Every field but `dayRewardsMinor` may be left out and takes the default shown.
 */
export interface SignInConfig {
  /** Activity days of one cycle (spec section 9: 7 by default); cycles run back to back from the activity's first Beijing day. */
  cycleDays: number;
  /** The reward of each day of the cycle, by its place (index 0 is the cycle's first day); one entry per cycle day. */
  dayRewardsMinor: number[];
  /** Rewards of the cycle for reaching a count of signed days, e.g. 3 and 7 (none by default). */
  cumulative: { days: number; rewardMinor: number }[];
  /** 'receive' (default): the member takes a cumulative reward with its button; 'auto': paid with the sign that reaches it. */
  awardWay: 'receive' | 'auto';
  /** The sign rule: what today's confirmed deposits and valid bets must reach before today's sign (0: nothing). */
  signRule: { dayDepositMinor: number; dayTurnoverMinor: number };
  /** Retroactive signs of missed days: how many a cycle allows (1 by default) and the deposits needed on the day of the retroactive sign (0 by default). */
  retroactive: { perCycle: number; depositMinor: number };
  /** Paid once in a cycle when every day of the previous cycle was signed (0: none). */
  lastCycleBonusMinor: number;
}

/** The most a single reward of a sign-in activity may be, minor units (100,000 yuan): a typo guard. */
const REWARD_MAX_MINOR = 10_000_000;
/** The longest cycle, in days. */
const CYCLE_DAYS_MAX = 31;

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= REWARD_MAX_MINOR;
const KNOWN = ['cycleDays', 'dayRewardsMinor', 'cumulative', 'awardWay', 'signRule', 'retroactive', 'lastCycleBonusMinor'];

function amountProblem(value: unknown, field: string): string | null {
  return value === undefined || isAmount(value) ? null : `${field} must be a whole number of minor units from 0 to ${REWARD_MAX_MINOR}`;
}

function cumulativeProblem(value: unknown, cycleDays: number): string | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return 'cumulative must be a list of { days, rewardMinor }';
  let previous = 0;
  for (const [index, entry] of value.entries()) {
    if (!isObject(entry) || Object.keys(entry).some((key) => key !== 'days' && key !== 'rewardMinor')) return `cumulative[${index}] must be { days, rewardMinor }`;
    const { days, rewardMinor } = entry;
    if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 1 || days > cycleDays) return `cumulative[${index}].days must be a whole number from 1 to the cycle's ${cycleDays} days`;
    if (days <= previous) return 'cumulative must list its days in rising order, each once';
    previous = days;
    const problem = amountProblem(rewardMinor, `cumulative[${index}].rewardMinor`) ?? (rewardMinor === undefined ? `cumulative[${index}].rewardMinor is missing` : null);
    if (problem) return problem;
  }
  return null;
}

function objectProblem(value: unknown, field: string, keys: readonly string[]): string | null {
  if (value === undefined) return null;
  if (!isObject(value)) return `${field} must be an object of ${keys.join(', ')}`;
  const unknownKey = Object.keys(value).find((key) => !keys.includes(key));
  if (unknownKey !== undefined) return `${field}.${unknownKey} is not a field (known: ${keys.join(', ')})`;
  for (const key of keys) {
    const problem = amountProblem(value[key], `${field}.${key}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * Checks a sign-in activity's config: null when valid, else the problem in words.
 *
 * @example validateConfig('sign_in', { dayRewardsMinor: [100, 100, 200, 100, 100, 100, 500] }) // null
 */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (!isObject(config)) return 'config must be a JSON object';
  const unknownKey = Object.keys(config).find((key) => !KNOWN.includes(key));
  if (unknownKey !== undefined) return `config.${unknownKey} is not a sign-in rule (known: ${KNOWN.join(', ')})`;
  const cycleDays = config.cycleDays ?? SIGN_CYCLE_DAYS_DEFAULT;
  if (typeof cycleDays !== 'number' || !Number.isSafeInteger(cycleDays) || cycleDays < 1 || cycleDays > CYCLE_DAYS_MAX) return `cycleDays must be a whole number from 1 to ${CYCLE_DAYS_MAX}`;
  const rewards = config.dayRewardsMinor;
  if (!Array.isArray(rewards) || rewards.length !== cycleDays) return `dayRewardsMinor must list one reward for each of the cycle's ${cycleDays} days`;
  const dayProblem = rewards.map((reward, index) => amountProblem(reward ?? null, `dayRewardsMinor[${index}]`)).find((problem) => problem !== null);
  if (dayProblem) return dayProblem;
  if (config.awardWay !== undefined && config.awardWay !== 'receive' && config.awardWay !== 'auto') return "awardWay must be 'receive' or 'auto'";
  const retroactive = config.retroactive;
  if (isObject(retroactive) && retroactive.perCycle !== undefined) {
    const { perCycle } = retroactive;
    if (typeof perCycle !== 'number' || !Number.isSafeInteger(perCycle) || perCycle < 0 || perCycle >= cycleDays) return `retroactive.perCycle must be a whole number from 0 to ${cycleDays - 1}`;
  }
  return (
    cumulativeProblem(config.cumulative, cycleDays) ??
    objectProblem(config.signRule, 'signRule', ['dayDepositMinor', 'dayTurnoverMinor']) ??
    objectProblem(isObject(retroactive) ? { ...retroactive, perCycle: undefined } : retroactive, 'retroactive', ['perCycle', 'depositMinor']) ??
    amountProblem(config.lastCycleBonusMinor, 'lastCycleBonusMinor')
  );
}

/** A checked config with its defaults filled in. */
export function readSignInConfig(config: Record<string, unknown>): SignInConfig {
  const raw = config as Partial<SignInConfig>;
  const cycleDays = raw.cycleDays ?? SIGN_CYCLE_DAYS_DEFAULT;
  return {
    cycleDays,
    dayRewardsMinor: raw.dayRewardsMinor ?? Array.from({ length: cycleDays }, () => 0),
    cumulative: raw.cumulative ?? [],
    awardWay: raw.awardWay ?? 'receive',
    signRule: { dayDepositMinor: raw.signRule?.dayDepositMinor ?? 0, dayTurnoverMinor: raw.signRule?.dayTurnoverMinor ?? 0 },
    retroactive: { perCycle: raw.retroactive?.perCycle ?? 1, depositMinor: raw.retroactive?.depositMinor ?? 0 },
    lastCycleBonusMinor: raw.lastCycleBonusMinor ?? 0,
  };
}
