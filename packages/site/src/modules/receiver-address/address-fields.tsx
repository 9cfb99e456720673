import { ADDRESS_FIELDS, ADDRESS_MAX_LENGTH, type AddressField, type ReceiverAddressForm } from './use-receiver-address.js';

/** The receiver address's six inputs, each in its label, for a form of the page's own. */
export function AddressFields({ form, labels }: { form: ReceiverAddressForm; labels: Readonly<Record<AddressField, string>> }) {
  return ADDRESS_FIELDS.map((field) => (
    <label key={field}>
      <span>{labels[field]}</span>
      <input
        name={field}
        inputMode={field === 'phone' ? 'numeric' : undefined}
        maxLength={ADDRESS_MAX_LENGTH[field]}
        value={form.address[field]}
        onChange={(event) => form.change(field, event.currentTarget.value)}
      />
    </label>
  ));
}
