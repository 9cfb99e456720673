import type { Queryable } from '../../db/database.js';
import type { Activity } from '../engine/index.js';
import type { DrawWindow } from './config.js';
import { commitRound } from './fairness.js';
import { beijingDayKey, beijingDayStartMs } from '../../common/beijing-time.js';

/** One draw window of a draw gift or wheel: a fair round of its own (its seed committed before it opens, revealed after it closes). */
export interface RoundWindow {
  /** The round key: `w<index>` for the operator's windows, `d<YYYYMMDD>` (Beijing date) for daily ones. */
  key: string;
  opensAt: Date;
  closesAt: Date;
}

const DAY_MS = 86_400_000;
/** The Beijing day containing `at`: its start and key. */
function beijingDay(atMs: number): { startMs: number; key: string } {
  const startMs = beijingDayStartMs(atMs);
  return { startMs, key: `d${beijingDayKey(startMs).replaceAll('-', '')}` };
}

function clip(activity: Pick<Activity, 'startsAt' | 'endsAt'>, key: string, opensMs: number, closesMs: number): RoundWindow | undefined {
  const opens = Math.max(opensMs, activity.startsAt.getTime());
  const closes = Math.min(closesMs, activity.endsAt.getTime());
  return closes > opens ? { key, opensAt: new Date(opens), closesAt: new Date(closes) } : undefined;
}

/** The operator's windows, clipped to the activity's schedule (a window wholly outside it is dropped). */
function explicitWindows(activity: Pick<Activity, 'startsAt' | 'endsAt'>, windows: DrawWindow[]): RoundWindow[] {
  return windows.flatMap((window, index) => clip(activity, `w${index}`, Date.parse(window.opensAt), Date.parse(window.closesAt)) ?? []);
}

/**
 * The window open at `now`: the operator's window containing it, or the Beijing day of
 * `now` clipped to the schedule; undefined between windows and outside the schedule.
 */
export function windowAt(activity: Pick<Activity, 'startsAt' | 'endsAt' | 'config'>, now: Date): RoundWindow | undefined {
  const windows = activity.config.windows as DrawWindow[] | undefined;
  const t = now.getTime();
  if (windows) return explicitWindows(activity, windows).find((window) => window.opensAt.getTime() <= t && t < window.closesAt.getTime());
  if (t < activity.startsAt.getTime() || t >= activity.endsAt.getTime()) return undefined;
  const day = beijingDay(t);
  return clip(activity, day.key, day.startMs, day.startMs + DAY_MS);
}

/** The first window opening after `now` (undefined when none is left). */
export function nextWindow(activity: Pick<Activity, 'startsAt' | 'endsAt' | 'config'>, now: Date): RoundWindow | undefined {
  const windows = activity.config.windows as DrawWindow[] | undefined;
  const t = now.getTime();
  if (windows) return explicitWindows(activity, windows).find((window) => window.opensAt.getTime() > t);
  const next = t < activity.startsAt.getTime() ? beijingDay(activity.startsAt.getTime()) : beijingDay(beijingDay(t).startMs + DAY_MS);
  return clip(activity, next.key, next.startMs, next.startMs + DAY_MS);
}

/**
 * Commits the window open at `now` and the next one (idempotent): the sweep and every page
 * read call it, so a window's hash is published before the window opens whenever the server
 * ran in the window before it (a window first touched while open is committed then, and
 * `committedAt` says so).
 */
export async function commitWindows(q: Queryable, activity: Activity, now: Date): Promise<{ current?: RoundWindow & { seedHash: string }; next?: RoundWindow & { seedHash: string } }> {
  const answer: { current?: RoundWindow & { seedHash: string }; next?: RoundWindow & { seedHash: string } } = {};
  const current = windowAt(activity, now);
  const next = nextWindow(activity, now);
  if (current) answer.current = { ...current, ...(await commitRound(q, { activityId: activity.id, roundKey: current.key, opensAt: current.opensAt, closesAt: current.closesAt, committedAt: now })) };
  if (next) answer.next = { ...next, ...(await commitRound(q, { activityId: activity.id, roundKey: next.key, opensAt: next.opensAt, closesAt: next.closesAt, committedAt: now })) };
  return answer;
}
