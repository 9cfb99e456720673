import { RECORD_RANGE_DAYS_MAX } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';

const DAY_MS = 86_400_000;

/** A half-open span of time [fromMs, toMs) covering whole Beijing days. */
export interface RecordRange {
  from: Date;
  to: Date;
}

/** Midnight of a Beijing calendar day (YYYY-MM-DD), or NaN for a day that does not exist. */
function beijingMidnightMs(day: string): number {
  const ms = Date.parse(`${day}T00:00:00+08:00`);
  // Date.parse rolls 2026-02-30 over to March 2; a day that does not round-trip is refused.
  if (Number.isNaN(ms) || new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10) !== day) return Number.NaN;
  return ms;
}

/**
 * The Beijing days startDate to endDate (both included) as a time span; refuses a day that
 * does not exist, an end before the start and a range longer than RECORD_RANGE_DAYS_MAX.
 *
 * @example recordRange('2026-11-01', '2026-11-30') // { from: 2026-10-31T16:00Z, to: 2026-11-30T16:00Z }
 */
export function recordRange(startDate: string, endDate: string): RecordRange {
  const fromMs = beijingMidnightMs(startDate);
  const lastMs = beijingMidnightMs(endDate);
  if (Number.isNaN(fromMs)) throw new BusinessError('recordRangeInvalid', `startDate: ${startDate} is not a calendar day`);
  if (Number.isNaN(lastMs)) throw new BusinessError('recordRangeInvalid', `endDate: ${endDate} is not a calendar day`);
  if (lastMs < fromMs) throw new BusinessError('recordRangeInvalid', `endDate: ${endDate} is before startDate ${startDate}`);
  const days = Math.round((lastMs - fromMs) / DAY_MS) + 1;
  if (days > RECORD_RANGE_DAYS_MAX) throw new BusinessError('recordRangeInvalid', `endDate: the range covers ${days} days, at most ${RECORD_RANGE_DAYS_MAX}`);
  return { from: new Date(fromMs), to: new Date(lastMs + DAY_MS) };
}
