import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, addressGet, addressUpdate, sanitizePhoneInput, type ReceiverAddress } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { failureText } from './phone-form.js';
import { userInfoTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

const FIELDS = ['receiver', 'province', 'city', 'district', 'address', 'phone'] as const;
const EMPTY: ReceiverAddress = { receiver: '', province: '', city: '', district: '', address: '', phone: '' };

/** The address tab: receiver, province, city, district, street and phone (spec section 3, "Receiver address"). */
export function AddressPanel() {
  const { client } = useLobby();
  const language = useStore($language);
  const text = usePageTexts(userInfoTexts);
  const [address, setAddress] = useState<ReceiverAddress>(EMPTY);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    client.call(addressGet, {}).then(
      (answer) => {
        if (!current) return;
        if (answer.address) setAddress(answer.address);
        setSaved(answer.address !== null);
      },
      (failure: unknown) => current && setProblem(failureText(failure, language)),
    );
    return () => {
      current = false;
    };
  }, [client, language]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (FIELDS.some((field) => address[field].trim() === '')) return setProblem(text('addressEmpty'));
    setProblem('');
    try {
      const answer = await client.call(addressUpdate, address);
      setAddress(answer.address);
      setSaved(true);
      toasts.show(text('saved'));
    } catch (failure) {
      setProblem(failureText(failure, language));
    }
  }

  const label = { receiver: text('receiver'), province: text('province'), city: text('city'), district: text('district'), address: text('address'), phone: text('addressPhone') };
  return (
    <form className="stack-form narrow user-info-address" onSubmit={submit} noValidate aria-label={text('addressTab')}>
      {saved === false ? <p className="user-info-hint">{text('noAddress')}</p> : null}
      {FIELDS.map((field) => (
        <label key={field}>
          {label[field]}
          <input
            name={field}
            inputMode={field === 'phone' ? 'numeric' : undefined}
            value={address[field]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setAddress((previous) => ({ ...previous, [field]: field === 'phone' ? sanitizePhoneInput(value, previous.phone) : value }));
            }}
          />
        </label>
      ))}
      <button className="button" type="submit">
        {text('save')}
      </button>
      <ErrorLine error={problem} />
    </form>
  );
}
