import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, signInHistory, signInInfo, type SignInInfo, type SignLog } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/** The sign-in state of one activity (and the member's log), read again on `reload()` and when the session changes. */
export function useSignIn(id: number) {
  const { client } = useLobby();
  const session = useStore($session);
  const token = session?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<SignInInfo | undefined>(undefined);
  const [history, setHistory] = useState<SignLog[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    client.call(signInInfo, { id }).then(
      (answer) => {
        if (!current) return;
        setInfo(answer);
        setError('');
      },
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    if (token) {
      client.call(signInHistory, { id, pageSize: 50 }).then(
        (answer) => current && setHistory(answer.list),
        () => current && setHistory([]),
      );
    } else {
      setHistory([]);
    }
    return () => {
      current = false;
    };
  }, [client, id, token, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { info, history, error, reload, setInfo };
}
