import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, type ApiClient } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/** One read of a draw page: its data, the refusal in words, and a reload; read again when the session changes. */
export interface Loaded<T> {
  data: T | undefined;
  error: string;
  reload: () => void;
}

/**
 * Runs `read(client)` for a page part, again on `reload()`, when `key` changes, or when the
 * member logs in or out; `enabled` false skips it (a visitor's records).
 *
 * @example const info = useRead((client) => client.call(drawGiftInfo, { id }), `gift:${id}`);
 */
export function useRead<T>(read: (client: ApiClient) => Promise<T>, key: string, enabled = true): Loaded<T> {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; error: string }>({ data: undefined, error: '' });
  useEffect(() => {
    let current = true;
    if (!enabled) {
      setState({ data: undefined, error: '' });
      return undefined;
    }
    read(client).then(
      (data) => current && setState({ data, error: '' }),
      (failure: unknown) => current && setState((old) => ({ data: old.data, error: failure instanceof ApiError ? failure.message : String(failure) })),
    );
    return () => {
      current = false;
    };
    // `read` is a fresh closure each render; `key` names what it reads.
  }, [client, key, token, attempt, enabled]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
