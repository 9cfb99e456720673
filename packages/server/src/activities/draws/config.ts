import { CENTRE_WALLET_ONLY } from '../engine/activity-types.js';
import { isInt, isObject } from '../engine/config-values.js';

/**
 * The rules of the draw kinds (issue 20; docs/PROMO-FAIRNESS.md "The draw kinds"): draw gift,
 * spin wheel and raffle. Money in minor units (fen), weights whole numbers.
 */

/** The operator's limits on the draw kinds (our choice; docs/PROMO-FAIRNESS.md). */
export const DRAW_LIMITS = {
  awardsMax: 20,
  segmentsMax: 16,
  tasksMax: 10,
  prizesMax: 20,
  winnersMax: 1_000,
  nameMax: 40,
  hintMax: 200,
  windowsMax: 400,
  drawsPerWindowMax: 1_000,
  spinsPerTaskMax: 100,
  ticketsPerMemberMax: 100_000,
  amountMaxMinor: 100_000_000,
} as const;

/** One award of a draw gift, or one segment of a wheel: amountMinor 0 is a "thanks" award (nothing paid). */
export interface Award {
  name: string;
  amountMinor: number;
  weight: number;
}

/** A draw window (the spec's lotteryStart / lotteryEnd), ISO 8601 times. */
export interface DrawWindow {
  opensAt: string;
  closesAt: string;
}

/** Rules shared by the draw gift and the wheel: where the money lands and the draw windows. */
interface WindowedConfig {
  /** Explicit draw windows, inside the activity's schedule, in order, not overlapping; absent: one window per Beijing day (UTC+8). */
  windows?: DrawWindow[];
  /** Where the money lands: the member's own centre wallet (the default and the only one: bonus money needs wagering terms, docs/BONUS-WAGERING.md). */
  wallet?: 'centre';
  /** The spec's VIP level hint, plain text shown beside the button (e.g. 'VIP3 and above: double draws'). */
  vipHint?: string;
}

/** draw_gift: each `moneyEachMinor` of deposits in the window earns one draw once deposits reach `depositRequirementMinor`. */
export interface DrawGiftConfig extends WindowedConfig {
  awards: Award[];
  moneyEachMinor: number;
  depositRequirementMinor: number;
  /** The most draws one member takes in one window. */
  maxDrawsPerWindow: number;
}

/** A wheel task: done when the member's deposits or valid bets in the window reach the target; `login` is done by opening the wheel. */
export interface SpinTask {
  id: string;
  name: string;
  kind: 'login' | 'deposit' | 'turnover';
  targetMinor: number;
  spins: number;
}

/** spin_wheel: tasks earn spins in each window, the member receives them, then spins. */
export interface SpinWheelConfig extends WindowedConfig {
  segments: Award[];
  tasks: SpinTask[];
}

/** A raffle prize: `count` winners of `amountMinor` each. */
export interface RafflePrize {
  name: string;
  amountMinor: number;
  count: number;
}

/** raffle: each `moneyEachMinor` of deposits (or valid bets) in the activity's window earns a ticket; the draw is at the activity's end. */
export interface RaffleConfig {
  basis: 'deposit' | 'turnover';
  moneyEachMinor: number;
  maxTicketsPerMember: number;
  prizes: RafflePrize[];
  /** As the draw gift's: the centre wallet only. */
  wallet?: 'centre';
  vipHint?: string;
}

/** Plain text of 1 to `max` characters: no control characters and no angle brackets (names are shown as text, but never look like markup). */
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim().length >= 1 && value.length <= max && ![...value].some((char) => char.charCodeAt(0) < 0x20 || char === '<' || char === '>');

function unknownKeys(config: Record<string, unknown>, known: readonly string[]): string | null {
  const extra = Object.keys(config).find((key) => !known.includes(key));
  return extra === undefined ? null : `${extra} is not a rule of this kind (known: ${known.join(', ')})`;
}

