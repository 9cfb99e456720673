import { createHash } from 'node:crypto';

/** Keys are 1 to 255 visible ASCII characters (a uuid is typical). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** @example isValidIdempotencyKey('4f7c2a9e-…') // true */
export function isValidIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/**
 * The fingerprint of a request, compared when a key is replayed: the call's name and its
 * body as canonical JSON (keys sorted), so spacing and key order do not matter.
 *
 * @example requestHash('buyCoin', { money: 18 }) // 'a3f…' (sha256 hex)
 */
export function requestHash(callName: string, body: unknown): string {
  return createHash('sha256').update(`${callName}\n${canonicalJson(body)}`).digest('hex');
}

/** JSON with object keys sorted at every depth; `undefined` members are dropped. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
