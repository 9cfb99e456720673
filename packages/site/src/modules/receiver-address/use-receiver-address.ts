import { useCallback, useEffect, useState } from 'react';
import { $language, addressGet, addressUpdate, ApiError, PHONE_INPUT_MAX_LENGTH, ReceiverAddress, sanitizePhoneInput, t } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/** The address's fields in the order a form shows them (spec section 3, "Receiver address"). */
export const ADDRESS_FIELDS = ['receiver', 'province', 'city', 'district', 'address', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Each field's longest text, read from the contract's `ReceiverAddress` (the phone's from its pattern: the phone input's length). */
const properties = ReceiverAddress.properties as Record<AddressField, { maxLength?: number }>;
export const ADDRESS_MAX_LENGTH = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [field, properties[field].maxLength ?? PHONE_INPUT_MAX_LENGTH]),
) as Readonly<Record<AddressField, number>>;

/** A failed read or save as the member reads it, in the language shown. */
const failureText = (failure: unknown) => (failure instanceof ApiError ? failure.message : t('requestFailed', undefined, $language.get()));

const EMPTY: ReceiverAddress = { receiver: '', province: '', city: '', district: '', address: '', phone: '' };

/** The member's receiver address as a form edits it. */
export interface ReceiverAddressForm {
  /** The form's values (the saved address once read). */
  address: ReceiverAddress;
  /** The address the server keeps: undefined while it is read, null when there is none. */
  saved: ReceiverAddress | null | undefined;
  /** The read's or the save's failure, or the empty-field text; '' when none. */
  problem: string;
  /** Sets one field; the phone keeps digits only. */
  change(field: AddressField, value: string): void;
  /** Saves the form (addressUpdate): true once saved; an empty field sets `problem` to `emptyText` and sends nothing. */
  save(emptyText: string): Promise<boolean>;
}

/**
 * The receiver address the member keeps (addressGet, addressUpdate), for the user-info page
 * and real gifts. `onAddress` hears whether one is saved, after the read and after a save.
 */
export function useReceiverAddress(onAddress?: (saved: boolean) => void): ReceiverAddressForm {
  const { client } = useLobby();
  const [address, setAddress] = useState<ReceiverAddress>(EMPTY);
  const [saved, setSaved] = useState<ReceiverAddress | null | undefined>(undefined);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    client.call(addressGet, {}).then(
      (answer) => {
        if (!current) return;
        setSaved(answer.address);
        if (answer.address) setAddress(answer.address);
        onAddress?.(answer.address !== null);
      },
      (failure: unknown) => current && setProblem(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, onAddress]);

  const change = useCallback((field: AddressField, value: string) => {
    setAddress((previous) => ({ ...previous, [field]: field === 'phone' ? sanitizePhoneInput(value, previous.phone) : value }));
  }, []);

  async function save(emptyText: string): Promise<boolean> {
    if (ADDRESS_FIELDS.some((field) => address[field].trim() === '')) {
      setProblem(emptyText);
      return false;
    }
    setProblem('');
    try {
      const answer = await client.call(addressUpdate, address);
      setAddress(answer.address);
      setSaved(answer.address);
      onAddress?.(true);
      return true;
    } catch (failure) {
      setProblem(failureText(failure));
      return false;
    }
  }

  return { address, saved, problem, change, save };
}
