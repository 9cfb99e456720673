import { ApiError, CODE, PHONE_INPUT_MAX_LENGTH, acceptsCodeClick, t, validatePhone, type CodeButtonState, type PhoneRules } from '@lobby/sdk';

/** Area codes the bind-phone modal offers; +86 carries the brand's prefix rules (spec section 5). */
export const AREA_CODES = ['+86', '+852', '+853', '+886', '+1', '+44', '+60', '+63', '+65', '+66', '+81', '+82', '+84', '+855'] as const;

/** The brand's phone rules from pre-info v3, for mainland numbers; other area codes only need digits of a plausible length. */
export function phoneRulesFor(areaCode: string, preInfo: { disablePhones: Record<string, string>; restrictedPrefixes: string[]; phoneMinLength: number; phoneMaxLength: number } | null): PhoneRules {
  if (areaCode !== '+86' || preInfo === null) return { minLength: 5, maxLength: PHONE_INPUT_MAX_LENGTH };
  return { minLength: preInfo.phoneMinLength, maxLength: preInfo.phoneMaxLength, disabledPrefixes: preInfo.disablePhones, restrictedPrefixes: preInfo.restrictedPrefixes };
}

/**
 * The message section 5 gives for a phone number, or '' when it passes: 'mobile number
 * cannot be empty', 'please enter a valid mobile number', a disabled prefix's own reason,
 * 'this platform does not support'.
 *
 * @example phoneProblem('', rules, 'en') // 'mobile number cannot be empty'
 */
export function phoneProblem(phone: string, rules: PhoneRules, language?: string): string {
  const result = validatePhone(phone, rules);
  if (result.ok) return '';
  if (result.error === 'phoneDisabledPrefix' && result.reason) return result.reason;
  return t(result.error, undefined, language);
}

/** What a click on the get-code button does. */
export type CodeClick = 'send' | 'verifyBound' | 'ignore';

/**
 * Spec section 5: with a bound phone (and no verification yet) the button opens the
 * verification modal instead; otherwise a click sends only when the 2 s debounce and the
 * 60 s countdown allow it.
 *
 * @example codeClick({ lastClickAtMs: null, sentAtMs: null }, { phoneLocked: false }, 0) // 'send'
 */
export function codeClick(state: CodeButtonState, phone: { phoneLocked: boolean }, nowMs: number): CodeClick {
  if (phone.phoneLocked) return 'verifyBound';
  return acceptsCodeClick(state, nowMs) ? 'send' : 'ignore';
}

/**
 * The text to show for a failed call: a phone refusal keeps the server's reason (a
 * disabled prefix names its own), others show the catalogue message of the code.
 */
export function failureText(failure: unknown, language?: string): string {
  if (failure instanceof ApiError) return failure.code === CODE.phoneInvalid && failure.serverMessage ? failure.serverMessage : failure.message;
  return t('requestFailed', undefined, language);
}
