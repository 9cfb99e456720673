import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, captchaCheck } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { robotReturnPath, saveRobotResult } from '../../app/robot-check.js';
import { useCaptcha } from '../../app/auth/use-captcha.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';
import { ErrorLine } from '../../modules/error-line.js';

/**
 * /robot-check/{verifyType}/{afsType}/{anjiType}: the image captcha. A right answer is
 * stored locally and the visitor returns to the saved path; a wrong one shows its message
 * and a new image (each image takes one guess).
 */
export function RobotCheckPage() {
  const title = usePageTitle();
  const text = useText();
  const { client } = useLobby();
  const navigate = useNavigate();
  const { verifyType } = useParams();
  const { challenge, renew } = useCaptcha(true);
  const [error, setError] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!challenge) return;
    const captchaCode = String(new FormData(event.currentTarget).get('captcha') ?? '').trim();
    try {
      const { valid } = await client.call(captchaCheck, { captchaId: challenge.captchaId, captchaCode });
      if (!valid) {
        setError(text('captchaWrong'));
        renew();
        return;
      }
      saveRobotResult({ captchaId: challenge.captchaId, captchaCode });
      void navigate(robotReturnPath(), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : text('requestFailed'));
    }
  }

  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p>{text('robotIntro', { kind: verifyType ?? '' })}</p>
      <form className="stack-form narrow" onSubmit={submit} aria-label={title}>
        {challenge ? <img className="captcha-image" src={challenge.image} alt={text('captchaImage')} data-captcha-id={challenge.captchaId} /> : null}
        <button className="link-button" type="button" onClick={renew}>
          {text('newImage')}
        </button>
        <label>
          {text('captcha')}
          <input name="captcha" inputMode="numeric" maxLength={8} autoComplete="off" required />
        </label>
        <button className="button" type="submit" disabled={!challenge}>
          {text('verify')}
        </button>
        <ErrorLine error={error} />
      </form>
    </section>
  );
}
