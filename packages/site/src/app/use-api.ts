import { useEffect, useState } from 'react';
import { ApiError, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import { useLobby } from './lobby-context.js';

export interface ApiLoad<T> {
  data: T | undefined;
  /** The message to show when the call failed. */
  error: string;
}

/**
 * Loads a call's answer for a page, again when the request (by its JSON) changes.
 *
 * @example const { data, error } = useApi(bannerList, {})
 */
export function useApi<C extends AnyCall>(call: C, request: CallRequest<C>): ApiLoad<CallResponse<C>> {
  const { client } = useLobby();
  const [load, setLoad] = useState<ApiLoad<CallResponse<C>>>({ data: undefined, error: '' });
  const key = JSON.stringify(request);
  useEffect(() => {
    let current = true;
    client.call(call, JSON.parse(key) as CallRequest<C>).then(
      (data) => current && setLoad({ data, error: '' }),
      (failure: unknown) => current && setLoad({ data: undefined, error: failure instanceof ApiError ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client, call, key]);
  return load;
}
