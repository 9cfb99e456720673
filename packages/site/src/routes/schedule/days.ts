import { beijingDay } from '../../modules/record-days.js';

/** Days the strip shows before and after today. */
export const DAYS_BEFORE = 3;
export const DAYS_AFTER = 3;

export interface StripDay {
  /** YYYY-MM-DD, Beijing. */
  day: string;
  offset: number;
}

/**
 * The day strip around today (Beijing days, the brands' home time zone): results before,
 * fixtures after.
 *
 * @example dayStrip(Date.parse('2026-11-26T12:00:00Z'))[3] // { day: '2026-11-26', offset: 0 }
 */
export function dayStrip(nowMs: number): StripDay[] {
  return Array.from({ length: DAYS_BEFORE + DAYS_AFTER + 1 }, (_, index) => {
    const offset = index - DAYS_BEFORE;
    return { day: beijingDay(nowMs, offset), offset };
  });
}

/** Whether `day` is a YYYY-MM-DD the strip may ask for. */
export function isDay(day: string | null): day is string {
  return day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day);
}
