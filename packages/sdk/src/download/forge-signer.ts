// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the deep node-forge paths have no types of their own; their ambient declarations sit beside this file and must reach the widgets build too
/// <reference path="./node-forge-lib.d.ts" />
// The fallback signer for pages that are not a secure context (no WebCrypto there). It
// is its own chunk (widgets dist/lobby-download-forge.js): node-forge is about 33 KB gzip
// even with deep imports, so secure pages never load it.
import forge from 'node-forge/lib/forge.js';
import 'node-forge/lib/rsa.js';
import 'node-forge/lib/sha1.js';
import { parsePrivateKeyPem } from './pem.js';
import type { PayloadSigner } from './signer.js';

/**
 * The node-forge signer: same input, same signature bytes as WebCrypto. Accepts a PKCS#8
 * or PKCS#1 PEM key.
 *
 * @example const signer = await createForgeSigner(pem); await signer.sign('a=1') // 'base64...'
 */
export async function createForgeSigner(privateKeyPem: string): Promise<PayloadSigner> {
  const { der } = parsePrivateKeyPem(privateKeyPem);
  let binary = '';
  for (const byte of der) binary += String.fromCharCode(byte);
  const key = forge.pki.privateKeyFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(binary))) as forge.pki.rsa.PrivateKey;
  return {
    kind: 'forge',
    async sign(text) {
      const digest = forge.md.sha1.create();
      digest.update(text, 'utf8');
      return forge.util.encode64(key.sign(digest));
    },
  };
}
