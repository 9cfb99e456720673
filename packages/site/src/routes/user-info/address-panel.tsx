import type { FormEvent } from 'react';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { AddressFields } from '../../modules/receiver-address/address-fields.js';
import { useReceiverAddress } from '../../modules/receiver-address/use-receiver-address.js';
import { toasts } from '../../modules/toast.js';
import { userInfoTexts } from './texts.js';

/** The address tab: receiver, province, city, district, street and phone (spec section 3, "Receiver address"). */
export function AddressPanel() {
  const text = usePageTexts(userInfoTexts);
  const form = useReceiverAddress();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await form.save(text('addressEmpty'))) toasts.show(text('saved'));
  }

  const labels = { receiver: text('receiver'), province: text('province'), city: text('city'), district: text('district'), address: text('address'), phone: text('addressPhone') };
  return (
    <form className="stack-form narrow user-info-address" onSubmit={submit} noValidate aria-label={text('addressTab')}>
      {form.saved === null ? <p className="user-info-hint">{text('noAddress')}</p> : null}
      <AddressFields form={form} labels={labels} />
      <button className="button" type="submit">
        {text('save')}
      </button>
      <ErrorLine error={form.problem} />
    </form>
  );
}
