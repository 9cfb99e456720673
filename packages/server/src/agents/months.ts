import { beijingMonthAt, beijingMonthOf, type BeijingMonth } from '../common/beijing-time.js';

/**
 * The agents' months are Beijing calendar months (UTC+8 all year), like the play history,
 * month money and bet records: an agent's figures and its commission statements cut at
 * 00:00 Beijing time on the first (docs/AGENTS.md "Commission").
 */
/** A Beijing month: its key `YYYY-MM` and its span [from, to). */
export type MonthWindow = BeijingMonth;

/**
 * The Beijing month `YYYY-MM` (or the month of a `YYYY-MM-DD` date), else the month holding `now`.
 *
 * @example monthWindow('2026-11', now) // { month: '2026-11', from: 2026-10-31T16:00Z, to: 2026-11-30T16:00Z }
 */
export function monthWindow(month: string | undefined, now: Date): MonthWindow {
  return month ? beijingMonthOf(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1) : beijingMonthAt(now);
}

/** The month holding `now` and the `count - 1` before it, newest first. */
export function recentMonths(now: Date, count: number): MonthWindow[] {
  return Array.from({ length: count }, (_, back) => beijingMonthAt(now, -back));
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
