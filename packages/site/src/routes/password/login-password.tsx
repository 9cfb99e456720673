import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, CODE, loginPassword, modifyPassword } from '@lobby/sdk';
import { Modal } from '../../app/auth/modal.js';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { LOGIN_PASSWORD_STEPS, newPasswordProblem, oldPasswordProblem, type LoginPasswordStep } from './password-rules.js';
import { passwordTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

/**
 * The login-password change in steps (old password, new password, done) with the finish
 * modal; a wrong old password sends the member back to step 1 with the message.
 */
export function LoginPassword() {
  const { client } = useLobby();
  const text = usePageTexts(passwordTexts);
  const [step, setStep] = useState<LoginPasswordStep>('verifyOld');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = oldPasswordProblem(oldPassword);
    setProblem(found ? text(found) : '');
    if (!found) setStep('setNew');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordProblem(oldPassword, password, confirm);
    setProblem(found ? text(found) : '');
    if (found || busy) return;
    setBusy(true);
    try {
      const hash = loginPassword(password);
      await client.call(modifyPassword, { oldPassword: loginPassword(oldPassword), password: hash, confirmPassword: hash });
      setStep('done');
      setFinished(true);
      setOldPassword('');
      setPassword('');
      setConfirm('');
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
      if (failure instanceof ApiError && failure.code === CODE.passwordWrong) setStep('verifyOld');
    } finally {
      setBusy(false);
    }
  }

  const closeFinish = useCallback(() => setFinished(false), []);
  return (
    <section className="password-section" aria-labelledby="password-login-title">
      <h2 id="password-login-title">{text('loginTitle')}</h2>
      <ol className="password-steps" aria-label={text('steps')}>
        {LOGIN_PASSWORD_STEPS.map((id) => (
          <li key={id} className={id === step ? 'current' : ''} aria-current={id === step ? 'step' : undefined}>
            {text(id)}
          </li>
        ))}
      </ol>
      {step === 'verifyOld' ? (
        <form className="stack-form narrow" onSubmit={next} noValidate aria-label={text('verifyOld')}>
          <label>
            {text('oldPassword')}
            <input name="oldPassword" type="password" autoComplete="current-password" value={oldPassword} onChange={(event) => setOldPassword(event.currentTarget.value)} />
          </label>
          <button className="button" type="submit">
            {text('next')}
          </button>
        </form>
      ) : step === 'setNew' ? (
        <form className="stack-form narrow" onSubmit={submit} noValidate aria-label={text('setNew')}>
          <label>
            {text('newPassword')}
            <input name="password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          </label>
          <label>
            {text('confirmPassword')}
            <input name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.currentTarget.value)} />
          </label>
          <div className="password-actions">
            <button className="button secondary" type="button" onClick={() => setStep('verifyOld')}>
              {text('back')}
            </button>
            <button className="button" type="submit" disabled={busy}>
              {text('submit')}
            </button>
          </div>
        </form>
      ) : (
        <p className="notice">{text('finishText')}</p>
      )}
      <ErrorLine error={problem} />
      {finished ? (
        <Modal title={text('finishTitle')} closeLabel={text('close')} onClose={closeFinish}>
          <p>{text('finishText')}</p>
          <button className="button" type="button" onClick={closeFinish}>
            {text('ok')}
          </button>
        </Modal>
      ) : null}
    </section>
  );
}
