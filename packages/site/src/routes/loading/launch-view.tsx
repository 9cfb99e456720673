import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session, formatMoney } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { StepList } from '../../modules/step-list.js';
import { walletActions } from '../../modules/wallet-refresh.js';
import { GameFrame } from './game-frame.js';
import type { LaunchProgress, TransferNote } from './launch-flow.js';
import type { LaunchTarget } from './launch-link.js';
import { launchTexts } from './texts.js';
import { useGameName, useLaunch } from './use-launch.js';

/** Where the game runs: this tab over the page (/loading), a window of its own (/ptLoading), or inside the layout (inline venue). */
export type LaunchMode = 'page' | 'window' | 'inline';

export interface LaunchViewProps {
  target: LaunchTarget;
  mode: LaunchMode;
  /** The lobby to go back to. */
  backTo: string;
}

/**
 * A launch with its steps and progress, its clear messages when it stops, and the game
 * frame once open. Closing the game refreshes the balances and goes back (or closes the
 * window the launch opened in).
 */
export function LaunchView({ target, mode, backTo }: LaunchViewProps) {
  const t = usePageTexts(launchTexts);
  const { client } = useLobby();
  const navigate = useNavigate();
  const signedIn = useStore($session) !== null;
  const [attempt, setAttempt] = useState(0);
  const [expired, setExpired] = useState(false);
  const progress = useLaunch(target, signedIn, attempt);
  const gameName = useGameName(target);

  const retry = useCallback(() => {
    setExpired(false);
    setAttempt((value) => value + 1);
  }, []);
  const close = useCallback(() => {
    const leave = () => {
      if (mode === 'window') window.close();
      // window.close() is refused when the window was not opened by script: go back instead.
      void navigate(backTo);
    };
    if (target.demo || !signedIn) return leave();
    void walletActions(client)
      .afterMove()
      .catch(() => undefined)
      .finally(leave);
  }, [client, mode, backTo, navigate, target.demo, signedIn]);
  const onExpired = useCallback(() => setExpired(true), []);

  if (progress.url !== null && !expired) {
    return <GameFrame url={progress.url} gameName={gameName} venueCode={target.venueCode} demo={target.demo} inline={mode === 'inline'} onClose={close} onExpired={onExpired} />;
  }
  const shown: LaunchProgress = expired ? { ...progress, problem: 'expired' } : progress;
  return <LaunchSteps progress={shown} backTo={backTo} onRetry={retry} label={t('steps')} />;
}

function LaunchSteps({ progress, backTo, onRetry, label }: { progress: LaunchProgress; backTo: string; onRetry: () => void; label: string }) {
  const t = usePageTexts(launchTexts);
  const stopped = progress.problem !== null;
  const retryable = progress.problem === 'expired' || progress.problem === 'transferPending' || progress.problem === 'transferFailed' || progress.problem === 'failed';
  return (
    <div className="launch-progress">
      <StepList className="launch-steps" label={label} names={progress.steps.map((step) => t(step))} step={progress.step} completed={false} />
      <NoteLine note={progress.note} />
      {stopped ? (
        <p className="notice error launch-problem" role="alert">
          {t(progress.problem!, { message: progress.detail })}
        </p>
      ) : (
        <p className="page-loading" role="status" aria-live="polite">
          {t(progress.steps[progress.step]!)}…
        </p>
      )}
      {stopped ? (
        <p className="launch-actions">
          {retryable ? (
            <button className="button" type="button" onClick={onRetry}>
              {t('retry')}
            </button>
          ) : null}
          <Link className="button secondary" to={backTo}>
            {t('backToLobby')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function NoteLine({ note }: { note: TransferNote | null }) {
  const t = usePageTexts(launchTexts);
  const language = useStore($language);
  if (note === null) return null;
  const text = note.kind === 'recalling' || note.kind === 'moving' || note.kind === 'moved' ? t(note.kind, { amount: formatMoney(note.amountMinor, 2, language) }) : t(note.kind);
  return (
    <p className="launch-note" data-launch-note={note.kind}>
      {text}
    </p>
  );
}
