import { RECORD_RANGE_DAYS_MAX } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { beijingDayBounds } from '../common/beijing-time.js';

const DAY_MS = 86_400_000;

/** A half-open span of time [fromMs, toMs) covering whole Beijing days. */
export interface RecordRange {
  from: Date;
  to: Date;
}

/**
 * The Beijing days startDate to endDate (both included) as a time span; refuses a day that
 * does not exist, an end before the start and a range longer than RECORD_RANGE_DAYS_MAX.
 *
 * @example recordRange('2026-11-01', '2026-11-30') // { from: 2026-10-31T16:00Z, to: 2026-11-30T16:00Z }
 */
export function recordRange(startDate: string, endDate: string): RecordRange {
  const first = beijingDayBounds(startDate);
  const last = beijingDayBounds(endDate);
  if (!first) throw new BusinessError('recordRangeInvalid', `startDate: ${startDate} is not a calendar day`);
  if (!last) throw new BusinessError('recordRangeInvalid', `endDate: ${endDate} is not a calendar day`);
  const fromMs = first.from.getTime();
  const lastMs = last.from.getTime();
  if (lastMs < fromMs) throw new BusinessError('recordRangeInvalid', `endDate: ${endDate} is before startDate ${startDate}`);
  const days = Math.round((lastMs - fromMs) / DAY_MS) + 1;
  if (days > RECORD_RANGE_DAYS_MAX) throw new BusinessError('recordRangeInvalid', `endDate: the range covers ${days} days, at most ${RECORD_RANGE_DAYS_MAX}`);
  return { from: first.from, to: last.to };
}
