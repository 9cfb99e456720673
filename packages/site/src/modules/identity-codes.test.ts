import { describe, expect, it } from 'vitest';
import { identityStep, withdrawalStep } from './identity-codes.js';

/** Every identity-authentication code of spec section 8, as the spec lists them. */
const IDENTITY_CODES = [244358, 244359, 244360, 245101, 244381, 244389, 244382, 244383, 244384, 244385, 244386, 244394, 244395, 244387];

describe('identity-authentication codes', () => {
  it('lead every code of spec section 8 to the page of its missing step', () => {
    for (const code of IDENTITY_CODES) expect(identityStep(code), String(code)).toBeDefined();
    expect(identityStep(245101)).toEqual({ missing: 'phone', route: '/app/myCenter/userInfo' });
    expect(identityStep(244381)?.route).toBe('/app/myCenter/userInfo');
    expect(identityStep(244389)?.route).toBe('/app/myCenter/userInfo');
    expect(identityStep(244382)?.route).toBe('/app/myCenter/banks');
    expect(identityStep(244383)?.route).toBe('/app/myCenter/banks');
    expect(identityStep(244387)).toEqual({ missing: 'unsupported', route: null });
  });
  it('answers undefined for a code that is not about identity', () => {
    expect(identityStep(244303)).toBeUndefined();
    expect(identityStep(0)).toBeUndefined();
  });
  it('on a withdrawal, leads 244099 guide to the banks page to bind the card or address, and identity codes as everywhere', () => {
    expect(withdrawalStep(244099)).toEqual({ missing: 'boundPayout', route: '/app/myCenter/banks' });
    expect(withdrawalStep(245101)).toEqual(identityStep(245101));
    expect(identityStep(244099)).toBeUndefined(); // the deposit page shows its tutorial for it
  });
});
