import { CODE } from '@lobby/sdk';

/** Where a member completes each identity step. */
export const IDENTITY_ROUTE = { userInfo: '/app/myCenter/userInfo', banks: '/app/myCenter/banks' } as const;

/** The step an identity-authentication refusal (spec section 8) asks for, and where to do it. */
export interface IdentityStep {
  missing: 'phone' | 'realNameOrPhone' | 'realNameOrBankCard' | 'realNamePhoneOrBankCard' | 'identity' | 'mismatch' | 'unsupported' | 'boundPayout';
  route: string | null;
}

const userInfo = IDENTITY_ROUTE.userInfo;
const banks = IDENTITY_ROUTE.banks;

const STEPS = new Map<number, IdentityStep>([
  [CODE.identityRequired244358, { missing: 'identity', route: userInfo }],
  [CODE.identityRequired244359, { missing: 'identity', route: userInfo }],
  [CODE.identityRequired244360, { missing: 'identity', route: userInfo }],
  [CODE.identityNoPhone, { missing: 'phone', route: userInfo }],
  [CODE.phoneNotBound, { missing: 'phone', route: userInfo }],
  [CODE.authenticationFailure, { missing: 'identity', route: userInfo }],
  [CODE.identityNoRealNameOrPhone, { missing: 'realNameOrPhone', route: userInfo }],
  [CODE.identityNoRealNameOrPhoneAgain, { missing: 'realNameOrPhone', route: userInfo }],
  [CODE.identityNoRealNameOrBankCard, { missing: 'realNameOrBankCard', route: banks }],
  [CODE.identityNoRealNamePhoneOrBankCard, { missing: 'realNamePhoneOrBankCard', route: banks }],
  [CODE.identityMismatch244384, { missing: 'mismatch', route: userInfo }],
  [CODE.identityMismatch244385, { missing: 'mismatch', route: banks }],
  [CODE.identityMismatch244386, { missing: 'mismatch', route: banks }],
  [CODE.identityIdCardMismatch, { missing: 'mismatch', route: userInfo }],
  [CODE.identityIdCardMismatchAgain, { missing: 'mismatch', route: userInfo }],
  [CODE.identityUnsupported, { missing: 'unsupported', route: null }],
]);

/**
 * The missing identity step of a refusal code and the page that completes it: phone and
 * real name on the user-info page, a bank card on the banks page (a code naming the bank
 * card leads there, since the real name is entered with the card). Undefined for a code
 * that is not an identity refusal.
 *
 * @example identityStep(244382) // { missing: 'realNameOrBankCard', route: '/app/myCenter/banks' }
 */
export function identityStep(code: number): IdentityStep | undefined {
  return STEPS.get(code);
}

/**
 * The step a withdrawal refusal asks for: an identity step, or for 244099 `guide` (the brand
 * pays only to bound cards and addresses) binding the card or address on the banks page.
 *
 * @example withdrawalStep(244099) // { missing: 'boundPayout', route: '/app/myCenter/banks' }
 */
export function withdrawalStep(code: number): IdentityStep | undefined {
  return code === CODE.guide ? { missing: 'boundPayout', route: banks } : identityStep(code);
}
