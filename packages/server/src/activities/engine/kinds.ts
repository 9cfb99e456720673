import type { Queryable } from '../../db/database.js';
import { brandMaxMultiple } from '../bonus/bonus-repository.js';
import { validateConfig as bonusConfig } from '../bonus/config.js';
import { validateConfig as breakoutConfig } from '../breakout/config.js';
import { validateConfig as footballConfig } from '../football/config.js';
import { validateConfig as drawsConfig } from '../draws/config.js';
import { validateConfig as giftsConfig } from '../gifts/config.js';
import { validateConfig as inviteConfig } from '../invite/config.js';
import { validateConfig as raceConfig } from '../race/config.js';
import { validateConfig as rainConfig } from '../rain/config.js';
import { validateConfig as signInConfig } from '../sign-in/config.js';
import { validateConfig as tasksConfig } from '../tasks/config.js';
import type { ActivityKind } from './activity-types.js';
import { validateConfig as engineConfig } from './config.js';

/** Checks one kind's `config`: null when valid, else the problem in words. */
export type ConfigCheck = (kind: string, config: unknown) => string | null;

/**
 * The module that runs each activity kind, by its config check: every kind's `config` is
 * validated by its area's `validateConfig` when the operator (or a seed) creates or
 * changes an activity. A new kind gets a line here.
 */
export const KIND_CONFIG_CHECKS: Record<ActivityKind, ConfigCheck> = {
  display: engineConfig,
  discount: engineConfig,
  sign_in: signInConfig,
  new_task: tasksConfig,
  draw_gift: drawsConfig,
  raffle: drawsConfig,
  spin_wheel: drawsConfig,
  red_packet_rain: rainConfig,
  race: raceConfig,
  breakout: breakoutConfig,
  deposit_first: bonusConfig,
  deposit_again: bonusConfig,
  month_money: bonusConfig,
  present: giftsConfig,
  luxury_gift: giftsConfig,
  super_gift: giftsConfig,
  promo_v2: giftsConfig,
  happy_send: giftsConfig,
  top_gift: giftsConfig,
  invite_friend: inviteConfig,
  football_guess: footballConfig,
  carnival: footballConfig,
  football_shot: footballConfig,
};

/**
 * The kind's verdict on `config` (null: valid). A check that throws is a problem named,
 * never a crash: the operator gets activityInvalid with the message.
 */
export function configProblem(kind: ActivityKind, config: unknown): string | null {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'config must be a JSON object';
  try {
    return KIND_CONFIG_CHECKS[kind](kind, config);
  } catch (error) {
    return `config: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The config key holding a bonus's wagering multiple, for the kinds that pay bonus money. */
const WAGERING_MULTIPLE_KEY: Partial<Record<ActivityKind, string>> = {
  deposit_first: 'multiple',
  deposit_again: 'multiple',
  month_money: 'multiple',
  discount: 'wageringMultiple',
};

/**
 * The brand's limits on a kind's config (null: within them): a bonus's wagering multiple is
 * at most the brand's cap (docs/BONUS-WAGERING.md), refused when the operator writes the
 * activity rather than only when a member claims.
 */
export async function brandLimitProblem(q: Queryable, siteId: number, kind: ActivityKind, config: Record<string, unknown>): Promise<string | null> {
  const key = WAGERING_MULTIPLE_KEY[kind];
  const multiple = key === undefined ? undefined : config[key];
  if (typeof multiple !== 'number') return null;
  if (kind === 'discount' && config.wallet !== 'bonus') return null;
  const cap = await brandMaxMultiple(q, siteId);
  return multiple > cap ? `config.${key}: ${multiple} is above the brand's wagering cap of ${cap}` : null;
}
