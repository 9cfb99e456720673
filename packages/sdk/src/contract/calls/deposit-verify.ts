import { defineCall } from '../call.js';
import { s } from '../schema.js';

/** Spec section 7, "Finance": the mobile binding verification config's key. */
export const DEPOSIT_VERIFY_MOBILE_KEY = { keyType: 2, keyCode: 'deposit_verify_mobile_phone' } as const;

/**
 * Mobile binding verification before deposit (spec section 7, "Finance": keyType 2,
 * keyCode deposit_verify_mobile_phone), per brand: with status 1 a member without a
 * bound phone binds one (on /app/myCenter/userInfo) before depositing. Answers, for the
 * member asking, whether its phone is bound.
 */
export const depositVerifyMobileConfig = defineCall({
  name: 'depositVerifyMobileConfig',
  group: 'deposit',
  path: '/finance/v1/deposit/verify_mobile_config',
  style: 'json',
  auth: 'member',
  summary: 'Mobile binding verification before deposit (keyCode deposit_verify_mobile_phone): on or off, and whether the member has a bound phone',
  request: s.empty(),
  response: s.object({
    keyType: s.integer({ minimum: 2, maximum: 2 }),
    keyCode: s.enum(['deposit_verify_mobile_phone'] as const),
    status: s.integer({ minimum: 0, maximum: 1, description: '1: a phone must be bound before depositing; 0: not asked' }),
    phoneBound: s.boolean({ description: 'The member has a bound phone' }),
  }),
});
