import { useCallback, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $language, PHONE_CODE_PURPOSE, bindPhone, codeMaxLength, sanitizeCodeInput, sanitizePhoneInput, sendBoundPhoneCode, sendPhoneCode, t,
  validateCode, verifyBoundPhone, type PersonalInfo,
} from '@lobby/sdk';
import { Modal } from '../../app/auth/modal.js';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { AREA_CODES, codeClick, failureText, phoneProblem, phoneRulesFor } from './phone-form.js';
import { userInfoTexts } from './texts.js';
import { useCodeButton } from '../../modules/code-button/use-code-button.js';
import type { PhoneRulesInfo } from './use-profile.js';
import { ErrorLine } from '../../modules/error-line.js';

/** The code field's problem in the words of section 5, or ''. */
function codeProblem(code: string, areaCode: string, language: string): string {
  const result = validateCode(code, areaCode);
  return result.ok ? '' : t(result.error, { max: codeMaxLength(areaCode) }, language);
}

/**
 * The bind-phone modal (spec sections 2 and 5): country code, mobile number, verification
 * code and the get-code button. A bound phone stays locked until it is verified in the
 * verification modal, which the get-code button opens instead of sending.
 */
export function BindPhoneModal({ info, preInfo, onChanged, onClose }: { info: PersonalInfo; preInfo: PhoneRulesInfo | null; onChanged: (info: PersonalInfo) => void; onClose: () => void }) {
  const { client } = useLobby();
  const language = useStore($language);
  const text = usePageTexts(userInfoTexts);
  const locked = info.phoneBound && info.phoneRebindUntil === null;
  const [areaCode, setAreaCode] = useState(locked ? info.areaCode : '+86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [verifying, setVerifying] = useState(false);
  const button = useCodeButton();
  const rules = phoneRulesFor(areaCode, preInfo);

  async function getCode() {
    const nowMs = Date.now();
    const action = codeClick(button.state, { phoneLocked: locked }, nowMs);
    if (action === 'verifyBound') return setVerifying(true);
    // A click the button does not take (in flight, debounce, countdown) leaves the form as it is.
    if (action === 'ignore' || button.sending) return;
    const found = phoneProblem(phone, rules, language);
    setProblem(found);
    if (found) return;
    await sendCode(button, nowMs, () => client.call(sendPhoneCode, { phone, areaCode, type: PHONE_CODE_PURPOSE.bindPhone }), text('codeSent'), (failure) => setProblem(failureText(failure, language)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return setProblem(text('lockedHint'));
    const found = phoneProblem(phone, rules, language) || codeProblem(code, areaCode, language);
    setProblem(found);
    if (found) return;
    try {
      const next = await client.call(bindPhone, { areaCode, phone, code });
      toasts.show(text('phoneBound'));
      onChanged(next);
      onClose();
    } catch (failure) {
      setProblem(failureText(failure, language));
    }
  }

  const closeVerify = useCallback(() => setVerifying(false), []);
  return (
    <Modal title={text('bindPhoneTitle')} closeLabel={text('close')} onClose={onClose}>
      <form className="stack-form user-info-bind" onSubmit={submit} noValidate>
        <label>
          {text('areaCode')}
          <select name="areaCode" value={areaCode} disabled={locked} onChange={(event) => {
            setAreaCode(event.currentTarget.value);
            setCode('');
          }}>
            {AREA_CODES.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('phone')}
          <input
            name="phone"
            inputMode="numeric"
            autoComplete="tel-national"
            value={locked ? info.phone : phone}
            readOnly={locked}
            aria-readonly={locked}
            onChange={(event) => setPhone(sanitizePhoneInput(event.currentTarget.value, phone))}
          />
        </label>
        {locked ? <p className="user-info-hint">{text('lockedHint')}</p> : null}
        <CodeRow name="code" value={code} onChange={(value) => setCode(sanitizeCodeInput(value, areaCode))} secondsLeft={button.secondsLeft} sending={button.sending} onGetCode={() => void getCode()} />
        <button className="button" type="submit" disabled={locked}>
          {text('confirmBind')}
        </button>
        <ErrorLine error={problem} />
      </form>
      {verifying ? <VerifyBoundModal info={info} onVerified={onChanged} onClose={closeVerify} /> : null}
    </Modal>
  );
}

/** Spec section 5: with a phone bound, the code goes to that phone first; verifying it unlocks the phone field. */
function VerifyBoundModal({ info, onVerified, onClose }: { info: PersonalInfo; onVerified: (info: PersonalInfo) => void; onClose: () => void }) {
  const { client } = useLobby();
  const language = useStore($language);
  const text = usePageTexts(userInfoTexts);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const button = useCodeButton();

  const getCode = () => sendCode(button, Date.now(), () => client.call(sendBoundPhoneCode, {}), text('codeSent'), (failure) => setProblem(failureText(failure, language)));

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = codeProblem(code, info.areaCode, language);
    setProblem(found);
    if (found) return;
    try {
      const next = await client.call(verifyBoundPhone, { code });
      toasts.show(text('verified'));
      onVerified(next);
      onClose();
    } catch (failure) {
      setProblem(failureText(failure, language));
    }
  }

  return (
    <Modal title={text('verifyTitle')} closeLabel={text('close')} onClose={onClose}>
      <form className="stack-form" onSubmit={verify} noValidate>
        <p>{text('verifyHint', { phone: `${info.areaCode} ${info.phone}` })}</p>
        <CodeRow name="verifyCode" value={code} onChange={(value) => setCode(sanitizeCodeInput(value, info.areaCode))} secondsLeft={button.secondsLeft} sending={button.sending} onGetCode={() => void getCode()} />
        <button className="button" type="submit">
          {text('verify')}
        </button>
        <ErrorLine error={problem} />
      </form>
    </Modal>
  );
}

/** A get-code click: the code sent through the button (one request at a time), `sentText` shown when it went, a failure to `onFailure`. */
async function sendCode(button: ReturnType<typeof useCodeButton>, nowMs: number, request: () => Promise<unknown>, sentText: string, onFailure: (failure: unknown) => void) {
  try {
    if ((await button.send(nowMs, request)) === 'sent') toasts.show(sentText);
  } catch (failure) {
    onFailure(failure);
  }
}

/** The code field and its get-code button, which counts down `secondsLeft` before a resend and is disabled while a request is `sending`. */
function CodeRow({ name, value, onChange, secondsLeft, sending, onGetCode }: { name: string; value: string; onChange: (value: string) => void; secondsLeft: number; sending: boolean; onGetCode: () => void }) {
  const text = usePageTexts(userInfoTexts);
  return (
    <div className="user-info-code-row">
      <label>
        {text('code')}
        <input name={name} inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      </label>
      <button className="button secondary" type="button" disabled={secondsLeft > 0 || sending} onClick={onGetCode}>
        {secondsLeft > 0 ? text('resendIn', { seconds: secondsLeft }) : text('getCode')}
      </button>
    </div>
  );
}
