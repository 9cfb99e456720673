import { CENTRE_WALLET_ONLY } from '../engine/activity-types.js';
import { isInt } from '../engine/config-values.js';

/**
 * Red-packet rain rules (issue 20; docs/RED-PACKET-RAIN.md): when its sessions open, how long
 * each lasts, what one session splits into packets and how many a member may grab.
 */

/** The operator's limits on a rain (our choice; docs/RED-PACKET-RAIN.md). */
export const RAIN_LIMITS = {
  durationSecondsMin: 5,
  durationSecondsMax: 3_600,
  packetsMax: 10_000,
  grabsPerMemberMax: 100,
  dailyTimesMax: 48,
  everyMinutesMax: 1_440,
} as const;

export interface RainConfig {
  /** A session every N minutes from the activity's start; or */
  everyMinutes?: number;
  /** sessions daily at these Beijing (UTC+8) times, 'HH:MM'. Exactly one of the two. */
  dailyTimes?: string[];
  /** How long a session stays open. */
  durationSeconds: number;
  /** What one session splits into packets, minor units. */
  sessionBudgetMinor: number;
  /** How many packets one session splits into. */
  packetsPerSession: number;
  /** The smallest packet, minor units. */
  minPacketMinor: number;
  /** The packets one member may grab in one session. */
  grabsPerMember: number;
  /** Where the money lands: the member's own centre wallet (the only one: bonus money needs wagering terms, docs/BONUS-WAGERING.md). */
  wallet: 'centre';
  /** Spec "gamePlatforms": the venue codes the page suggests playing the money at. */
  gamePlatforms?: string[];
  /** Spec "appdownloadType": which app-download prompt the page shows (0 none). */
  appdownloadType?: number;
}


/** Checks a rain's config: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'config must be a JSON object';
  const c = config as Record<string, unknown>;
  if ((c.everyMinutes === undefined) === (c.dailyTimes === undefined)) return 'config needs exactly one of everyMinutes and dailyTimes';
  if (c.everyMinutes !== undefined && !isInt(c.everyMinutes, 1, RAIN_LIMITS.everyMinutesMax)) return `everyMinutes must be an integer from 1 to ${RAIN_LIMITS.everyMinutesMax}`;
  if (c.dailyTimes !== undefined) {
    const times = c.dailyTimes;
    if (!Array.isArray(times) || times.length < 1 || times.length > RAIN_LIMITS.dailyTimesMax) return `dailyTimes must list 1 to ${RAIN_LIMITS.dailyTimesMax} times`;
    if (!times.every((time) => typeof time === 'string' && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(time))) return "dailyTimes must be 'HH:MM' (00:00 to 23:59)";
    if (new Set(times).size !== times.length) return 'dailyTimes must not repeat a time';
  }
  if (!isInt(c.durationSeconds, RAIN_LIMITS.durationSecondsMin, RAIN_LIMITS.durationSecondsMax)) {
    return `durationSeconds must be an integer from ${RAIN_LIMITS.durationSecondsMin} to ${RAIN_LIMITS.durationSecondsMax}`;
  }
  if (c.everyMinutes !== undefined && (c.durationSeconds as number) >= (c.everyMinutes as number) * 60) return 'durationSeconds must be shorter than everyMinutes';
  if (!isInt(c.packetsPerSession, 1, RAIN_LIMITS.packetsMax)) return `packetsPerSession must be an integer from 1 to ${RAIN_LIMITS.packetsMax}`;
  if (!isInt(c.minPacketMinor, 1, Number.MAX_SAFE_INTEGER)) return 'minPacketMinor must be a positive integer of minor units';
  if (!isInt(c.sessionBudgetMinor, 1, Number.MAX_SAFE_INTEGER)) return 'sessionBudgetMinor must be a positive integer of minor units';
  if ((c.minPacketMinor as number) * (c.packetsPerSession as number) > (c.sessionBudgetMinor as number)) {
    return 'sessionBudgetMinor must cover packetsPerSession packets of minPacketMinor';
  }
  if (!isInt(c.grabsPerMember, 1, RAIN_LIMITS.grabsPerMemberMax)) return `grabsPerMember must be an integer from 1 to ${RAIN_LIMITS.grabsPerMemberMax}`;
  if (c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  if (c.gamePlatforms !== undefined && !(Array.isArray(c.gamePlatforms) && c.gamePlatforms.length <= 20 && c.gamePlatforms.every((code) => typeof code === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(code)))) {
    return 'gamePlatforms must list at most 20 venue codes';
  }
  if (c.appdownloadType !== undefined && !isInt(c.appdownloadType, 0, 9)) return 'appdownloadType must be an integer from 0 to 9';
  return null;
}

/** The config of a validated rain activity, typed. */
export function rainConfigOf(config: Record<string, unknown>): RainConfig {
  return config as unknown as RainConfig;
}
