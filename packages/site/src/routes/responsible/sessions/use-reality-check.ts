import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, clearSession, type RealityCheckChoice } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { logOut } from '../../../app/use-member.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { $playSession, elapsedSecondsAt, formatElapsed, playSessionActions } from './session-store.js';
import { sessionTexts } from './texts.js';

export const PLAY_HISTORY_PATH = '/app/myCenter/playHistory';
export const REALITY_CHECK_PATH = '/app/myCenter/realityCheck';

/** The session's elapsed seconds, ticking every second (null without a session). */
export function useElapsedSeconds(): number | null {
  const state = useStore($playSession);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (!state) return;
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  return state ? elapsedSecondsAt(state, Math.max(nowMs, state.loadedAtMs)) : null;
}

/**
 * The due reality check as words (title, text with elapsed time and net result, the three
 * buttons) and the answer: stop logs out here and goes home, history opens the history page.
 */
export function useRealityCheck() {
  const { client } = useLobby();
  const navigate = useNavigate();
  const t = usePageTexts(sessionTexts);
  const language = useStore($language);
  const state = useStore($playSession);
  const actions = useMemo(() => playSessionActions(client), [client]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const prompt = state?.view.promptDue
    ? {
        title: t('promptTitle'),
        message: t('promptText', { elapsed: formatElapsed(state.view.elapsedSeconds), net: formatMinor(state.view.netMinor, 2, language) }),
        labels: { continue: t('continue'), stop: t('stop'), history: t('history') },
      }
    : null;

  const answer = useCallback(
    async (choice: RealityCheckChoice) => {
      setBusy(true);
      setError('');
      try {
        const { loggedOut } = await actions.answer(choice);
        if (loggedOut) {
          // The server ended every login already: the page only forgets its own.
          clearSession();
          navigate('/app/home');
        } else if (choice === 'history') navigate(PLAY_HISTORY_PATH);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        if (choice === 'stop') {
          await logOut(client);
          navigate('/app/home');
        }
      } finally {
        setBusy(false);
      }
    },
    [actions, client, navigate],
  );
  return { prompt, answer, busy, error, actions };
}
