/**
 * RSA private keys in PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE
 * KEY`). WebCrypto imports PKCS#8 only, so a PKCS#1 key is wrapped in a PKCS#8 envelope.
 */

/** Thrown for text that is not an unencrypted RSA private key in PEM. */
export class PrivateKeyFormatError extends Error {
  override readonly name = 'PrivateKeyFormatError';
}

/** A private key's DER bytes and the structure they hold. */
export interface PrivateKeyDer {
  format: 'pkcs8' | 'pkcs1';
  der: Uint8Array;
}

const PEM_PATTERN = /-----BEGIN (RSA PRIVATE KEY|PRIVATE KEY)-----([A-Za-z0-9+/=\s]+)-----END \1-----/;

/**
 * Reads a PEM private key.
 *
 * @example parsePrivateKeyPem(pem).format // 'pkcs8'
 */
export function parsePrivateKeyPem(pem: string): PrivateKeyDer {
  const match = PEM_PATTERN.exec(typeof pem === 'string' ? pem : '');
  if (!match) throw new PrivateKeyFormatError('privateKey must be an RSA private key in PEM (PKCS#8 or PKCS#1)');
  const binary = atob(match[2]!.replace(/\s+/g, ''));
  const der = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return { format: match[1] === 'PRIVATE KEY' ? 'pkcs8' : 'pkcs1', der };
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

/** version 0, AlgorithmIdentifier rsaEncryption with NULL parameters. */
const PKCS8_RSA_HEAD = [0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

/**
 * The PKCS#8 DER of a key (a PKCS#1 key wrapped as PrivateKeyInfo).
 *
 * @example await crypto.subtle.importKey('pkcs8', pkcs8Der(parsePrivateKeyPem(pem)), ...)
 */
export function pkcs8Der(key: PrivateKeyDer): Uint8Array {
  if (key.format === 'pkcs8') return key.der;
  const octets = [0x04, ...derLength(key.der.length)];
  const bodyLength = PKCS8_RSA_HEAD.length + octets.length + key.der.length;
  const head = [0x30, ...derLength(bodyLength), ...PKCS8_RSA_HEAD, ...octets];
  const result = new Uint8Array(head.length + key.der.length);
  result.set(head);
  result.set(key.der, head.length);
  return result;
}

/** Bytes to base64. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
