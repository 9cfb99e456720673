import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/**
 * One read call's answer for a page, read again on `reload()` and when the session changes
 * (a login shows the member's own part). `loadedAtMs` is when it arrived (countdowns run from it).
 */
export function useCallData<C extends AnyCall>(call: C, request: CallRequest<C> | null) {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<CallResponse<C> | undefined>(undefined);
  const [loadedAtMs, setLoadedAtMs] = useState(0);
  const [error, setError] = useState('');
  const key = JSON.stringify(request);

  useEffect(() => {
    if (request === null) return undefined;
    let current = true;
    client.call(call, request).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setLoadedAtMs(Date.now());
        setError('');
      },
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
    // The request is compared by its JSON (`key`), not by identity.
  }, [client, call, key, token, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, loadedAtMs, error, reload };
}

/** Whether a member is logged in. */
export function useLoggedIn(): boolean {
  return Boolean(useStore($session)?.token);
}
