import { useCallback, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, setEmail, setNickname, setRealName, setUserProfile, type PersonalInfo } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { AvatarPanel } from './avatar-panel.js';
import { BindPhoneModal } from './bind-phone-modal.js';
import { failureText } from './phone-form.js';
import { userInfoTexts } from './texts.js';
import type { PhoneRulesInfo } from './use-profile.js';

type Apply = (info: PersonalInfo) => void;

/** Basic info: account, phone (bind or change), nickname, real name (once), e-mail, birthday (once). */
export function ProfilePanel({ info, preInfo, apply }: { info: PersonalInfo; preInfo: PhoneRulesInfo | null; apply: Apply }) {
  const text = usePageTexts(userInfoTexts);
  const [binding, setBinding] = useState(false);
  const closeBinding = useCallback(() => setBinding(false), []);
  return (
    <div className="user-info-panel">
      <AvatarPanel />
      <dl className="user-info-facts">
        <dt>{text('account')}</dt>
        <dd>{info.name}</dd>
        <dt>{text('phone')}</dt>
        <dd>
          <span className="user-info-phone">{info.phoneBound ? `${info.areaCode} ${info.phone}` : text('notBound')}</span>
          <button className="button secondary" type="button" onClick={() => setBinding(true)}>
            {info.phoneBound ? text('changePhone') : text('bindPhone')}
          </button>
        </dd>
      </dl>
      <FieldForm label={text('nickName')} name="nickName" initial={info.nickName} emptyText={text('nickNameEmpty')} save={(client, value) => client.call(setNickname, { nickName: value })} apply={apply} />
      {info.realNameLocked ? (
        <p className="user-info-locked">
          <span>{text('realName')}</span> <strong>{info.realName}</strong>
        </p>
      ) : (
        <FieldForm label={text('realName')} name="realName" hint={text('realNameOnce')} initial="" emptyText={text('realNameEmpty')} save={(client, value) => client.call(setRealName, { realName: value })} apply={apply} />
      )}
      <FieldForm label={text('email')} name="email" type="email" initial={info.email} emptyText={text('emailEmpty')} save={(client, value) => client.call(setEmail, { email: value })} apply={apply} />
      {info.birthday ? (
        <p className="user-info-locked">
          <span>{text('birthday')}</span> <strong>{info.birthday}</strong>
        </p>
      ) : (
        <FieldForm label={text('birthday')} name="birthday" type="date" hint={text('birthdayOnce')} initial="" emptyText={text('birthdayEmpty')} save={(client, value) => client.call(setUserProfile, { birthday: value })} apply={apply} />
      )}
      {binding ? <BindPhoneModal info={info} preInfo={preInfo} onChanged={apply} onClose={closeBinding} /> : null}
    </div>
  );
}

type Client = ReturnType<typeof useLobby>['client'];

/** One labelled field with its own save button and message. */
function FieldForm(props: { label: string; name: string; type?: string; hint?: string; initial: string; emptyText: string; save: (client: Client, value: string) => Promise<PersonalInfo>; apply: Apply }) {
  const { client } = useLobby();
  const language = useStore($language);
  const text = usePageTexts(userInfoTexts);
  const [value, setValue] = useState(props.initial);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const problemId = `user-info-${props.name}-problem`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() === '') return setProblem(props.emptyText);
    setProblem('');
    setBusy(true);
    try {
      props.apply(await props.save(client, value));
      toasts.show(text('saved'));
    } catch (failure) {
      setProblem(failureText(failure, language));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="user-info-field" onSubmit={submit} noValidate aria-label={props.label}>
      <label>
        {props.label}
        <input name={props.name} type={props.type ?? 'text'} value={value} aria-describedby={problem ? problemId : undefined} onChange={(event) => setValue(event.currentTarget.value)} />
      </label>
      <button className="button" type="submit" disabled={busy}>
        {text('save')}
      </button>
      {props.hint ? <p className="user-info-hint">{props.hint}</p> : null}
      {problem ? (
        <p className="error" role="alert" id={problemId}>
          {problem}
        </p>
      ) : null}
    </form>
  );
}
