import type { RainConfig } from './config.js';
import { beijingDayStartMs } from '../../common/beijing-time.js';

/** One session of a rain: opens at `opensAt`, closes `durationSeconds` later; keyed by its opening second. */
export interface SessionWindow {
  key: number;
  opensAt: Date;
  closesAt: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function windowAt(opensMs: number, config: RainConfig): SessionWindow {
  return { key: Math.floor(opensMs / 1000), opensAt: new Date(opensMs), closesAt: new Date(opensMs + config.durationSeconds * 1000) };
}

/** Session openings of a daily-times rain on the Beijing days around `aroundMs`, ascending. */
function dailyOpenings(config: RainConfig, aroundMs: number): number[] {
  // Daily session times are Beijing wall-clock times.
  const dayStart = beijingDayStartMs(aroundMs);
  const offsets = (config.dailyTimes ?? []).map((time) => (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * MINUTE_MS);
  const openings: number[] = [];
  for (let day = -1; day <= 2; day += 1) for (const offset of offsets) openings.push(dayStart + day * DAY_MS + offset);
  return openings.sort((a, b) => a - b);
}

/** Openings that make whole sessions inside the activity's window. */
const inside = (activity: { startsAt: Date; endsAt: Date }, config: RainConfig) => (opensMs: number) =>
  opensMs >= activity.startsAt.getTime() && opensMs + config.durationSeconds * 1000 <= activity.endsAt.getTime();

/**
 * The session open at `now` (null between sessions) and the next one to open (null when none
 * is left in the activity's window). Sessions open every `everyMinutes` from the activity's
 * start, or daily at `dailyTimes` (Beijing time); a session that would run past the window's
 * end is not held.
 *
 * @example sessionsAround({ startsAt, endsAt }, { everyMinutes: 5, durationSeconds: 60, ... }, now)
 */
export function sessionsAround(
  activity: { startsAt: Date; endsAt: Date },
  config: RainConfig,
  now: Date,
): { current: SessionWindow | null; next: SessionWindow | null } {
  const nowMs = now.getTime();
  const fits = inside(activity, config);
  const durationMs = config.durationSeconds * 1000;
  let openings: number[];
  if (config.everyMinutes !== undefined) {
    const periodMs = config.everyMinutes * MINUTE_MS;
    const startMs = activity.startsAt.getTime();
    const k = Math.max(0, Math.floor((nowMs - startMs) / periodMs));
    openings = [startMs + k * periodMs, startMs + (k + 1) * periodMs];
  } else {
    openings = dailyOpenings(config, Math.max(nowMs, activity.startsAt.getTime()));
  }
  const held = openings.filter(fits);
  const current = held.find((opens) => opens <= nowMs && nowMs < opens + durationMs);
  const next = held.find((opens) => opens > nowMs);
  return { current: current === undefined ? null : windowAt(current, config), next: next === undefined ? null : windowAt(next, config) };
}
