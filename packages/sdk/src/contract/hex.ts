/**
 * Lower-case hex of some bytes: seed hashes, nonces, ids.
 *
 * @example toHex(new Uint8Array([0, 171, 255])) // '00abff'
 */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
