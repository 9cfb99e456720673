import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, identityStatus, identityVerify, type IdentityStatus } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../error-line.js';
import { identityProblem } from './identity-form.js';
import { identityVerifyTexts } from './texts.js';

/**
 * The member's ID card check (identityVerify through the identity provider; docs/SITE-CONFIG.md
 * "Identity"): where identity codes 244358 to 244360 lead. Shows the verified state, or the
 * form with today's checks left; a refusal shows its catalogue message and code.
 */
export function IdentityVerifyPanel() {
  const t = usePageTexts(identityVerifyTexts);
  const { client } = useLobby();
  const [status, setStatus] = useState<IdentityStatus | null>(null);
  const [realName, setRealName] = useState('');
  const [idCardNo, setIdCardNo] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    client.call(identityStatus, {}).then(
      (answer) => current && setStatus(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = identityProblem(realName, idCardNo);
    if (problem) return setError(t(problem));
    setError('');
    setSending(true);
    client.call(identityVerify, { realName: realName.trim(), idCardNo: idCardNo.trim() }).then(
      (answer) => setStatus(answer),
      (failure: unknown) => {
        setError(failure instanceof ApiError ? `${failure.message} (${failure.code})` : String(failure));
        void client.call(identityStatus, {}).then(setStatus, () => undefined);
      },
    ).finally(() => setSending(false));
  };

  if (!status) return null;
  return (
    <section className="identity-verify" aria-labelledby="identity-verify-title">
      <h2 id="identity-verify-title">{t('title')}</h2>
      {status.idCardVerified ? (
        <p className="notice" data-identity="verified">{t('verified')}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="identity-verify-title">
          <p>{t('notVerified')}</p>
          <label>
            {t('realName')}
            <input value={realName} maxLength={30} autoComplete="name" onChange={(event) => setRealName(event.target.value)} />
          </label>
          <label>
            {t('idCardNo')}
            <input value={idCardNo} maxLength={18} autoComplete="off" spellCheck={false} onChange={(event) => setIdCardNo(event.target.value)} />
          </label>
          <p>{t('attemptsLeft', { count: status.attemptsLeftToday })}</p>
          <ErrorLine error={error} />
          <button type="submit" disabled={sending || status.attemptsLeftToday === 0}>
            {sending ? t('sending') : t('submit')}
          </button>
        </form>
      )}
    </section>
  );
}
