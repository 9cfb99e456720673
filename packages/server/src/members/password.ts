import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password storage. The client sends the 32-character lower-case MD5 hex of the password
 * (spec section 5); the server keeps a salted scrypt hash of that text, never the MD5
 * itself, as `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later.
 */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_BYTES, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Hashes a client password hash for storage.
 *
 * @example await hashPassword('e10adc3949ba59abbe56e057f20f883e') // 'scrypt$16384$8$1$...'
 */
export async function hashPassword(passwordMd5: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(passwordMd5, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the client password hash matches the stored hash (constant-time compare). */
export async function verifyPassword(passwordMd5: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const key = await derive(passwordMd5, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash no password matches: checked when a name is unknown, so timing tells nothing. */
export const UNMATCHABLE_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(SALT_BYTES).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`;
