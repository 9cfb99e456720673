import { betRecords, type CallResponse } from '@lobby/sdk';
import { usePagedCall } from '../../modules/use-paged-call.js';
import type { DayRange } from '../../modules/record-days.js';

export type BetRecordPage = CallResponse<typeof betRecords>;

export interface BetRecordQuery extends DayRange {
  venueCode: string;
  page: number;
}

/** One page of the member's bet records for a query; a newer query wins over a slower older answer. */
export function useBetRecords({ startDate, endDate, venueCode, page }: BetRecordQuery) {
  return usePagedCall(betRecords, { startDate, endDate, page, ...(venueCode ? { venueCode } : {}) });
}
