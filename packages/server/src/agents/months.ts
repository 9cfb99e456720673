/**
 * The agents' months are Beijing calendar months (UTC+8 all year), like the play history,
 * month money and bet records: an agent's figures and its commission statements cut at
 * 00:00 Beijing time on the first (docs/AGENTS.md "Commission").
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** A Beijing month: its key `YYYY-MM` and its span [from, to). */
export interface MonthWindow {
  month: string;
  from: Date;
  to: Date;
}

function windowOf(year: number, monthIndex: number): MonthWindow {
  const start = Date.UTC(year, monthIndex, 1);
  const end = Date.UTC(year, monthIndex + 1, 1);
  return { month: new Date(start).toISOString().slice(0, 7), from: new Date(start - BEIJING_OFFSET_MS), to: new Date(end - BEIJING_OFFSET_MS) };
}

/**
 * The Beijing month `YYYY-MM` (or the month of a `YYYY-MM-DD` date), else the month holding `now`.
 *
 * @example monthWindow('2026-11', now) // { month: '2026-11', from: 2026-10-31T16:00Z, to: 2026-11-30T16:00Z }
 */
export function monthWindow(month: string | undefined, now: Date): MonthWindow {
  if (month) return windowOf(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1);
  const local = new Date(now.getTime() + BEIJING_OFFSET_MS);
  return windowOf(local.getUTCFullYear(), local.getUTCMonth());
}

/** The month holding `now` and the `count - 1` before it, newest first. */
export function recentMonths(now: Date, count: number): MonthWindow[] {
  const local = new Date(now.getTime() + BEIJING_OFFSET_MS);
  return Array.from({ length: count }, (_, back) => windowOf(local.getUTCFullYear(), local.getUTCMonth() - back));
}

/** SQL: the Beijing month `YYYY-MM` of a timestamptz column (the column is a constant of the caller, never input). */
export const beijingMonthSql = (column: string) => `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;

/**
 * Commission of a turnover at a rate in basis points, rounded down to the fen (in BigInt,
 * so a turnover beyond 9 × 10^11 fen still multiplies exactly).
 *
 * @example commissionOf(2_000_00, 50) // 10_00
 */
export function commissionOf(turnoverMinor: number, rateBp: number): number {
  return Number((BigInt(turnoverMinor) * BigInt(rateBp)) / 10_000n);
}
