import { transactionRecords, type CallResponse, type DealType } from '@lobby/sdk';
import { usePagedCall } from '../../modules/use-paged-call.js';
import type { DayRange } from '../../modules/record-days.js';

export type TransactionPage = CallResponse<typeof transactionRecords>;

export interface TransactionQuery extends DayRange {
  dealType: DealType | '';
  page: number;
}

/** One page of the member's transaction records for a query; a newer query wins over a slower older answer. */
export function useTransactions({ startDate, endDate, dealType, page }: TransactionQuery) {
  return usePagedCall(transactionRecords, { startDate, endDate, page, ...(dealType ? { dealType } : {}) });
}
