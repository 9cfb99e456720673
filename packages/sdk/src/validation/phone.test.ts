import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeMaxLength, sanitizeCodeInput, sanitizePhoneInput, validateCode, validatePhone } from '@lobby/sdk';

describe('phone number (spec section 5)', () => {
  const rules = { minLength: 11, maxLength: 11, disabledPrefixes: { '170': '虚拟号段暂不支持' }, restrictedPrefixes: ['165'] };

  it('accepts a valid number', () => {
    expect(validatePhone('13800138000', rules)).toEqual({ ok: true, value: '13800138000' });
  });

  it('refuses an empty number with "mobile number cannot be empty"', () => {
    expect(validatePhone('', rules)).toEqual({ ok: false, error: 'phoneEmpty' });
  });

  it('refuses a wrong length or non-digits with "please enter a valid mobile number"', () => {
    expect(validatePhone('1380013800', rules)).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(validatePhone('138001380001', rules)).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(validatePhone('1380013800a', rules)).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(validatePhone('138 0013 800', rules)).toEqual({ ok: false, error: 'phoneInvalid' });
  });

  it('applies the default bounds 6 to 13 when the site gives none', () => {
    expect(validatePhone('12345').ok).toBe(false);
    expect(validatePhone('123456').ok).toBe(true);
    expect(validatePhone('1234567890123').ok).toBe(true);
    expect(validatePhone('12345678901234').ok).toBe(false);
  });

  it('shows the mapped reason for a disabled 3-digit prefix', () => {
    expect(validatePhone('17012345678', rules)).toEqual({ ok: false, error: 'phoneDisabledPrefix', reason: '虚拟号段暂不支持' });
  });

  it('refuses a restricted prefix with "this platform does not support"', () => {
    expect(validatePhone('16512345678', rules)).toEqual({ ok: false, error: 'platformNotSupported' });
  });

  it('input filter keeps digits only and ignores input over 13 digits', () => {
    expect(sanitizePhoneInput('138-0013 8000')).toBe('13800138000');
    expect(sanitizePhoneInput('1234567890123')).toBe('1234567890123');
    expect(sanitizePhoneInput('12345678901234', '1234567890123')).toBe('1234567890123');
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 13 }), (input, previous) => {
        const next = sanitizePhoneInput(input, previous);
        expect(next).toMatch(/^\d{0,13}$/);
      }),
    );
  });
});

describe('verification code (spec section 5)', () => {
  it('is at most 6 digits for +86, otherwise 10', () => {
    expect(codeMaxLength('+86')).toBe(6);
    expect(codeMaxLength('86')).toBe(6);
    expect(codeMaxLength('0086')).toBe(6);
    expect(codeMaxLength('+852')).toBe(10);
    expect(codeMaxLength('+1')).toBe(10);
  });

  it('validates digits and length', () => {
    expect(validateCode('123456', '+86')).toEqual({ ok: true, value: '123456' });
    expect(validateCode('1234567', '+86')).toEqual({ ok: false, error: 'codeInvalid' });
    expect(validateCode('1234567890', '+63')).toEqual({ ok: true, value: '1234567890' });
    expect(validateCode('12345678901', '+63').ok).toBe(false);
    expect(validateCode('12a4', '+63').ok).toBe(false);
    expect(validateCode('', '+86')).toEqual({ ok: false, error: 'codeEmpty' });
  });

  it('input filter keeps digits and cuts to the maximum', () => {
    expect(sanitizeCodeInput('12a34567', '+86')).toBe('123456');
    expect(sanitizeCodeInput('1 2 3 4 5 6 7 8 9 0 1', '+1')).toBe('1234567890');
  });
});
