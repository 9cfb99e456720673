import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, redPacketRainInfo, redPacketRainRounds, type RainInfo, type RainRound } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/**
 * What identifies a grab to the claim's money action: the activity, the rain session and the
 * terms version. A retry of a grab that got no answer is the same grab (its key is reused, so
 * it is paid at most once, docs/RED-PACKET-RAIN.md "one key is one grab"); a grab in another
 * session is another request.
 *
 * @example grabIdentity(info, 3) // { grab: 7, session: 1764150000, termsVersion: 3 }
 */
export function grabIdentity(info: Pick<RainInfo, 'activityId' | 'current'>, termsVersion: number) {
  return { grab: info.activityId, session: info.current?.sessionKey, termsVersion };
}

/** One rain's state for its page, read again on `reload()` (a grab, a countdown reaching zero) and when the session changes. */
export function useRain(activityId: number) {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<RainInfo | undefined>(undefined);
  const [loadedAtMs, setLoadedAtMs] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    client.call(redPacketRainInfo, { activityId }).then(
      (answer) => {
        if (!current) return;
        setInfo(answer);
        setLoadedAtMs(Date.now());
        setError('');
      },
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, activityId, token, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { info, loadedAtMs, error, reload };
}

/** The rain's latest sessions with their commitments, read when asked (the verify panel). */
export function useRainRounds(activityId: number) {
  const { client } = useLobby();
  const [rounds, setRounds] = useState<RainRound[] | undefined>(undefined);
  const load = useCallback(() => {
    client.call(redPacketRainRounds, { activityId }).then((answer) => setRounds(answer.rounds), () => setRounds([]));
  }, [client, activityId]);
  return { rounds, load };
}
