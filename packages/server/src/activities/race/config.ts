import { CENTRE_WALLET_ONLY } from '../engine/activity-types.js';
import { isInt } from '../engine/config-values.js';

/**
 * Race rules (issue 20; docs/RED-PACKET-RAIN.md): what a race ranks members by and what each
 * rank wins when the window closes.
 */

/** What a race or a breakout counts: valid bets of settled bet records, or confirmed deposits, in the window. */
export const SCORE_METRICS = ['turnover', 'deposit'] as const;
export type ScoreMetric = (typeof SCORE_METRICS)[number];

/** The most ranks a race pays, and the most rows its board shows (our choice). */
export const RACE_LIMITS = { prizesMax: 100, boardMax: 100 } as const;

export interface RaceConfig {
  metric: ScoreMetric;
  /** The prize of rank 1, 2, ... in minor units, never rising down the ranks. */
  prizesMinor: number[];
  /** The least score that ranks at all, minor units (0: any score above zero). */
  minScoreMinor: number;
  /** Rows the leaderboard shows (at least the prized ranks). */
  boardSize: number;
  /** The member's own centre wallet (the only one: bonus money needs wagering terms, docs/BONUS-WAGERING.md). */
  wallet: 'centre';
}


/** Checks a race's config: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'config must be a JSON object';
  const c = config as Record<string, unknown>;
  if (!SCORE_METRICS.includes(c.metric as ScoreMetric)) return "metric must be 'turnover' or 'deposit'";
  const prizes = c.prizesMinor;
  if (!Array.isArray(prizes) || prizes.length < 1 || prizes.length > RACE_LIMITS.prizesMax) return `prizesMinor must list 1 to ${RACE_LIMITS.prizesMax} prizes`;
  if (!prizes.every((prize) => isInt(prize, 1, Number.MAX_SAFE_INTEGER))) return 'every prize must be a positive integer of minor units';
  if (prizes.some((prize, rank) => rank > 0 && prize > (prizes[rank - 1] as number))) return 'a lower rank must not win more than a higher one';
  if (!isInt(c.minScoreMinor, 0, Number.MAX_SAFE_INTEGER)) return 'minScoreMinor must be a non-negative integer of minor units';
  if (!isInt(c.boardSize, prizes.length, RACE_LIMITS.boardMax)) return `boardSize must be an integer from the number of prizes to ${RACE_LIMITS.boardMax}`;
  if (c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  return null;
}

/** The config of a validated race, typed. */
export function raceConfigOf(config: Record<string, unknown>): RaceConfig {
  return config as unknown as RaceConfig;
}
