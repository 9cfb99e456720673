import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, CODE, activityDetail, errorMessage, type ActivityDetail } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/** One activity's detail as a page holds it. */
export interface ActivityLoad {
  detail: ActivityDetail | undefined;
  /** The message to show when the detail could not be read (unknown id, another brand's). */
  error: string;
  /** When the detail arrived (ms, this browser's clock), for countdowns from `serverTime`. */
  loadedAtMs: number;
  /** Reads the detail again (after a claim, when a countdown ends). */
  reload: () => void;
}

/**
 * Loads one activity's detail (activityDetail) for its page, again when the id, the
 * session (logging in brings the member's claims) or `reload()` says so. An id that is not
 * a valid activity id gives the catalogue's activityNotFound text without a call.
 *
 * @example const { detail, error, reload } = useActivity(activityIdOf(useParams().id))
 */
export function useActivity(id: number | undefined): ActivityLoad {
  const { client } = useLobby();
  const session = useStore($session);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Omit<ActivityLoad, 'reload'>>({ detail: undefined, error: '', loadedAtMs: 0 });
  const token = session?.token ?? '';

  useEffect(() => {
    let current = true;
    if (id === undefined) {
      setLoad({ detail: undefined, error: errorMessage(CODE.activityNotFound, ''), loadedAtMs: 0 });
      return undefined;
    }
    client.call(activityDetail, { id }).then(
      (detail) => current && setLoad({ detail, error: '', loadedAtMs: Date.now() }),
      (failure: unknown) => current && setLoad({ detail: undefined, error: failure instanceof ApiError ? failure.message : String(failure), loadedAtMs: 0 }),
    );
    return () => {
      current = false;
    };
  }, [client, id, token, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...load, reload };
}
