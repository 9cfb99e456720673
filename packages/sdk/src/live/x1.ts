/**
 * The encrypted field `x1` of video host answers: base64 of a 12-byte IV followed by the
 * AES-256-GCM ciphertext and its 16-byte tag, of the UTF-8 JSON of the real data. WebCrypto
 * does both ends (browsers in secure contexts and Node 20 alike); the key is the
 * client configuration's base64 32-byte key.
 */

const IV_BYTES = 12;

/** The field could not be decrypted or parsed (wrong key, damaged or forged text). */
export class X1DecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'X1DecryptError';
  }
}

function subtle(): SubtleCrypto {
  const api = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!api) throw new X1DecryptError('WebCrypto is not available (not a secure context)');
  return api;
}

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key of a base64 32-byte key text, imported once. */
function keyOf(keyBase64: string): Promise<CryptoKey> {
  let key = keys.get(keyBase64);
  if (!key) {
    const raw = bytesOfBase64(keyBase64);
    if (raw.length !== 32) throw new X1DecryptError('the x1 key must be 32 bytes (base64)');
    key = subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(keyBase64, key);
  }
  return key;
}

/**
 * Encrypts a value as `x1` (the host's side; the sandbox host uses it).
 *
 * @example await encryptX1({ roomId: 'r1' }, VIDEO_HOST_DEMO_X1_KEY) // 'q2...=' (random IV)
 */
export async function encryptX1(value: unknown, keyBase64: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, await keyOf(keyBase64), plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return base64OfBytes(out);
}

/**
 * Decrypts `x1` and parses its JSON; a wrong key, a changed byte or text that is not
 * JSON throws X1DecryptError.
 *
 * @example await decryptX1(await encryptX1({ a: 1 }, key), key) // { a: 1 }
 */
export async function decryptX1<T = unknown>(x1: string, keyBase64: string): Promise<T> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = bytesOfBase64(x1);
  } catch {
    throw new X1DecryptError('x1 is not base64');
  }
  if (bytes.length <= IV_BYTES + 16) throw new X1DecryptError('x1 is too short');
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) }, await keyOf(keyBase64), bytes.subarray(IV_BYTES));
  } catch {
    throw new X1DecryptError('x1 does not decrypt with this key');
  }
  try {
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    throw new X1DecryptError('x1 does not hold JSON');
  }
}
