import { usePageTexts } from '../../../i18n/page-texts.js';
import { useElapsedSeconds } from './use-reality-check.js';
import { formatElapsed } from './session-store.js';
import { sessionTexts } from './texts.js';

/**
 * The elapsed session time, always visible while playing (issue 22): in the game frame's
 * bar and the sportsbook's bar. Nothing for a visitor.
 */
export function SessionClock() {
  const t = usePageTexts(sessionTexts);
  const elapsed = useElapsedSeconds();
  if (elapsed === null) return null;
  return (
    <p className="session-clock" data-testid="session-clock">
      {t('elapsedLabel')} <time role="timer" dateTime={`PT${elapsed}S`}>{formatElapsed(elapsed)}</time>
    </p>
  );
}
