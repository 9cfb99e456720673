import { useEffect, useState, type FormEvent } from 'react';
import {
  COUNTDOWN_TICK_MS,
  ApiError,
  EMAIL_PATTERN,
  LOGIN_PASSWORD_CODE_TYPE,
  PHONE_INPUT_MAX_LENGTH,
  codeCountdownSeconds,
  forgetLoginPassword,
  forgetPasswordEmailReset,
  forgetPasswordEmailSend,
  forgetPasswordEmailVerify,
  loginPassword,
  sendPhoneCode,
} from '@lobby/sdk';
import { useLobby } from '../lobby-context.js';
import { useText } from '../../i18n/use-text.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { authTexts } from './auth-texts.js';
import { Modal } from './modal.js';
import { NewPasswordFields } from './new-password-fields.js';
import { ErrorLine } from '../../modules/error-line.js';

const emailPattern = new RegExp(EMAIL_PATTERN);

function useCountdown(sentAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAtMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [sentAtMs]);
  return codeCountdownSeconds(sentAtMs, Math.max(now, sentAtMs ?? 0));
}

/** The message of a failed call: the server's, or the generic failure text. */
function useFailure(setError: (message: string) => void): (failure: unknown) => void {
  const text = useText();
  return (failure) => setError(failure instanceof ApiError && failure.message ? failure.message : text('requestFailed'));
}

/** Name and bound phone, a code (60 s countdown), the new password. */
function PhoneReset({ onDone }: { onDone: () => void }) {
  const { client } = useLobby();
  const text = useText();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [sentAtMs, setSentAtMs] = useState<number | null>(null);
  const [error, setError] = useState('');
  const failed = useFailure(setError);
  const secondsLeft = useCountdown(sentAtMs);

  async function sendCode() {
    setError('');
    try {
      await client.call(sendPhoneCode, { phone, areaCode: '+86', type: LOGIN_PASSWORD_CODE_TYPE });
      setSentAtMs(Date.now());
    } catch (failure) {
      failed(failure);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) return setError(text('passwordsDiffer'));
    setError('');
    try {
      const code = String(form.get('code') ?? '').trim();
      await client.call(forgetLoginPassword, { name: name.trim(), areaCode: '+86', phone, code, password: loginPassword(password) });
      toasts.show(text('passwordReset'));
      onDone();
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <form className="stack-form" onSubmit={submit}>
      <label>
        {text('loginName')}
        <input name="name" autoComplete="username" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
      </label>
      <label>
        {text('phone')}
        <input name="phone" inputMode="numeric" maxLength={PHONE_INPUT_MAX_LENGTH} value={phone} onChange={(event) => setPhone(event.currentTarget.value.replace(/\D/g, ''))} required />
      </label>
      <button className="button secondary" type="button" disabled={secondsLeft > 0 || phone.length < 5} onClick={() => void sendCode()}>
        {secondsLeft > 0 ? text('resendIn', { seconds: String(secondsLeft) }) : text('getCode')}
      </button>
      <label>
        {text('code')}
        <input name="code" inputMode="numeric" maxLength={6} required />
      </label>
      <NewPasswordFields label={text('newPassword')} />
      <button className="button" type="submit">
        {text('resetPassword')}
      </button>
      <ErrorLine error={error} />
    </form>
  );
}

type EmailStep = 'account' | 'code' | 'password';
const EMAIL_STEPS: readonly EmailStep[] = ['account', 'code', 'password'];

/**
 * The email path in its three steps: name and bound email (a code is mailed), the code
 * (traded for a one-time reset token), the new password. A resend waits out the 60 s
 * countdown; going back is not needed because each step keeps what the last one gave.
 */
function EmailReset({ onDone }: { onDone: () => void }) {
  const { client } = useLobby();
  const text = useText();
  const t = usePageTexts(authTexts);
  const [step, setStep] = useState<EmailStep>('account');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [sentAtMs, setSentAtMs] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const failed = useFailure(setError);
  const secondsLeft = useCountdown(sentAtMs);
  const stepTitle = { account: t('stepAccount'), code: t('stepCode'), password: t('stepPassword') };

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      await client.call(forgetPasswordEmailSend, { name: name.trim(), email: email.trim() });
      setSentAtMs(Date.now());
      setStep('code');
    });

  function submitAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!emailPattern.test(email.trim())) return setError(t('emailInvalid'));
    void sendCode();
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => {
      const answer = await client.call(forgetPasswordEmailVerify, { name: name.trim(), email: email.trim(), code });
      setResetToken(answer.resetToken);
      setStep('password');
    });
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) return setError(text('passwordsDiffer'));
    void run(async () => {
      await client.call(forgetPasswordEmailReset, { resetToken, password: loginPassword(password) });
      toasts.show(text('passwordReset'));
      onDone();
    });
  }

  return (
    <>
      <ol className="reset-steps" aria-label={t('stepsLabel')}>
        {EMAIL_STEPS.map((each) => (
          <li key={each} aria-current={each === step ? 'step' : undefined} className={each === step ? 'current' : undefined}>
            {stepTitle[each]}
          </li>
        ))}
      </ol>
      {step === 'account' ? (
        <form className="stack-form" onSubmit={submitAccount} noValidate>
          <label>
            {text('loginName')}
            <input name="name" autoComplete="username" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
          </label>
          <label>
            {t('email')}
            <input name="email" type="email" autoComplete="email" maxLength={254} value={email} onChange={(event) => setEmail(event.currentTarget.value)} required />
          </label>
          <button className="button" type="submit" disabled={busy}>
            {t('sendEmailCode')}
          </button>
          <ErrorLine error={error} />
        </form>
      ) : null}
      {step === 'code' ? (
        <form className="stack-form" onSubmit={submitCode}>
          <p className="hint">{t('emailSent', { email: email.trim() })}</p>
          <label>
            {t('emailCode')}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          </label>
          <button className="button secondary" type="button" disabled={busy || secondsLeft > 0} onClick={() => void sendCode()}>
            {secondsLeft > 0 ? text('resendIn', { seconds: String(secondsLeft) }) : text('getCode')}
          </button>
          <button className="button" type="submit" disabled={busy}>
            {t('next')}
          </button>
          <ErrorLine error={error} />
        </form>
      ) : null}
      {step === 'password' ? (
        <form className="stack-form" onSubmit={submitPassword}>
          <NewPasswordFields label={text('newPassword')} />
          <button className="button" type="submit" disabled={busy}>
            {text('resetPassword')}
          </button>
          <ErrorLine error={error} />
        </form>
      ) : null}
    </>
  );
}

/** Forgotten password by phone (the default) or by email, chosen at the top of the dialog. */
export function ForgotDialog({ onClose }: { onClose: () => void }) {
  const text = useText();
  const t = usePageTexts(authTexts);
  const [method, setMethod] = useState<'phone' | 'email'>('phone');
  return (
    <Modal title={text('forgotPassword')} closeLabel={text('close')} onClose={onClose}>
      <fieldset className="reset-methods">
        <legend>{t('resetMethod')}</legend>
        <label>
          <input type="radio" name="reset-method" value="phone" checked={method === 'phone'} onChange={() => setMethod('phone')} />
          {t('byPhone')}
        </label>
        <label>
          <input type="radio" name="reset-method" value="email" checked={method === 'email'} onChange={() => setMethod('email')} />
          {t('byEmail')}
        </label>
      </fieldset>
      {method === 'phone' ? <PhoneReset onDone={onClose} /> : <EmailReset onDone={onClose} />}
    </Modal>
  );
}
