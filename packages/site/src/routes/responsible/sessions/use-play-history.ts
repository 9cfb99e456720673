import { useCallback, useEffect, useState } from 'react';
import { ApiError, playHistory, playReviewAcknowledge, realityCheckSet, type ApiClient, type RealityCheckInterval } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { $playSession, takePlaySession } from './session-store.js';

const messageOf = (failure: unknown) => (failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));

/** The 12-month history and the review's acknowledgement. */
export function usePlayHistory() {
  const { client } = useLobby();
  const [history, setHistory] = useState<Awaited<ReturnType<typeof loadHistory>> | undefined>(undefined);
  const [error, setError] = useState('');
  const [reviewed, setReviewed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadHistory(client).then(
      (answer) => current && (setHistory(answer), setError('')),
      (failure: unknown) => current && setError(messageOf(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);

  const review = useCallback(() => {
    client.call(playReviewAcknowledge, {}).then(
      (answer) => {
        setReviewed(answer.reviewDueAt);
        setAttempt((value) => value + 1);
        const state = $playSession.get();
        if (state) $playSession.set({ ...state, view: { ...state.view, reviewDue: false, reviewDueAt: answer.reviewDueAt } });
      },
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [client]);
  return { history, error, reviewed, review };
}

function loadHistory(client: ApiClient) {
  return client.call(playHistory, {});
}

/** Saves the reality-check interval; the frame's session state takes the answer. `save` resolves true once saved. */
export function useIntervalSetting() {
  const { client } = useLobby();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState('');
  const save = useCallback(
    (intervalMinutes: RealityCheckInterval): Promise<boolean> => {
      setSaving(true);
      setSaved(false);
      setError('');
      return client
        .call(realityCheckSet, { intervalMinutes })
        .then(
          (view) => {
            takePlaySession(view);
            setSaved(true);
            return true;
          },
          (failure: unknown) => {
            setError(messageOf(failure));
            return false;
          },
        )
        .finally(() => setSaving(false));
    },
    [client],
  );
  return { save, saving, saved, error };
}
