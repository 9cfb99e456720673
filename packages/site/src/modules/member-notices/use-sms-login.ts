import { useState } from 'react';
import { loginSms, loginSmsSend, setMember, setSession } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { useCodeButton } from '../code-button/use-code-button.js';

const PHONE = /^[0-9]{5,13}$/;
const CODE = /^[0-9]{6}$/;

export type SmsProblem = '' | 'phoneMissing' | 'codeMissing';

/**
 * Login by SMS: sends the code (one request at a time, 2 s debounce, 60 s countdown; the
 * answer does not tell whether the number is bound) and logs in with it, opening the
 * session like the password login.
 */
export function useSmsLogin() {
  const { client } = useLobby();
  const button = useCodeButton();
  const [problem, setProblem] = useState<SmsProblem>('');
  const [failure, setFailure] = useState('');
  const [sentNote, setSentNote] = useState(false);
  const [busy, setBusy] = useState(false);

  async function sendCode(phone: string) {
    setFailure('');
    if (!PHONE.test(phone)) return setProblem('phoneMissing');
    setProblem('');
    try {
      if ((await button.send(Date.now(), () => client.call(loginSmsSend, { phone }))) === 'sent') setSentNote(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  async function logIn(phone: string, code: string) {
    setFailure('');
    if (!PHONE.test(phone)) return setProblem('phoneMissing');
    if (!CODE.test(code)) return setProblem('codeMissing');
    setProblem('');
    setBusy(true);
    try {
      const { token, member } = await client.call(loginSms, { phone, code });
      setSession(token);
      setMember(member);
    } catch (error) {
      setBusy(false);
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return { secondsLeft: button.secondsLeft, sending: button.sending, problem, failure, sentNote, busy, sendCode, logIn };
}
