/** Login passwords on this site: 6 to 20 characters (the register and forgotten-password forms ask for at least 6). */
export const LOGIN_PASSWORD_LENGTH = { min: 6, max: 20 } as const;
/** Withdrawal passwords: 6 digits (our choice; the spec does not show the rule). */
export const WITHDRAW_PASSWORD_PATTERN = /^\d{6}$/;

/** The steps of the login-password change (spec section 4: "Change-password flow has steps and a modal finish flag"). */
export const LOGIN_PASSWORD_STEPS = ['verifyOld', 'setNew', 'done'] as const;
export type LoginPasswordStep = (typeof LOGIN_PASSWORD_STEPS)[number];

export type PasswordProblem = '' | 'oldEmpty' | 'newLength' | 'confirmDiffers' | 'sameAsOld' | 'withdrawDigits';

/** Step 1: the old password is present. */
export function oldPasswordProblem(oldPassword: string): PasswordProblem {
  return oldPassword === '' ? 'oldEmpty' : '';
}

/**
 * Step 2: the new login password has 6 to 20 characters, differs from the old one and
 * equals its confirmation.
 *
 * @example newPasswordProblem('old123', 'new456', 'new456') // ''
 */
export function newPasswordProblem(oldPassword: string, password: string, confirm: string): PasswordProblem {
  if (password.length < LOGIN_PASSWORD_LENGTH.min || password.length > LOGIN_PASSWORD_LENGTH.max) return 'newLength';
  if (password === oldPassword) return 'sameAsOld';
  if (password !== confirm) return 'confirmDiffers';
  return '';
}

/** A withdrawal password is 6 digits and equals its confirmation. */
export function withdrawPasswordProblem(password: string, confirm: string): PasswordProblem {
  if (!WITHDRAW_PASSWORD_PATTERN.test(password)) return 'withdrawDigits';
  if (password !== confirm) return 'confirmDiffers';
  return '';
}