function awardsProblem(value: unknown, field: string, max: number): string | null {
  if (!Array.isArray(value) || value.length < 2 || value.length > max) return `${field} must list 2 to ${max} entries`;
  for (const [index, award] of value.entries()) {
    if (!isObject(award)) return `${field}[${index}] must be an object`;
    const extra = unknownKeys(award, ['name', 'amountMinor', 'weight']);
    if (extra) return `${field}[${index}].${extra}`;
    if (!isText(award.name, DRAW_LIMITS.nameMax)) return `${field}[${index}].name must be 1 to ${DRAW_LIMITS.nameMax} characters of plain text`;
    if (!isInt(award.amountMinor, 0, DRAW_LIMITS.amountMaxMinor)) return `${field}[${index}].amountMinor must be a whole number of minor units from 0 to ${DRAW_LIMITS.amountMaxMinor}`;
    if (!isInt(award.weight, 0, 1_000_000)) return `${field}[${index}].weight must be a whole number from 0 to 1000000`;
  }
  if (value.reduce((sum: number, award: Award) => sum + award.weight, 0) < 1) return `${field} weights must add up to at least 1`;
  return null;
}

function windowedProblem(c: Record<string, unknown>): string | null {
  if (c.wallet !== undefined && c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  if (c.vipHint !== undefined && !isText(c.vipHint, DRAW_LIMITS.hintMax)) return `vipHint must be 1 to ${DRAW_LIMITS.hintMax} characters of plain text`;
  if (c.windows === undefined) return null;
  if (!Array.isArray(c.windows) || c.windows.length < 1 || c.windows.length > DRAW_LIMITS.windowsMax) return `windows must list 1 to ${DRAW_LIMITS.windowsMax} draw windows`;
  let previousClose = -Infinity;
  for (const [index, window] of c.windows.entries()) {
    if (!isObject(window) || unknownKeys(window, ['opensAt', 'closesAt'])) return `windows[${index}] must be { opensAt, closesAt }`;
    const opens = typeof window.opensAt === 'string' ? Date.parse(window.opensAt) : NaN;
    const closes = typeof window.closesAt === 'string' ? Date.parse(window.closesAt) : NaN;
    if (Number.isNaN(opens) || Number.isNaN(closes)) return `windows[${index}] times must be ISO 8601`;
    if (closes <= opens) return `windows[${index}] must close after it opens`;
    if (opens < previousClose) return `windows[${index}] must open after windows[${index - 1}] closes`;
    previousClose = closes;
  }
  return null;
}

function drawGiftProblem(c: Record<string, unknown>): string | null {
  const extra = unknownKeys(c, ['awards', 'moneyEachMinor', 'depositRequirementMinor', 'maxDrawsPerWindow', 'windows', 'wallet', 'vipHint']);
  if (extra) return extra;
  const awards = awardsProblem(c.awards, 'awards', DRAW_LIMITS.awardsMax);
  if (awards) return awards;
  if (!isInt(c.moneyEachMinor, 1, DRAW_LIMITS.amountMaxMinor)) return `moneyEachMinor must be a whole number of minor units from 1 to ${DRAW_LIMITS.amountMaxMinor}`;
  if (!isInt(c.depositRequirementMinor, 0, DRAW_LIMITS.amountMaxMinor)) return `depositRequirementMinor must be a whole number of minor units from 0 to ${DRAW_LIMITS.amountMaxMinor}`;
  if (!isInt(c.maxDrawsPerWindow, 1, DRAW_LIMITS.drawsPerWindowMax)) return `maxDrawsPerWindow must be a whole number from 1 to ${DRAW_LIMITS.drawsPerWindowMax}`;
  return windowedProblem(c);
}

function spinWheelProblem(c: Record<string, unknown>): string | null {
  const extra = unknownKeys(c, ['segments', 'tasks', 'windows', 'wallet', 'vipHint']);
  if (extra) return extra;
  const segments = awardsProblem(c.segments, 'segments', DRAW_LIMITS.segmentsMax);
  if (segments) return segments;
  if (!Array.isArray(c.tasks) || c.tasks.length < 1 || c.tasks.length > DRAW_LIMITS.tasksMax) return `tasks must list 1 to ${DRAW_LIMITS.tasksMax} tasks`;
  const ids = new Set<string>();
  for (const [index, task] of c.tasks.entries()) {
    if (!isObject(task)) return `tasks[${index}] must be an object`;
    const extraTask = unknownKeys(task, ['id', 'name', 'kind', 'targetMinor', 'spins']);
    if (extraTask) return `tasks[${index}].${extraTask}`;
    if (typeof task.id !== 'string' || !/^[a-z0-9_-]{1,32}$/.test(task.id)) return `tasks[${index}].id must be 1 to 32 of a-z, 0-9, _ and -`;
    if (ids.has(task.id)) return `tasks[${index}].id ${task.id} is used twice`;
    ids.add(task.id);
    if (!isText(task.name, DRAW_LIMITS.nameMax)) return `tasks[${index}].name must be 1 to ${DRAW_LIMITS.nameMax} characters of plain text`;
    if (task.kind !== 'login' && task.kind !== 'deposit' && task.kind !== 'turnover') return `tasks[${index}].kind must be login, deposit or turnover`;
    if (!isInt(task.targetMinor, task.kind === 'login' ? 0 : 1, DRAW_LIMITS.amountMaxMinor)) {
      return `tasks[${index}].targetMinor must be a whole number of minor units from ${task.kind === 'login' ? 0 : 1} to ${DRAW_LIMITS.amountMaxMinor}`;
    }
    if (!isInt(task.spins, 1, DRAW_LIMITS.spinsPerTaskMax)) return `tasks[${index}].spins must be a whole number from 1 to ${DRAW_LIMITS.spinsPerTaskMax}`;
  }
  return windowedProblem(c);
}

function raffleProblem(c: Record<string, unknown>): string | null {
  const extra = unknownKeys(c, ['basis', 'moneyEachMinor', 'maxTicketsPerMember', 'prizes', 'wallet', 'vipHint']);
  if (extra) return extra;
  if (c.basis !== 'deposit' && c.basis !== 'turnover') return "basis must be 'deposit' or 'turnover'";
  if (!isInt(c.moneyEachMinor, 1, DRAW_LIMITS.amountMaxMinor)) return `moneyEachMinor must be a whole number of minor units from 1 to ${DRAW_LIMITS.amountMaxMinor}`;
  if (!isInt(c.maxTicketsPerMember, 1, DRAW_LIMITS.ticketsPerMemberMax)) return `maxTicketsPerMember must be a whole number from 1 to ${DRAW_LIMITS.ticketsPerMemberMax}`;
  if (!Array.isArray(c.prizes) || c.prizes.length < 1 || c.prizes.length > DRAW_LIMITS.prizesMax) return `prizes must list 1 to ${DRAW_LIMITS.prizesMax} prizes`;
  let winners = 0;
  for (const [index, prize] of c.prizes.entries()) {
    if (!isObject(prize)) return `prizes[${index}] must be an object`;
    const extraPrize = unknownKeys(prize, ['name', 'amountMinor', 'count']);
    if (extraPrize) return `prizes[${index}].${extraPrize}`;
    if (!isText(prize.name, DRAW_LIMITS.nameMax)) return `prizes[${index}].name must be 1 to ${DRAW_LIMITS.nameMax} characters of plain text`;
    if (!isInt(prize.amountMinor, 1, DRAW_LIMITS.amountMaxMinor)) return `prizes[${index}].amountMinor must be a whole number of minor units from 1 to ${DRAW_LIMITS.amountMaxMinor}`;
    if (!isInt(prize.count, 1, DRAW_LIMITS.winnersMax)) return `prizes[${index}].count must be a whole number from 1 to ${DRAW_LIMITS.winnersMax}`;
    winners += prize.count;
  }
  if (winners > DRAW_LIMITS.winnersMax) return `prizes must have at most ${DRAW_LIMITS.winnersMax} winners in all`;
  if (c.wallet !== undefined && c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  if (c.vipHint !== undefined && !isText(c.vipHint, DRAW_LIMITS.hintMax)) return `vipHint must be 1 to ${DRAW_LIMITS.hintMax} characters of plain text`;
  return null;
}

/** Checks the config of a draw gift, spin wheel or raffle: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  if (!isObject(config)) return 'config must be a JSON object';
  if (kind === 'draw_gift') return drawGiftProblem(config);
  if (kind === 'spin_wheel') return spinWheelProblem(config);
  if (kind === 'raffle') return raffleProblem(config);
  return `${kind} is not a draw kind`;
}
