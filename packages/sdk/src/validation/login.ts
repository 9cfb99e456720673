import { md5Hex } from '../contract/index.js';

/** Spec section 5: a password of this length is taken as already hashed. */
export const PASSWORD_HASH_LENGTH = 32;

/**
 * The password as sent (spec section 5): a password that is not 32 characters long is
 * MD5-hashed first. A 32-character value that is not hex is hashed as well, because the
 * contract accepts only a 32-character hex hash; an upper-case hash is lower-cased.
 *
 * @example loginPassword('demo1234') // md5Hex('demo1234')
 */
export function loginPassword(password: string): string {
  if (password.length === PASSWORD_HASH_LENGTH && /^[0-9a-fA-F]+$/.test(password)) return password.toLowerCase();
  return md5Hex(password);
}

/** The login request body: name, hashed password, flag 1, version 1 (spec section 7). */
export interface LoginPayload {
  name: string;
  password: string;
  flag: 1;
  version: 1;
}

/**
 * The body of a login call. The name is trimmed and lower-cased, as the legacy password
 * hash was computed for the lower-case name (spec section 5).
 *
 * @example await client.call(webLogin, loginPayload('Demo', 'demo1234'))
 */
export function loginPayload(name: string, password: string): LoginPayload {
  return { name: name.trim().toLowerCase(), password: loginPassword(password), flag: 1, version: 1 };
}
