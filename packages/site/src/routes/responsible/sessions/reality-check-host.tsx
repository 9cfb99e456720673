import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { logOut } from '../../../app/use-member.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { $gameFramesOpen, $playSession, takePlaySession, PLAY_SESSION_POLL_MS, formatElapsed, msUntilPrompt } from './session-store.js';
import { sessionTexts } from './texts.js';
import { PLAY_HISTORY_PATH, useRealityCheck } from './use-reality-check.js';

/**
 * The site frame's part of responsible play (issue 22; docs/RESPONSIBLE-PLAY.md): reads the
 * member's play session every minute and when the next reality check is due; shows the due
 * prompt as a modal dialog (continue, stop and log out, view history) unless a game is open
 * (the game frame delivers it into the game); a notice when the session-time limit is
 * reached; and the 6-monthly review prompt, never modal.
 */
export function RealityCheckHost() {
  const token = useStore($session)?.token ?? '';
  const state = useStore($playSession);
  const gamesOpen = useStore($gameFramesOpen);
  const { prompt, answer, busy, error, actions } = useRealityCheck();
  const { pathname } = useLocation();
  const { client } = useLobby();
  const t = usePageTexts(sessionTexts);

  useEffect(() => {
    if (!token) {
      takePlaySession(null);
      return;
    }
    void actions.load();
    const timer = setInterval(() => void actions.load(), PLAY_SESSION_POLL_MS);
    return () => {
      clearInterval(timer);
      takePlaySession(null);
    };
  }, [token, actions]);

  // Wakes at the due time so the prompt comes on time, not at the next poll.
  useEffect(() => {
    if (!state) return;
    const wait = msUntilPrompt(state, Date.now());
    if (wait === null || wait > 2 * PLAY_SESSION_POLL_MS) return;
    const timer = setTimeout(() => void actions.load(), wait + 500);
    return () => clearTimeout(timer);
  }, [state, actions]);

  if (!state) return null;
  const { view } = state;
  const onHistory = pathname.toLowerCase() === PLAY_HISTORY_PATH.toLowerCase();
  return (
    <>
      {prompt && gamesOpen === 0 ? <PromptDialog prompt={prompt} busy={busy} error={error} onAnswer={(choice) => void answer(choice)} /> : null}
      {view.sessionLimitReached || (view.reviewDue && !onHistory) ? (
        <div className="session-prompts">
          {view.sessionLimitReached && view.sessionLimitMinutes !== null ? (
            <div className="session-prompt" role="alert" data-testid="session-limit-reached">
              <p>
                <strong>{t('limitTitle')}</strong> {t('limitText', { minutes: view.sessionLimitMinutes, elapsed: formatElapsed(view.elapsedSeconds) })}
              </p>
              <button className="button" type="button" onClick={() => void logOut(client)}>
                {t('logOut')}
              </button>
            </div>
          ) : null}
          {view.reviewDue && !onHistory ? (
            <div className="session-prompt" data-testid="review-prompt">
              <p>
                <strong>{t('reviewTitle')}</strong> {t('reviewText')}
              </p>
              <Link className="button" to={PLAY_HISTORY_PATH}>
                {t('reviewGo')}
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

type Prompt = NonNullable<ReturnType<typeof useRealityCheck>['prompt']>;

/** The reality check as a modal dialog; Escape does not dismiss it: the member chooses. */
function PromptDialog({ prompt, busy, error, onAnswer }: { prompt: Prompt; busy: boolean; error: string; onAnswer: (choice: 'continue' | 'stop' | 'history') => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const cancel = (event: Event) => event.preventDefault();
    element.addEventListener('cancel', cancel);
    return () => element.removeEventListener('cancel', cancel);
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="reality-check-title" aria-describedby="reality-check-text" data-testid="reality-check">
      <div className="modal-head">
        <h2 id="reality-check-title">{prompt.title}</h2>
      </div>
      <p id="reality-check-text">{prompt.message}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="actions">
        <button className="button" type="button" disabled={busy} onClick={() => onAnswer('continue')} data-testid="reality-continue">
          {prompt.labels.continue}
        </button>{' '}
        <button className="button secondary" type="button" disabled={busy} onClick={() => onAnswer('stop')} data-testid="reality-stop">
          {prompt.labels.stop}
        </button>{' '}
        <button className="button secondary" type="button" disabled={busy} onClick={() => onAnswer('history')} data-testid="reality-history">
          {prompt.labels.history}
        </button>
      </p>
    </dialog>
  );
}
