import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, addressGet, addressUpdate, sanitizePhoneInput, type ReceiverAddress } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { giftTexts } from './texts.js';

const FIELDS = ['receiver', 'province', 'city', 'district', 'address', 'phone'] as const;
const EMPTY: ReceiverAddress = { receiver: '', province: '', city: '', district: '', address: '', phone: '' };

/**
 * The receiver address of real gifts: the one the user-info page keeps (addressGet and
 * addressUpdate), shown as a line once saved, as a form while there is none or on change.
 * `onAddress` hears whether one is saved.
 */
export function ReceiverAddressPanel({ onAddress }: { onAddress?: (saved: boolean) => void }) {
  const { client } = useLobby();
  const text = usePageTexts(giftTexts);
  const [address, setAddress] = useState<ReceiverAddress>(EMPTY);
  const [saved, setSaved] = useState<ReceiverAddress | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');

  useEffect(() => {
    let current = true;
    client.call(addressGet, {}).then(
      (answer) => {
        if (!current) return;
        setSaved(answer.address);
        if (answer.address) setAddress(answer.address);
        onAddress?.(answer.address !== null);
      },
      (failure: unknown) => current && setProblem(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, onAddress]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    if (FIELDS.some((field) => address[field].trim() === '')) return setProblem(text('addressEmpty'));
    setProblem('');
    try {
      const answer = await client.call(addressUpdate, address);
      setSaved(answer.address);
      setEditing(false);
      setDone(text('saved'));
      onAddress?.(true);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  const label = { receiver: text('receiver'), province: text('province'), city: text('city'), district: text('district'), address: text('street'), phone: text('phone') };
  if (saved === undefined) return <ErrorLine error={problem} />;
  return (
    <div className="gift-address">
      {saved && !editing ? (
        <p className="gift-address-line">
          <span>{text('shipTo')}: </span>
          <span>{`${saved.receiver} ${saved.phone} ${saved.province} ${saved.city} ${saved.district} ${saved.address}`}</span>{' '}
          <button className="link-button" type="button" onClick={() => setEditing(true)}>
            {text('change')}
          </button>
        </p>
      ) : (
        <form className="activity-form gift-address-form" onSubmit={submit} noValidate aria-label={text('address')}>
          {FIELDS.map((field) => (
            <label key={field}>
              <span>{label[field]}</span>
              <input
                name={field}
                inputMode={field === 'phone' ? 'numeric' : undefined}
                maxLength={field === 'address' ? 120 : field === 'phone' ? 13 : 30}
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
        </form>
      )}
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <ErrorLine error={problem} />
    </div>
  );
}
