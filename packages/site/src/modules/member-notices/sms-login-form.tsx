import { useState, type FormEvent } from 'react';
import { usePageTexts } from '../../i18n/page-texts.js';
import { memberNoticeTexts } from './texts.js';
import { useSmsLogin } from './use-sms-login.js';

/** The login form's SMS tab: mobile number, get code (60 s countdown), the 6-digit code. */
export function SmsLoginForm() {
  const t = usePageTexts(memberNoticeTexts);
  const sms = useSmsLogin();
  const [phone, setPhone] = useState('');
  const message = sms.problem ? t(sms.problem) : sms.failure;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void sms.logIn(phone.trim(), code);
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label={t('bySms')} noValidate>
      <label>
        <span className="visually-hidden">{t('phone')}</span>
        <input name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" placeholder={t('phone')} maxLength={13} value={phone} onChange={(event) => setPhone(event.currentTarget.value)} />
      </label>
      <button className="button secondary" type="button" disabled={sms.secondsLeft > 0 || sms.sending} onClick={() => void sms.sendCode(phone.trim())}>
        {sms.secondsLeft > 0 ? t('resendIn', { seconds: sms.secondsLeft }) : t('getCode')}
      </button>
      <label>
        <span className="visually-hidden">{t('code')}</span>
        <input name="code" inputMode="numeric" autoComplete="one-time-code" placeholder={t('code')} maxLength={6} />
      </label>
      <button className="button" type="submit" disabled={sms.busy}>
        {sms.busy ? t('loggingIn') : t('login')}
      </button>
      {sms.sentNote ? <span className="hint" role="status">{t('codeSent')}</span> : null}
      {message ? (
        <span className="error" role="alert">
          {message}
        </span>
      ) : null}
    </form>
  );
}
