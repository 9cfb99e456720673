import { CENTRE_WALLET_ONLY } from '../engine/activity-types.js';
import { SCORE_METRICS, type ScoreMetric } from '../race/config.js';
import { isInt } from '../engine/config-values.js';

/**
 * Breakout rules (issue 20; spec section 3 "Breakout"; docs/RED-PACKET-RAIN.md): barriers one
 * after another, each with steps of points; points come from the member's turnover or deposits
 * inside the barrier's window, and passing a step pays its prize.
 */

/** The most barriers and steps a breakout holds (our choice). */
export const BREAKOUT_LIMITS = { barriersMax: 10, stepsMax: 10 } as const;

export interface BreakoutStep {
  /** Points that pass the step. */
  points: number;
  prizeMinor: number;
}

export interface BreakoutBarrier {
  title: string;
  /** ISO 8601; the barrier's window, inside the activity's (the activity's own when absent). */
  startsAt?: string;
  endsAt?: string;
  steps: BreakoutStep[];
}

export interface BreakoutConfig {
  metric: ScoreMetric;
  /** Minor units of turnover or deposit that earn one point (100: a point a yuan). */
  minorPerPoint: number;
  /** Spec "pointsName", e.g. '闯关积分'. */
  pointsName: string;
  /** Spec "webMainPicture": a same-origin path or '' for none. */
  webMainPicture: string;
  /** Spec "prizePoolId": the operator's name for the pool the prizes come from. */
  prizePoolId: string;
  barriers: BreakoutBarrier[];
  /** The member's own centre wallet (the only one: bonus money needs wagering terms, docs/BONUS-WAGERING.md). */
  wallet: 'centre';
}

const isTime = (value: unknown) => typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));

function barrierProblem(barrier: unknown, index: number): string | null {
  const at = `barriers[${index}]`;
  if (typeof barrier !== 'object' || barrier === null || Array.isArray(barrier)) return `${at} must be an object`;
  const b = barrier as Record<string, unknown>;
  if (typeof b.title !== 'string' || b.title.length < 1 || b.title.length > 60) return `${at}.title must be 1 to 60 characters`;
  if (b.startsAt !== undefined && !isTime(b.startsAt)) return `${at}.startsAt must be an ISO 8601 time`;
  if (b.endsAt !== undefined && !isTime(b.endsAt)) return `${at}.endsAt must be an ISO 8601 time`;
  if (b.startsAt !== undefined && b.endsAt !== undefined && Date.parse(b.endsAt as string) <= Date.parse(b.startsAt as string)) return `${at} must end after it starts`;
  const steps = b.steps;
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > BREAKOUT_LIMITS.stepsMax) return `${at}.steps must list 1 to ${BREAKOUT_LIMITS.stepsMax} steps`;
  for (const [n, step] of steps.entries()) {
    const s = step as Record<string, unknown> | null;
    if (typeof s !== 'object' || s === null || !isInt(s.points, 1, 1e12) || !isInt(s.prizeMinor, 1, Number.MAX_SAFE_INTEGER)) {
      return `${at}.steps[${n}] needs points (a positive integer) and prizeMinor (a positive integer of minor units)`;
    }
    if (n > 0 && (s.points as number) <= (steps[n - 1] as BreakoutStep).points) return `${at}.steps must need more points step by step`;
  }
  return null;
}

/** Checks a breakout's config: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'config must be a JSON object';
  const c = config as Record<string, unknown>;
  if (!SCORE_METRICS.includes(c.metric as ScoreMetric)) return "metric must be 'turnover' or 'deposit'";
  if (!isInt(c.minorPerPoint, 1, 1_000_000_00)) return 'minorPerPoint must be a positive integer of minor units';
  if (typeof c.pointsName !== 'string' || c.pointsName.length < 1 || c.pointsName.length > 20) return 'pointsName must be 1 to 20 characters';
  if (typeof c.webMainPicture !== 'string' || c.webMainPicture.length > 500 || (c.webMainPicture !== '' && !c.webMainPicture.startsWith('/'))) {
    return "webMainPicture must be a same-origin path ('/...') or ''";
  }
  if (typeof c.prizePoolId !== 'string' || c.prizePoolId.length > 40) return 'prizePoolId must be at most 40 characters';
  const barriers = c.barriers;
  if (!Array.isArray(barriers) || barriers.length < 1 || barriers.length > BREAKOUT_LIMITS.barriersMax) return `barriers must list 1 to ${BREAKOUT_LIMITS.barriersMax} barriers`;
  for (const [index, barrier] of barriers.entries()) {
    const problem = barrierProblem(barrier, index);
    if (problem) return problem;
  }
  if (c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  return null;
}

/** The config of a validated breakout, typed. */
export function breakoutConfigOf(config: Record<string, unknown>): BreakoutConfig {
  return config as unknown as BreakoutConfig;
}
