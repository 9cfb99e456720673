import type { MemberInfo } from '@lobby/sdk';
import { safeStorage } from '../../modules/safe-storage.js';

/**
 * The after-login flags of spec section 4 ("Login"): the password-strength flag, kept in
 * session storage, and the need-to-bind-phone flag, read from the member info the login
 * answer (or userInfo after a reload) carries.
 */

/** Session storage key of the password-strength flag: '1' weak, '0' strong. */
export const PASSWORD_WEAK_KEY = 'lobby.passwordWeak';
/** Session storage key set when the member put the bind-phone prompt off for this session. */
export const BIND_PHONE_LATER_KEY = 'lobby.bindPhoneLater';
/** Where the bind-phone form lives (the user-info page). */
export const BIND_PHONE_PATH = '/app/myCenter/userInfo';
/** Where the login password is changed. */
export const CHANGE_PASSWORD_PATH = '/app/password';
/** A password shorter than this is weak. */
export const STRONG_PASSWORD_MIN_LENGTH = 8;

type FlagStore = Pick<ReturnType<typeof safeStorage>, 'get' | 'set' | 'remove'>;
const sessionFlags: FlagStore = safeStorage(() => globalThis.sessionStorage);

/**
 * Whether a typed login password is weak: shorter than 8 characters, or made of one kind
 * of character only (only digits, only lower-case letters, only upper-case letters or
 * only symbols). The spec names the flag but not the rule; this is the rule the site uses.
 *
 * @example isWeakPassword('12345678') // true
 */
export function isWeakPassword(plain: string): boolean {
  if (plain.length < STRONG_PASSWORD_MIN_LENGTH) return true;
  const kinds = [/[0-9]/, /[a-z]/, /[A-Z]/, /[^0-9A-Za-z]/].filter((kind) => kind.test(plain)).length;
  return kinds < 2;
}

/** Stores the password-strength flag of the password just used to log in. */
export function rememberPasswordStrength(plain: string, store: FlagStore = sessionFlags): void {
  store.set(PASSWORD_WEAK_KEY, isWeakPassword(plain) ? '1' : '0');
}

/** True when the password of this session's login was weak. */
export function passwordWeak(store: FlagStore = sessionFlags): boolean {
  return store.get(PASSWORD_WEAK_KEY) === '1';
}

/** The member must bind a phone: logged in and no phone on the account. */
export function needsBindPhone(member: Pick<MemberInfo, 'phone'> | null): boolean {
  return member !== null && member.phone.trim() === '';
}

/** Puts a prompt off until the next login. */
export function dismissPrompt(key: typeof PASSWORD_WEAK_KEY | typeof BIND_PHONE_LATER_KEY, store: FlagStore = sessionFlags): void {
  if (key === PASSWORD_WEAK_KEY) store.set(PASSWORD_WEAK_KEY, '0');
  else store.set(BIND_PHONE_LATER_KEY, '1');
}

/** True when the bind-phone prompt was put off in this session. */
export function bindPhoneLater(store: FlagStore = sessionFlags): boolean {
  return store.get(BIND_PHONE_LATER_KEY) === '1';
}

/** Forgets the flags; on logout or when the session ends. */
export function clearSessionFlags(store: FlagStore = sessionFlags): void {
  store.remove(PASSWORD_WEAK_KEY);
  store.remove(BIND_PHONE_LATER_KEY);
}
