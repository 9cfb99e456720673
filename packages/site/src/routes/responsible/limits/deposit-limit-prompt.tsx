import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $member, $session, playLimitSet, playLimits } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { refusalOf } from '../../../modules/refusal.js';
import { safeStorage } from '../../../modules/safe-storage.js';
import { depositPromptSkippedKey, valueOf } from './limits-logic.js';
import { limitsTexts } from './texts.js';

export { PLAY_LIMITS_PATH, PlayLimitsLink } from './play-limits-link.js';

const prefs = safeStorage(() => localStorage);

/**
 * Asks the member to set a deposit limit per 24 hours (issue 22): after registering and at the
 * deposit page while the member has no deposit limit and has not skipped the question (per
 * member, on this device). Optional: "Not now" closes it. `always` shows it without reading
 * the limits (right after registering: the member has none). A limit set is confirmed on
 * screen; with `onDone` (the register dialog) the member closes the confirmation. `hidden`
 * (the deposit page while it shows an order) keeps what was read, so the question is back
 * with the form at once instead of appearing above it a read later, under the member's click.
 */
export function DepositLimitPrompt({ always = false, hidden = false, onDone }: { always?: boolean; hidden?: boolean; onDone?: () => void }) {
  const t = usePageTexts(limitsTexts);
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const memberId = useStore($member)?.id;
  const [show, setShow] = useState(always);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The confirmation of a limit set belongs to the form it was set beside: an order in between ends it.
  useEffect(() => {
    if (hidden) setDone(false);
  }, [hidden]);

  useEffect(() => {
    // Until the member is known, whether it skipped the question is not known either.
    if (always || !token || memberId === undefined || prefs.get(depositPromptSkippedKey(memberId)) === '1') return;
    let current = true;
    client.call(playLimits, {}).then((view) => current && setShow(!view.limits.some((limit) => limit.kind === 'deposit')), () => undefined);
    return () => {
      current = false;
    };
  }, [always, client, token, memberId]);

  const skip = () => {
    if (memberId !== undefined) prefs.set(depositPromptSkippedKey(memberId), '1');
    setShow(false);
    onDone?.();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = valueOf('deposit', typed);
    if (value === null) return setError(t('amountInvalid'));
    setBusy(true);
    setError('');
    try {
      await client.call(playLimitSet, { kind: 'deposit', period: 'day', value });
      setDone(true);
      setShow(false);
    } catch (failure) {
      setError(refusalOf(failure).message);
    } finally {
      setBusy(false);
    }
  };

  if (hidden) return null;
  if (done) {
    return (
      <div className="deposit-limit-done">
        <p role="status" data-testid="deposit-limit-done">
          {t('promptDone')}
        </p>
        {onDone ? (
          <button className="button" type="button" onClick={onDone}>
            {t('promptContinue')}
          </button>
        ) : null}
      </div>
    );
  }
  if (!show) return null;
  return (
    <section className="notice deposit-limit-prompt" aria-labelledby="deposit-limit-prompt-title" data-testid="deposit-limit-prompt">
      <h2 id="deposit-limit-prompt-title">{t('promptTitle')}</h2>
      <p>{t('promptText')}</p>
      <form className="stack-form" onSubmit={(event) => void submit(event)} noValidate>
        <label>
          {t('promptAmount')}
          <input name="depositLimit" inputMode="decimal" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} data-testid="deposit-limit-value" />
        </label>
        <ErrorLine error={error} />
        <button className="button" type="submit" disabled={busy} data-testid="deposit-limit-set">
          {t('promptSet')}
        </button>{' '}
        <button className="button button-quiet" type="button" disabled={busy} onClick={skip} data-testid="deposit-limit-skip">
          {t('promptSkip')}
        </button>
      </form>
    </section>
  );
}
