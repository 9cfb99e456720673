import { useEffect, useState } from 'react';
import { ApiError, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import type { ApiLoad } from '../../app/use-api.js';

/**
 * useApi that also reads again when `reloadKey` changes (a push said the answer changed),
 * keeping the last answer on screen meanwhile so nothing jumps.
 *
 * @example useReloadedApi(sportsFixtureDetail, { fixtureId }, `${score.home}-${score.away}`)
 */
export function useReloadedApi<C extends AnyCall>(call: C, request: CallRequest<C>, reloadKey: string): ApiLoad<CallResponse<C>> {
  const { client } = useLobby();
  const [load, setLoad] = useState<ApiLoad<CallResponse<C>>>({ data: undefined, error: '' });
  const key = JSON.stringify(request);
  useEffect(() => {
    let current = true;
    client.call(call, JSON.parse(key) as CallRequest<C>).then(
      (data) => current && setLoad({ data, error: '' }),
      (failure: unknown) => current && setLoad((before) => ({ data: before.data, error: failure instanceof ApiError ? failure.message : String(failure) })),
    );
    return () => {
      current = false;
    };
  }, [client, call, key, reloadKey]);
  return load;
}
