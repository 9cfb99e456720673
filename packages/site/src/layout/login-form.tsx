import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, CODE, $siteConfig, loginPayload, setMember, setSession, webLogin } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { hasRobotResult, robotCheckPath, saveRobotReturn, takeRobotResult } from '../app/robot-check.js';
import { rememberPasswordStrength } from '../app/auth/session-flags.js';
import { useText } from '../i18n/use-text.js';
import { safeStorage } from '../modules/safe-storage.js';
import { memberNoticeTexts } from '../modules/member-notices/texts.js';
import { usePageTexts } from '../i18n/page-texts.js';

// Login by SMS loads when the member switches to it.
const SmsLoginForm = lazy(() => import('../modules/member-notices/sms-login-form.js').then((module) => ({ default: module.SmsLoginForm })));

/** Session storage key of the name typed before a robot check, to fill it in again. */
export const LOGIN_NAME_KEY = 'lobby.loginName';
const session = safeStorage(() => globalThis.sessionStorage);

/** The header's login: by name and password, or by a code sent to the bound phone (a small switch). */
export function LoginForm() {
  const t = usePageTexts(memberNoticeTexts);
  const [bySms, setBySms] = useState(false);
  return (
    <div className="login-switch">
      <div role="group" aria-label={t('loginMethod')}>
        <button className="link-button" type="button" aria-pressed={!bySms} onClick={() => setBySms(false)}>
          {t('byPassword')}
        </button>
        <button className="link-button" type="button" aria-pressed={bySms} onClick={() => setBySms(true)}>
          {t('bySms')}
        </button>
      </div>
      {bySms ? (
        <Suspense fallback={null}>
          <SmsLoginForm />
        </Suspense>
      ) : (
        <PasswordLoginForm />
      )}
    </div>
  );
}

/**
 * Name and password login through the sdk client (`webLogin`, the password hashed by the
 * rule of spec section 5). When the server asks for a captcha (the brand's
 * login_verify_trigger_times failures), the visitor goes through the robot check and
 * comes back; the next login sends the solved check.
 */
function PasswordLoginForm() {
  const { client } = useLobby();
  const text = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const verified = hasRobotResult();

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
    const robot = takeRobotResult();
    try {
      const { token, member } = await client.call(webLogin, { ...loginPayload(name, password), ...robot });
      session.remove(LOGIN_NAME_KEY);
      rememberPasswordStrength(password);
      setSession(token);
      setMember(member);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === CODE.captchaRequired) {
        session.set(LOGIN_NAME_KEY, name);
        saveRobotReturn(location.pathname + location.search);
        void navigate(robotCheckPath($siteConfig.get()));
        return;
      }
      setError(failure instanceof ApiError && failure.message ? failure.message : text('loginFailed'));
    }
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label={text('login')}>
      <label>
        <span className="visually-hidden">{text('loginName')}</span>
        <input name="name" autoComplete="username" placeholder={text('loginName')} maxLength={16} defaultValue={session.get(LOGIN_NAME_KEY) ?? ''} required />
      </label>
      <label>
        <span className="visually-hidden">{text('loginPassword')}</span>
        <input name="password" type="password" autoComplete="current-password" placeholder={text('loginPassword')} required />
      </label>
      <button className="button" type="submit" disabled={busy}>
        {busy ? text('loggingIn') : text('login')}
      </button>
      {verified ? <span className="hint">{text('robotVerified')}</span> : null}
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
