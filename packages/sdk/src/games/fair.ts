/**
 * Provably fair randomness (issue 18): every round's outcome comes from
 * HMAC-SHA256(key = UTF-8 server seed, message = `${clientSeed}:${nonce}`), computed with
 * WebCrypto so browsers and Node 20 give the same bytes. docs/PROVABLY-FAIR.md.
 */

import { toHex } from '../contract/hex.js';

/** The three inputs of a round: the server seed (secret until rotated), the member's client seed, the round's nonce. */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available: open the page over https or localhost');
  return crypto.subtle;
}

/** The HMAC message of block `cursor`: `${clientSeed}:${nonce}`, then `${clientSeed}:${nonce}:${cursor}` for more bytes. */
export function fairMessage(seeds: Seeds, cursor = 0): string {
  return cursor > 0 ? `${seeds.clientSeed}:${seeds.nonce}:${cursor}` : `${seeds.clientSeed}:${seeds.nonce}`;
}

/**
 * Block `cursor` (32 bytes) of a round's random bytes.
 * @example const bytes = await fairBytes({ serverSeed, clientSeed: 'lucky', nonce: 1 });
 */
export async function fairBytes(seeds: Seeds, cursor = 0): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', encoder.encode(seeds.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await subtle().sign('HMAC', key, encoder.encode(fairMessage(seeds, cursor)));
  return new Uint8Array(signature);
}

/**
 * SHA-256 of the server seed (UTF-8) in hex, shown to the member before any round is played.
 * @example await serverSeedHash('9f…') // '3b…'
 */
export async function serverSeedHash(serverSeed: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(serverSeed))));
}

/**
 * A fresh server seed: 32 random bytes in hex (64 characters).
 * @example const seed = newServerSeed();
 */
export function newServerSeed(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
