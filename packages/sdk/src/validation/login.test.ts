import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loginPassword, loginPayload, webLogin } from '@lobby/sdk';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('login password rule (spec section 5)', () => {
  it('hashes a password that is not 32 characters long', () => {
    expect(loginPassword('demo1234')).toBe(md5('demo1234'));
    expect(loginPassword('')).toBe(md5(''));
    expect(loginPassword('a'.repeat(33))).toBe(md5('a'.repeat(33)));
  });

  it('sends a 32-character hash as it is, lower-cased', () => {
    const hash = md5('secret');
    expect(loginPassword(hash)).toBe(hash);
    expect(loginPassword(hash.toUpperCase())).toBe(hash);
  });

  it('hashes a 32-character password that is not hex (the contract takes hex only)', () => {
    const password = 'z'.repeat(32);
    expect(loginPassword(password)).toBe(md5(password));
  });

  it('lower-cases the name and builds the body the contract expects', () => {
    const payload = loginPayload(' Demo ', 'demo1234');
    expect(payload).toEqual({ name: 'demo', password: md5('demo1234'), flag: 1, version: 1 });
    expect(payload.password).toMatch(new RegExp(String((webLogin.request as { properties: { password: { pattern: string } } }).properties.password.pattern)));
  });
});
