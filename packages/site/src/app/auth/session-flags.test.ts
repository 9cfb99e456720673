import { describe, expect, it } from 'vitest';
import {
  BIND_PHONE_LATER_KEY,
  PASSWORD_WEAK_KEY,
  bindPhoneLater,
  clearSessionFlags,
  dismissPrompt,
  isWeakPassword,
  needsBindPhone,
  passwordWeak,
  rememberPasswordStrength,
} from './session-flags.js';

function memoryStore() {
  const values = new Map<string, string>();
  return { values, get: (key: string) => values.get(key) ?? null, set: (key: string, value: string) => void values.set(key, value), remove: (key: string) => void values.delete(key) };
}

describe('after-login flags (spec section 4, "Login")', () => {
  it('calls a password weak when it is short or of one kind of character', () => {
    expect(isWeakPassword('Ab1!')).toBe(true);
    expect(isWeakPassword('1234567')).toBe(true);
    expect(isWeakPassword('12345678')).toBe(true);
    expect(isWeakPassword('abcdefgh')).toBe(true);
    expect(isWeakPassword('ABCDEFGH')).toBe(true);
    expect(isWeakPassword('!@#$%^&*')).toBe(true);
    expect(isWeakPassword('demo1234')).toBe(false);
    expect(isWeakPassword('abcdEFGH')).toBe(false);
    expect(isWeakPassword('pass word')).toBe(false);
  });

  it('keeps the password-strength flag in session storage until logout', () => {
    const store = memoryStore();
    rememberPasswordStrength('123456', store);
    expect(store.values.get(PASSWORD_WEAK_KEY)).toBe('1');
    expect(passwordWeak(store)).toBe(true);
    rememberPasswordStrength('demo1234', store);
    expect(store.values.get(PASSWORD_WEAK_KEY)).toBe('0');
    expect(passwordWeak(store)).toBe(false);
    rememberPasswordStrength('123456', store);
    dismissPrompt(PASSWORD_WEAK_KEY, store);
    expect(passwordWeak(store)).toBe(false);
    clearSessionFlags(store);
    expect(store.values.size).toBe(0);
  });

  it('asks a member without a phone to bind one, until put off for the session', () => {
    expect(needsBindPhone(null)).toBe(false);
    expect(needsBindPhone({ phone: '' })).toBe(true);
    expect(needsBindPhone({ phone: '13800000000' })).toBe(false);
    const store = memoryStore();
    expect(bindPhoneLater(store)).toBe(false);
    dismissPrompt(BIND_PHONE_LATER_KEY, store);
    expect(bindPhoneLater(store)).toBe(true);
    clearSessionFlags(store);
    expect(bindPhoneLater(store)).toBe(false);
  });
});
