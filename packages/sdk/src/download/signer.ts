import { base64Of, parsePrivateKeyPem, pkcs8Der } from './pem.js';

/** Signs canonical strings with RSA-SHA1 (PKCS#1 v1.5); answers base64. */
export interface PayloadSigner {
  /** `webcrypto` in secure contexts, `forge` elsewhere. */
  readonly kind: 'webcrypto' | 'forge';
  sign(text: string): Promise<string>;
}

/** Builds a signer from a PEM private key. */
export type SignerFactory = (privateKeyPem: string) => Promise<PayloadSigner>;

/**
 * The WebCrypto signer (secure contexts: https, localhost, 127.0.0.1). Accepts a PKCS#8
 * or PKCS#1 PEM key.
 *
 * @example const signer = await createWebCryptoSigner(pem); await signer.sign('a=1') // 'base64...'
 */
export async function createWebCryptoSigner(privateKeyPem: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<PayloadSigner> {
  const der = pkcs8Der(parsePrivateKeyPem(privateKeyPem));
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' };
  const key = await subtle.importKey('pkcs8', der as BufferSource, algorithm, false, ['sign']);
  return {
    kind: 'webcrypto',
    async sign(text) {
      const signature = await subtle.sign(algorithm.name, key, new TextEncoder().encode(text));
      return base64Of(new Uint8Array(signature));
    },
  };
}
