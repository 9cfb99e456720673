import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, loginPassword, withdrawPasswordReset, withdrawPasswordSet, withdrawPasswordStatus, withdrawPasswordUpdate } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { withdrawPasswordProblem } from './password-rules.js';
import { passwordTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

type Mode = 'set' | 'update' | 'reset';
type Text = PageTextLookup<keyof typeof passwordTexts.en>;

/** The withdrawal password: set the first one; later change it with the current one, or reset it with the login password. */
export function WithdrawPassword() {
  const { client } = useLobby();
  const text = usePageTexts(passwordTexts);
  const [isSet, setIsSet] = useState<boolean | null>(null);
  const [mode, setMode] = useState<Mode>('update');
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    client.call(withdrawPasswordStatus, {}).then(
      (answer) => current && setIsSet(answer.isSet),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client]);

  return (
    <section className="password-section" aria-labelledby="password-withdraw-title">
      <h2 id="password-withdraw-title">{text('withdrawTitle')}</h2>
      {error ? (
        <p className="notice error" role="alert">
          {error}
        </p>
      ) : isSet === null ? (
        <p className="notice">{text('loading')}</p>
      ) : !isSet ? (
        <>
          <p>{text('withdrawNotSet')}</p>
          <WithdrawForm mode="set" text={text} onSaved={() => setIsSet(true)} />
        </>
      ) : (
        <>
          <p>{text('withdrawIsSet')}</p>
          <div className="password-actions" role="group" aria-label={text('withdrawTitle')}>
            <button className="button secondary" type="button" aria-pressed={mode === 'update'} onClick={() => setMode('update')}>
              {text('updateWithdraw')}
            </button>
            <button className="button secondary" type="button" aria-pressed={mode === 'reset'} onClick={() => setMode('reset')}>
              {text('resetWithdraw')}
            </button>
          </div>
          <WithdrawForm key={mode} mode={mode} text={text} onSaved={() => undefined} />
        </>
      )}
    </section>
  );
}

function WithdrawForm({ mode, text, onSaved }: { mode: Mode; text: Text; onSaved: () => void }) {
  const { client } = useLobby();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '');
    const found = withdrawPasswordProblem(value('password'), value('confirm'));
    const missing = mode === 'update' && value('current') === '' ? text('withdrawDigits') : mode === 'reset' && value('current') === '' ? text('oldEmpty') : '';
    setProblem(found ? text(found) : missing);
    if (found || missing || busy) return;
    setBusy(true);
    try {
      const password = loginPassword(value('password'));
      if (mode === 'set') await client.call(withdrawPasswordSet, { password });
      if (mode === 'update') await client.call(withdrawPasswordUpdate, { oldPassword: loginPassword(value('current')), password });
      if (mode === 'reset') await client.call(withdrawPasswordReset, { loginPassword: loginPassword(value('current')), password });
      form.reset();
      toasts.show(text('withdrawSaved'));
      onSaved();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const title = mode === 'set' ? text('setWithdraw') : mode === 'update' ? text('updateWithdraw') : text('resetWithdraw');
  return (
    <form className="stack-form narrow" onSubmit={submit} noValidate aria-label={title}>
      {mode === 'update' ? (
        <label>
          {text('oldWithdrawPassword')}
          <input name="current" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
        </label>
      ) : null}
      {mode === 'reset' ? (
        <label>
          {text('loginPassword')}
          <input name="current" type="password" autoComplete="current-password" />
        </label>
      ) : null}
      <label>
        {mode === 'set' ? text('withdrawPassword') : text('newWithdrawPassword')}
        <input name="password" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
      </label>
      <label>
        {text('confirmWithdrawPassword')}
        <input name="confirm" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
      </label>
      <button className="button" type="submit" disabled={busy}>
        {text('save')}
      </button>
      <ErrorLine error={problem} />
    </form>
  );
}
