/**
 * Beijing time, the brands' home time zone: UTC+8 all year (no daylight saving). Days and
 * months the site cuts (sign-in days, draws, rain, results days, record ranges, month money,
 * agents' commission months, session history) start at 00:00 Beijing: a day runs 16:00 UTC to
 * 16:00 UTC.
 */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Beijing calendar day of an instant. @example beijingDayKey(Date.parse('2026-11-26T17:00:00Z')) // '2026-11-27' */
export function beijingDayKey(atMs: number): string {
  return new Date(atMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Beijing day holding `atMs` starts. @example beijingDayStartMs(Date.parse('2026-11-26T17:00:00Z')) // 2026-11-26T16:00Z */
export function beijingDayStartMs(atMs: number): number {
  return Math.floor((atMs + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/**
 * The span [from, to) of a Beijing calendar day `YYYY-MM-DD`; undefined for a day that does not
 * exist (2026-02-30, which Date.parse would roll over to March 2).
 *
 * @example beijingDayBounds('2026-11-27') // { from: 2026-11-26T16:00Z, to: 2026-11-27T16:00Z }
 */
export function beijingDayBounds(day: string): { from: Date; to: Date } | undefined {
  const startMs = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(startMs) || new Date(startMs).toISOString().slice(0, 10) !== day) return undefined;
  return { from: new Date(startMs - BEIJING_OFFSET_MS), to: new Date(startMs - BEIJING_OFFSET_MS + DAY_MS) };
}

/** A Beijing calendar month: its key `YYYY-MM` and its span [from, to). */
export interface BeijingMonth {
  month: string;
  from: Date;
  to: Date;
}

/** The Beijing month of a calendar year and month index (0 January; out-of-range indexes roll over, -1 is last December). */
export function beijingMonthOf(year: number, monthIndex: number): BeijingMonth {
  const start = Date.UTC(year, monthIndex, 1);
  const end = Date.UTC(year, monthIndex + 1, 1);
  return { month: new Date(start).toISOString().slice(0, 7), from: new Date(start - BEIJING_OFFSET_MS), to: new Date(end - BEIJING_OFFSET_MS) };
}

/**
 * The Beijing month `monthsFrom` months from the one holding `at` (0 this month, -1 last month).
 *
 * @example beijingMonthAt(new Date('2026-11-30T17:00:00Z'), 0) // { month: '2026-12', from: 2026-11-30T16:00Z, to: 2026-12-31T16:00Z }
 */
export function beijingMonthAt(at: Date, monthsFrom = 0): BeijingMonth {
  const local = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return beijingMonthOf(local.getUTCFullYear(), local.getUTCMonth() + monthsFrom);
}
