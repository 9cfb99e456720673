import { useEffect, useState } from 'react';
import { ApiError, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';

/**
 * One page of a record call for a request (bet records, transactions): the last answer stays
 * shown while a new request loads, a refusal's message shows beside it, and a newer request
 * wins over a slower older answer.
 *
 * @example const { data, error } = usePagedCall(betRecords, { startDate, endDate, page })
 */
export function usePagedCall<C extends AnyCall>(call: C, request: CallRequest<C>): { data: CallResponse<C> | null; error: string } {
  const { client } = useLobby();
  const [data, setData] = useState<CallResponse<C> | null>(null);
  const [error, setError] = useState('');
  const key = JSON.stringify(request);

  useEffect(() => {
    let current = true;
    setError('');
    client.call(call, JSON.parse(key) as CallRequest<C>).then(
      (answer) => current && setData(answer),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, call, key]);
  return { data, error };
}
