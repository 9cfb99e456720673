import { useEffect, useState } from 'react';
import { ApiError, transactionRecords, type CallResponse, type DealType } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import type { DayRange } from '../bet-records/record-days.js';

export type TransactionPage = CallResponse<typeof transactionRecords>;

export interface TransactionQuery extends DayRange {
  dealType: DealType | '';
  page: number;
}

/** One page of the member's transaction records for a query; a newer query wins over a slower older answer. */
export function useTransactions(query: TransactionQuery) {
  const { client } = useLobby();
  const [data, setData] = useState<TransactionPage | null>(null);
  const [error, setError] = useState('');
  const { startDate, endDate, dealType, page } = query;

  useEffect(() => {
    let current = true;
    setError('');
    client.call(transactionRecords, { startDate, endDate, page, ...(dealType ? { dealType } : {}) }).then(
      (answer) => current && setData(answer),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, startDate, endDate, dealType, page]);
  return { data, error };
}
