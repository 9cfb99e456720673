import type { ReceiverAddress } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';

/** Nicknames: 1 to 20 characters after trimming, no control or format characters. */
export const NICKNAME_LENGTH_MAX = 20;
/** Real names: 2 to 30 letters, with spaces, middle dots, dots, apostrophes or hyphens between. */
const REAL_NAME = /^\p{L}[\p{L}\p{M} ·.'-]{0,28}[\p{L}\p{M}.]$/u;
/** E-mail: one @, a dotted domain, no spaces; 254 characters at most. */
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export function checkedNickname(input: string): string {
  const nickName = input.trim();
  const length = [...nickName].length;
  if (length < 1 || length > NICKNAME_LENGTH_MAX || CONTROL.test(nickName)) {
    throw new BusinessError('nickNameInvalid', `nickName: 1 to ${NICKNAME_LENGTH_MAX} characters without control characters`);
  }
  return nickName;
}

export function checkedRealName(input: string): string {
  const realName = input.trim().replace(/\s+/g, ' ');
  if (!REAL_NAME.test(realName)) throw new BusinessError('realNameInvalid', 'realName: 2 to 30 letters');
  return realName;
}

export function checkedEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new BusinessError('emailInvalid', 'email: not a valid e-mail address');
  return email;
}

/** A calendar date between 1900-01-01 and today. */
export function checkedBirthday(input: string, nowMs: number): string {
  const date = new Date(`${input}T00:00:00Z`);
  const valid = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === input && input >= '1900-01-01' && date.getTime() <= nowMs;
  if (!valid) throw new BusinessError('birthdayInvalid', 'birthday: a real date in the past (YYYY-MM-DD)');
  return input;
}

export function checkedAddress(input: ReceiverAddress): ReceiverAddress {
  const address = {
    receiver: input.receiver.trim(),
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    address: input.address.trim(),
    phone: input.phone,
  };
  for (const [field, value] of Object.entries(address)) {
    if (value === '' || CONTROL.test(value)) throw new BusinessError('receiverAddressInvalid', `${field}: is required`);
  }
  return address;
}

/** Spec section 5: a code has at most 6 digits for +86, else 10. */
export function checkCodeLength(areaCode: string, code: string): void {
  const max = areaCode === '+86' ? 6 : 10;
  if (code.length > max) throw new BusinessError('invalidField', `code: at most ${max} digits for ${areaCode}`);
}
