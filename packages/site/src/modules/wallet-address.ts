import { checkVirtualAddress, type ProtocolId } from '@lobby/sdk';

export type AddressCheck = { ok: true; address: string } | { ok: false; problem: 'addressEmpty' | 'addressInvalid' | 'addressChecksum' };

/**
 * Checks an address for its protocol before it is sent, with the sdk's
 * checkVirtualAddress, so the browser refuses what the server refuses; a typo that only
 * the checksum catches is `addressChecksum`.
 *
 * @example checkAddress(0, ' TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ') // { ok: true, address: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ' }
 */
export function checkAddress(protocol: ProtocolId, input: string): AddressCheck {
  if (input.trim() === '') return { ok: false, problem: 'addressEmpty' };
  const checked = checkVirtualAddress(protocol, input);
  if (checked.ok) return checked;
  return { ok: false, problem: checked.problem === 'usdtAddressChecksum' ? 'addressChecksum' : 'addressInvalid' };
}

export type CardCheck = { ok: true; cardNo: string } | { ok: false; problem: 'cardEmpty' | 'cardInvalid' };

/**
 * A bank card number as the server takes it: spaces and dashes dropped, 16 to 19 digits
 * passing the Luhn check (the server's normalisedCardNo).
 *
 * @example checkCardNo('4111 1111 1111 1111') // { ok: true, cardNo: '4111111111111111' }
 */
export function checkCardNo(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (digits === '') return { ok: false, problem: 'cardEmpty' };
  if (!/^\d{16,19}$/.test(digits)) return { ok: false, problem: 'cardInvalid' };
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? { ok: true, cardNo: digits } : { ok: false, problem: 'cardInvalid' };
}
