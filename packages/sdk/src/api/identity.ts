import { toHex } from '../contract/hex.js';
import { localStore, STORAGE_KEY } from '../stores/storage.js';

function cryptoApi(): Crypto {
  const api = (globalThis as { crypto?: Crypto }).crypto;
  if (!api || typeof api.getRandomValues !== 'function') throw new Error('lobby sdk needs crypto.getRandomValues');
  return api;
}

/**
 * `bytes` random bytes as lower-case hex, from crypto.getRandomValues.
 *
 * @example randomHex(16) // '9f86d081884c7d659a2feaa0c55ad015'
 */
export function randomHex(bytes: number): string {
  return toHex(cryptoApi().getRandomValues(new Uint8Array(bytes)));
}

/** The `x-nonce` of one request: 16 random bytes as hex. @example newNonce() // 32 hex chars */
export function newNonce(): string {
  return randomHex(16);
}

/**
 * A random v4 uuid. Uses crypto.randomUUID where it exists; browsers offer it only in
 * secure contexts, so a partner page on plain http gets one built from getRandomValues.
 *
 * @example newUuid() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function newUuid(): string {
  const api = cryptoApi();
  if (typeof api.randomUUID === 'function') return api.randomUUID();
  const hex = randomHex(16).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * A key for one user action that moves money, sent as `x-idempotency-key`. Create it when
 * the user acts and reuse it for retries of that same action.
 *
 * @example const key = newIdempotencyKey(); await client.call(deposit, body, { idempotencyKey: key })
 */
export function newIdempotencyKey(): string {
  return newUuid();
}

/**
 * This browser's device uuid (spec section 3, "Client identity"): created once and kept
 * in localStorage under 'lobby.deviceId'; in Node it lives in memory for the process.
 *
 * @example deviceId() // the same value on every call
 */
export function deviceId(): string {
  const storage = localStore();
  const stored = storage.getItem(STORAGE_KEY.deviceId);
  if (stored) return stored;
  const created = newUuid();
  storage.setItem(STORAGE_KEY.deviceId, created);
  return created;
}
