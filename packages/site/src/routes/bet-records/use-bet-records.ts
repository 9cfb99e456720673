import { useEffect, useState } from 'react';
import { ApiError, betRecords, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import type { DayRange } from './record-days.js';

export type BetRecordPage = CallResponse<typeof betRecords>;

export interface BetRecordQuery extends DayRange {
  venueCode: string;
  page: number;
}

/** One page of the member's bet records for a query; a newer query wins over a slower older answer. */
export function useBetRecords(query: BetRecordQuery) {
  const { client } = useLobby();
  const [data, setData] = useState<BetRecordPage | null>(null);
  const [error, setError] = useState('');
  const { startDate, endDate, venueCode, page } = query;

  useEffect(() => {
    let current = true;
    setError('');
    client.call(betRecords, { startDate, endDate, page, ...(venueCode ? { venueCode } : {}) }).then(
      (answer) => current && setData(answer),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, startDate, endDate, venueCode, page]);
  return { data, error };
}
