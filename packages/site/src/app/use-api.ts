import { useEffect, useState } from 'react';
import { ApiError, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import { useLobby } from './lobby-context.js';

export interface ApiLoad<T> {
  data: T | undefined;
  /** The message to show when the call failed. */
  error: string;
}

/**
 * Loads a call's answer for a page, again when the request (by its JSON) changes, and again
 * when `reloadKey` changes (a push said the answer changed); a failed reload keeps the last
 * answer on screen beside its error, so nothing jumps.
 *
 * @example const { data, error } = useApi(bannerList, {})
 * @example useApi(sportsFixtureDetail, { fixtureId }, `${score.home}-${score.away}`)
 */
export function useApi<C extends AnyCall>(call: C, request: CallRequest<C>, reloadKey?: string): ApiLoad<CallResponse<C>> {
  const { client } = useLobby();
  const [load, setLoad] = useState<ApiLoad<CallResponse<C>>>({ data: undefined, error: '' });
  const key = JSON.stringify(request);
  useEffect(() => {
    let current = true;
    client.call(call, JSON.parse(key) as CallRequest<C>).then(
      (data) => current && setLoad({ data, error: '' }),
      (failure: unknown) =>
        current && setLoad((before) => ({ data: reloadKey === undefined ? undefined : before.data, error: failure instanceof ApiError ? failure.message : String(failure) })),
    );
    return () => {
      current = false;
    };
  }, [client, call, key, reloadKey]);
  return load;
}
