import { useState, type FormEvent } from 'react';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { AddressFields } from '../../../modules/receiver-address/address-fields.js';
import { useReceiverAddress } from '../../../modules/receiver-address/use-receiver-address.js';
import { giftTexts } from './texts.js';

/**
 * The receiver address of real gifts: the one the user-info page keeps (addressGet and
 * addressUpdate), shown as a line once saved, as a form while there is none or on change.
 * `onAddress` hears whether one is saved.
 */
export function ReceiverAddressPanel({ onAddress }: { onAddress?: (saved: boolean) => void }) {
  const text = usePageTexts(giftTexts);
  const form = useReceiverAddress(onAddress);
  const { saved, problem } = form;
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    if (!(await form.save(text('addressEmpty')))) return;
    setEditing(false);
    setDone(text('saved'));
  }

  const labels = { receiver: text('receiver'), province: text('province'), city: text('city'), district: text('district'), address: text('street'), phone: text('phone') };
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
          <AddressFields form={form} labels={labels} />
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
