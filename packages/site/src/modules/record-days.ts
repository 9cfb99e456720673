import { RECORD_RANGE_DAYS_MAX } from '@lobby/sdk';

const DAY_MS = 86_400_000;
/** Records are asked by Beijing calendar day (UTC+8), the brands' home time zone. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing calendar day (YYYY-MM-DD) of an instant, moved by `dayOffset` days. */
export function beijingDay(nowMs: number, dayOffset = 0): string {
  return new Date(nowMs + BEIJING_OFFSET_MS + dayOffset * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether an instant (ISO 8601) falls on the Beijing calendar day of `nowMs`; false for none.
 *
 * @example isBeijingToday('2026-11-26T17:00:00Z', Date.parse('2026-11-27T01:00:00Z')) // true: both 27 November in Beijing
 */
export function isBeijingToday(at: string | null | undefined, nowMs: number): boolean {
  const atMs = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(atMs) && beijingDay(atMs) === beijingDay(nowMs);
}

export interface DayRange {
  startDate: string;
  endDate: string;
}

/**
 * The range a records page opens with: the last 7 Beijing days, today included.
 *
 * @example defaultRange(Date.parse('2026-11-21T12:00:00Z')) // { startDate: '2026-11-15', endDate: '2026-11-21' }
 */
export function defaultRange(nowMs: number): DayRange {
  return { startDate: beijingDay(nowMs, -6), endDate: beijingDay(nowMs) };
}

/**
 * What is wrong with a range before it is asked for ('' when nothing): the server refuses
 * the same, this only saves the round trip and says it in the member's words.
 */
export function rangeProblem(range: DayRange): 'missing' | 'backwards' | 'tooLong' | '' {
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'missing';
  if (end < start) return 'backwards';
  if ((end - start) / DAY_MS + 1 > RECORD_RANGE_DAYS_MAX) return 'tooLong';
  return '';
}

/** Pages of `pageSize` needed for `total` items (at least 1). */
export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
