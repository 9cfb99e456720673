import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $siteConfig, ApiError, PHONE_INPUT_MAX_LENGTH, checkNameV1, loginPassword, registerV4, setMember, setSession } from '@lobby/sdk';
import { useLobby } from '../lobby-context.js';
import { useText } from '../../i18n/use-text.js';
import { registrationCodesOf } from '../../modules/invite-codes.js';
import { safeStorage } from '../../modules/safe-storage.js';
import { toasts } from '../../modules/toast.js';
import { Modal } from './modal.js';
import { NewPasswordFields } from './new-password-fields.js';
import { rememberPasswordStrength } from './session-flags.js';
import { useCaptcha } from './use-captcha.js';
import { ErrorLine } from '../../modules/error-line.js';
import { DepositLimitPrompt } from '../../routes/responsible/limits/deposit-limit-prompt.js';

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * Register (v4): name checked on leaving the field, password twice, optional phone, the
 * invite code kept from the landing URL, a captcha when the brand's fast_register_verify is on.
 */
export function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { client } = useLobby();
  const text = useText();
  const siteConfig = useStore($siteConfig);
  const needsCaptcha = siteConfig?.loginCaptcha.fast_register_verify === true;
  const { challenge, renew } = useCaptcha(needsCaptcha);
  const [error, setError] = useState('');
  const [nameNote, setNameNote] = useState('');
  const [busy, setBusy] = useState(false);
  // Responsible play (issue 22): once registered, the dialog asks for a deposit limit (optional).
  const [registered, setRegistered] = useState(false);

  async function checkName(name: string) {
    if (!name) return setNameNote('');
    try {
      const answer = await client.call(checkNameV1, { name });
      setNameNote(answer.available ? '' : answer.reason === 'taken' ? text('nameTaken') : text('nameInvalid'));
    } catch {
      setNameNote('');
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) return setError(text('passwordsDiffer'));
    const phone = field(form, 'phone');
    const captcha = needsCaptcha && challenge ? { captchaId: challenge.captchaId, captchaCode: field(form, 'captcha') } : {};
    setBusy(true);
    setError('');
    try {
      const hash = loginPassword(password);
      const inviteCodes = registrationCodesOf(safeStorage(() => sessionStorage));
      const answer = await client.call(registerV4, { name: field(form, 'name'), password: hash, confirmPassword: hash, ...(phone ? { areaCode: '+86', phone } : {}), ...inviteCodes, ...captcha });
      rememberPasswordStrength(password);
      setSession(answer.token);
      setMember(answer.member);
      toasts.show(text('registered'));
      setRegistered(true);
    } catch (failure) {
      setBusy(false);
      if (needsCaptcha) renew();
      setError(failure instanceof ApiError ? failure.message : text('requestFailed'));
    }
  }

  if (registered) {
    return (
      <Modal title={text('register')} closeLabel={text('close')} onClose={onClose}>
        <DepositLimitPrompt always onDone={onClose} />
      </Modal>
    );
  }
  return (
    <Modal title={text('register')} closeLabel={text('close')} onClose={onClose}>
      <form className="stack-form" onSubmit={submit}>
        <label>
          {text('loginName')}
          <input name="name" autoComplete="username" minLength={4} maxLength={16} required onBlur={(event) => void checkName(event.currentTarget.value.trim())} />
        </label>
        {nameNote ? <p className="error">{nameNote}</p> : null}
        <NewPasswordFields label={text('loginPassword')} />
        <label>
          {text('phoneOptional')}
          <input name="phone" inputMode="numeric" pattern={`[0-9]{5,${PHONE_INPUT_MAX_LENGTH}}`} maxLength={PHONE_INPUT_MAX_LENGTH} />
        </label>
        {needsCaptcha ? (
          <label>
            {text('captcha')}
            {challenge ? <img className="captcha-image" src={challenge.image} alt={text('captchaImage')} /> : null}
            <input name="captcha" inputMode="numeric" maxLength={8} required />
          </label>
        ) : null}
        <button className="button" type="submit" disabled={busy}>
          {text('register')}
        </button>
        <ErrorLine error={error} />
      </form>
    </Modal>
  );
}
