import { useCallback, useEffect, useState } from 'react';
import { captchaImage, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../lobby-context.js';

export type CaptchaChallenge = Pick<CallResponse<typeof captchaImage>, 'captchaId' | 'image'>;

/**
 * A fresh image captcha from the server when `wanted`, and a way to ask for another.
 *
 * @example const { challenge, renew } = useCaptcha(true)
 */
export function useCaptcha(wanted: boolean) {
  const { client } = useLobby();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    client.call(captchaImage, {}).then(
      (answer) => current && setChallenge({ captchaId: answer.captchaId, image: answer.image }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, wanted, attempt]);
  const renew = useCallback(() => setAttempt((value) => value + 1), []);
  return { challenge, renew };
}
