/** The brands' day runs on UTC+8 (as the bet records' days, docs/BET-RECORDS.md). */
const BRAND_UTC_OFFSET_MS = 8 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The brand's day holding `nowMs`, as UTC instants [start, end).
 *
 * @example brandDayOf(Date.parse('2026-11-26T17:00:00Z')).start // 2026-11-26T16:00:00.000Z
 */
export function brandDayOf(nowMs: number): { start: Date; end: Date } {
  const startMs = Math.floor((nowMs + BRAND_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - BRAND_UTC_OFFSET_MS;
  return { start: new Date(startMs), end: new Date(startMs + DAY_MS) };
}
