import { useState, type FormEvent } from 'react';
import { ApiError, loginPayload, setMember, setSession, webLogin } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { useText } from '../i18n/use-text.js';

/**
 * Name and password login through the sdk client (`webLogin`, the password hashed by the
 * rule of spec section 5); starts the session and keeps the member.
 */
export function LoginForm() {
  const { client } = useLobby();
  const text = useText();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!name || !password) {
      setError(text('loginMissing'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { token, member } = await client.call(webLogin, loginPayload(name, password));
      setSession(token);
      setMember(member);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : text('loginFailed'));
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label={text('login')}>
      <label>
        <span className="visually-hidden">{text('loginName')}</span>
        <input name="name" autoComplete="username" placeholder={text('loginName')} maxLength={16} required />
      </label>
      <label>
        <span className="visually-hidden">{text('loginPassword')}</span>
        <input name="password" type="password" autoComplete="current-password" placeholder={text('loginPassword')} required />
      </label>
      <button className="button" type="submit" disabled={busy}>
        {busy ? text('loggingIn') : text('login')}
      </button>
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
