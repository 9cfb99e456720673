import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, codeCountdownSeconds, forgetLoginPassword, loginPassword, sendPhoneCode } from '@lobby/sdk';
import { useLobby } from '../lobby-context.js';
import { useText } from '../../i18n/use-text.js';
import { toasts } from '../../modules/toast.js';
import { Modal } from './modal.js';

/** Spec section 9: countdown tick. */
export const COUNTDOWN_TICK_MS = 1000;
/** Spec section 7: the phone-code type of a login-password change. */
const LOGIN_PASSWORD_CODE_TYPE = 3;

function useCountdown(sentAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAtMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [sentAtMs]);
  return codeCountdownSeconds(sentAtMs, Math.max(now, sentAtMs ?? 0));
}

/** Forgotten password by phone: name and bound phone, a code (60 s countdown), the new password. */
export function ForgotDialog({ onClose }: { onClose: () => void }) {
  const { client } = useLobby();
  const text = useText();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [sentAtMs, setSentAtMs] = useState<number | null>(null);
  const [error, setError] = useState('');
  const secondsLeft = useCountdown(sentAtMs);

  const failed = (failure: unknown) => setError(failure instanceof ApiError ? failure.message : text('requestFailed'));

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
      onClose();
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <Modal title={text('forgotPassword')} closeLabel={text('close')} onClose={onClose}>
      <form className="stack-form" onSubmit={submit}>
        <label>
          {text('loginName')}
          <input name="name" autoComplete="username" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
        </label>
        <label>
          {text('phone')}
          <input name="phone" inputMode="numeric" maxLength={13} value={phone} onChange={(event) => setPhone(event.currentTarget.value.replace(/\D/g, ''))} required />
        </label>
        <button className="button secondary" type="button" disabled={secondsLeft > 0 || phone.length < 5} onClick={() => void sendCode()}>
          {secondsLeft > 0 ? text('resendIn', { seconds: String(secondsLeft) }) : text('getCode')}
        </button>
        <label>
          {text('code')}
          <input name="code" inputMode="numeric" maxLength={6} required />
        </label>
        <label>
          {text('newPassword')}
          <input name="password" type="password" autoComplete="new-password" minLength={6} required />
        </label>
        <label>
          {text('confirmPassword')}
          <input name="confirm" type="password" autoComplete="new-password" minLength={6} required />
        </label>
        <button className="button" type="submit">
          {text('resetPassword')}
        </button>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
