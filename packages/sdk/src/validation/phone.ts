import { CHINA_AREA_CODE, CODE_MAX_LENGTH_CN, CODE_MAX_LENGTH_OTHER, PHONE_INPUT_MAX_LENGTH, PHONE_MAX_LENGTH_DEFAULT, PHONE_MIN_LENGTH_DEFAULT, PHONE_PREFIX_LENGTH } from '../contract/limits.js';
import { fail, ok, type Result } from './result.js';

/**
 * The phone field's input filter (spec section 5): keeps digits only; an input longer
 * than 13 digits is ignored, so the field keeps its previous value. Counting after the
 * filter lets a pasted '138 0013 8000' through.
 *
 * @example sanitizePhoneInput('138-0013', '') // '1380013'
 */
export function sanitizePhoneInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '');
  return digits.length > PHONE_INPUT_MAX_LENGTH ? previous : digits;
}

export interface PhoneRules {
  /** Site config's phone min length (default 6). */
  minLength?: number;
  /** Site config's phone max length (default 13). */
  maxLength?: number;
  /** Pre-info disablePhones: 3-digit prefix to the reason shown (spec section 3). */
  disabledPrefixes?: Readonly<Record<string, string>>;
  /** Prefixes this platform does not serve: 'this platform does not support'. */
  restrictedPrefixes?: readonly string[];
}

/**
 * Spec section 5, phone number: not empty, digits only, length within the configured
 * bounds, first 3 digits not disabled (the mapped reason comes back as `reason`), no
 * restricted prefix.
 *
 * @example validatePhone('13800138000', { minLength: 11, maxLength: 11 }) // { ok: true, value: '13800138000' }
 */
export function validatePhone(phone: string, rules: PhoneRules = {}): Result<string> {
  const { minLength = PHONE_MIN_LENGTH_DEFAULT, maxLength = PHONE_MAX_LENGTH_DEFAULT } = rules;
  if (phone === '') return fail('phoneEmpty');
  if (!/^\d+$/.test(phone) || phone.length < minLength || phone.length > maxLength) return fail('phoneInvalid');
  const reason = rules.disabledPrefixes?.[phone.slice(0, PHONE_PREFIX_LENGTH)];
  if (reason !== undefined) return fail('phoneDisabledPrefix', reason);
  if (rules.restrictedPrefixes?.some((prefix) => prefix !== '' && phone.startsWith(prefix))) return fail('platformNotSupported');
  return ok(phone);
}

/** '+86', '86' and '0086' all name China. */
function isChina(areaCode: string): boolean {
  return areaCode.trim().replace(/^\+/, '').replace(/^00/, '') === CHINA_AREA_CODE;
}

/**
 * The longest verification code for an area code: 6 for +86, else 10 (spec section 5).
 *
 * @example codeMaxLength('+86') // 6
 */
export function codeMaxLength(areaCode: string): number {
  return isChina(areaCode) ? CODE_MAX_LENGTH_CN : CODE_MAX_LENGTH_OTHER;
}

/**
 * The code field's input filter: digits only, cut to the area's maximum.
 *
 * @example sanitizeCodeInput('12a34567', '+86') // '123456'
 */
export function sanitizeCodeInput(input: string, areaCode: string): string {
  return input.replace(/\D/g, '').slice(0, codeMaxLength(areaCode));
}

/**
 * A verification code: present, digits only, at most 6 digits for +86 or 10 elsewhere.
 *
 * @example validateCode('1234567', '+1') // { ok: true, value: '1234567' }
 */
export function validateCode(code: string, areaCode: string): Result<string> {
  if (code === '') return fail('codeEmpty');
  if (!/^\d+$/.test(code) || code.length > codeMaxLength(areaCode)) return fail('codeInvalid');
  return ok(code);
}
