import { isObject } from '../engine/config-values.js';

/**
 * A new-member task activity's rules (its `config`; docs/SIGN-IN-AND-TASKS.md). Amounts are
 * minor units. A task kind left out of `tasks` is not offered.
 */
export interface NewTaskConfig {
  /** Beijing days from the member's first day (registration, or the activity's start) the tasks stay open; 7 by default. */
  taskDays: number;
  tasks: {
    /** New 1: the scratch card, one per new member; its amount is drawn provably fair from the prizes by weight. */
    new?: { prizes: { amountMinor: number; weight: number }[] };
    /** Deposit 2: confirmed deposits in the task days reach `minDepositMinor`. */
    deposit?: { minDepositMinor: number; rewardMinor: number };
    /** Withdrawal 3: completed withdrawals in the task days reach `minWithdrawalMinor`. */
    withdrawal?: { minWithdrawalMinor: number; rewardMinor: number };
    /** GameFirst 4: a settled game bet in the task days with a valid bet of at least `minBetMinor`. */
    gameFirst?: { minBetMinor: number; rewardMinor: number };
    /** GamePackage 5: `signDays` package signs, each on a day whose deposits and valid bets reach the day's amounts. */
    gamePackage?: { signDays: number; dayDepositMinor: number; dayBetMinor: number; rewardMinor: number };
    /** Reborn 6: deposits of at least `minDepositMinor` in the task days, all played (valid bets at least the deposits, no withdrawal), and the centre balance now below `belowMinor`. */
    reborn?: { minDepositMinor: number; belowMinor: number; rewardMinor: number };
  };
}

export const TASK_DAYS_DEFAULT = 7;
const TASK_DAYS_MAX = 90;
/** The most a single task reward may be, minor units (100,000 yuan): a typo guard. */
const AMOUNT_MAX_MINOR = 10_000_000;

/** Each task's config key by the spec's kind number. */
export const TASK_KEYS = { 1: 'new', 2: 'deposit', 3: 'withdrawal', 4: 'gameFirst', 5: 'gamePackage', 6: 'reborn' } as const;
const FIELDS: Record<string, readonly string[]> = {
  deposit: ['minDepositMinor', 'rewardMinor'],
  withdrawal: ['minWithdrawalMinor', 'rewardMinor'],
  gameFirst: ['minBetMinor', 'rewardMinor'],
  gamePackage: ['signDays', 'dayDepositMinor', 'dayBetMinor', 'rewardMinor'],
  reborn: ['minDepositMinor', 'belowMinor', 'rewardMinor'],
};

const isWhole = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

function prizesProblem(value: unknown): string | null {
  if (!isObject(value) || Object.keys(value).some((key) => key !== 'prizes')) return 'tasks.new must be { prizes: [{ amountMinor, weight }] }';
  const { prizes } = value;
  if (!Array.isArray(prizes) || prizes.length < 1 || prizes.length > 20) return 'tasks.new.prizes must list 1 to 20 prizes';
  for (const [index, prize] of prizes.entries()) {
    if (!isObject(prize) || Object.keys(prize).some((key) => key !== 'amountMinor' && key !== 'weight')) return `tasks.new.prizes[${index}] must be { amountMinor, weight }`;
    if (!isWhole(prize.amountMinor, AMOUNT_MAX_MINOR)) return `tasks.new.prizes[${index}].amountMinor must be a whole number of minor units from 0 to ${AMOUNT_MAX_MINOR}`;
    if (!isWhole(prize.weight, 1_000_000) || prize.weight < 1) return `tasks.new.prizes[${index}].weight must be a whole number from 1 to 1000000`;
  }
  return null;
}

function taskProblem(key: string, value: unknown, taskDays: number): string | null {
  const fields = FIELDS[key]!;
  if (!isObject(value)) return `tasks.${key} must be an object of ${fields.join(', ')}`;
  const extra = Object.keys(value).find((field) => !fields.includes(field));
  if (extra !== undefined) return `tasks.${key}.${extra} is not a field (known: ${fields.join(', ')})`;
  for (const field of fields) {
    if (field === 'signDays') {
      if (!isWhole(value.signDays, taskDays) || value.signDays < 1) return `tasks.${key}.signDays must be a whole number from 1 to the ${taskDays} task days`;
    } else if (!isWhole(value[field], AMOUNT_MAX_MINOR)) {
      return `tasks.${key}.${field} must be a whole number of minor units from 0 to ${AMOUNT_MAX_MINOR}`;
    }
  }
  return null;
}

/**
 * Checks a new-member task activity's config: null when valid, else the problem in words.
 *
 * @example validateConfig('new_task', { tasks: { deposit: { minDepositMinor: 100_00, rewardMinor: 18_00 } } }) // null
 */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (!isObject(config)) return 'config must be a JSON object';
  const extra = Object.keys(config).find((key) => key !== 'taskDays' && key !== 'tasks');
  if (extra !== undefined) return `config.${extra} is not a new-member task rule (known: taskDays, tasks)`;
  const taskDays = config.taskDays ?? TASK_DAYS_DEFAULT;
  if (!isWhole(taskDays, TASK_DAYS_MAX) || taskDays < 1) return `taskDays must be a whole number from 1 to ${TASK_DAYS_MAX}`;
  const { tasks } = config;
  if (!isObject(tasks) || Object.keys(tasks).length === 0) return `tasks must name at least one task of ${Object.values(TASK_KEYS).join(', ')}`;
  for (const [key, value] of Object.entries(tasks)) {
    if (!(Object.values(TASK_KEYS) as string[]).includes(key)) return `tasks.${key} is not a task (known: ${Object.values(TASK_KEYS).join(', ')})`;
    const problem = key === 'new' ? prizesProblem(value) : taskProblem(key, value, taskDays);
    if (problem) return problem;
  }
  return null;
}

/** A checked config with its defaults filled in. */
export function readNewTaskConfig(config: Record<string, unknown>): NewTaskConfig {
  const raw = config as Partial<NewTaskConfig>;
  return { taskDays: raw.taskDays ?? TASK_DAYS_DEFAULT, tasks: raw.tasks ?? {} };
}
