import { t } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { PhoneRules } from './brand-directory.js';

/** Spec section 5: the message for a restricted prefix, in the sdk's English text. */
export const RESTRICTED_PREFIX_MESSAGE = t('platformNotSupported', undefined, 'en');

/**
 * Refuses a phone number the brand does not take, with phoneInvalid and the reason the
 * client would show (section 5): length out of range, a disabled prefix (its reason),
 * a restricted prefix. Only mainland numbers (+86) carry prefix rules.
 */
export function checkPhone(rules: PhoneRules, areaCode: string, phone: string): void {
  if (areaCode !== '+86') return;
  if (phone.length < rules.phoneMinLength || phone.length > rules.phoneMaxLength) {
    throw new BusinessError('phoneInvalid', t('phoneInvalid', undefined, 'en'));
  }
  const prefix = phone.slice(0, 3);
  const disabledReason = rules.disablePhones[prefix];
  if (disabledReason) throw new BusinessError('phoneInvalid', disabledReason);
  if (rules.restrictedPrefixes.includes(prefix)) throw new BusinessError('phoneInvalid', RESTRICTED_PREFIX_MESSAGE);
}
