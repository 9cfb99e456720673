/**
 * Beijing calendar days (UTC+8), the brands' home time zone, as `YYYY-MM-DD` strings: a
 * Beijing day runs 16:00 UTC to 16:00 UTC. The sign-in cycle and the new-member task days
 * count in them (docs/SIGN-IN-AND-TASKS.md).
 */
import { beijingDayBounds, beijingDayKey } from '../../common/beijing-time.js';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Beijing day of an instant. @example beijingDay(new Date('2026-11-26T17:00:00Z')) // '2026-11-27' */
export function beijingDay(at: Date): string {
  return beijingDayKey(at.getTime());
}

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD` day; undefined for a day that does not exist. */
export function dayNumber(day: string): number | undefined {
  const match = DAY_PATTERN.exec(day);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms / DAY_MS : undefined;
}

/** The `YYYY-MM-DD` day of a day number. */
export function dayOfNumber(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). @example addDays('2026-11-30', 1) // '2026-12-01' */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day)! + days);
}

/** The UTC instants a Beijing day (one `dayNumber` accepts) begins and ends at. */
export function dayBounds(day: string): { from: Date; to: Date } {
  return beijingDayBounds(day)!;
}
