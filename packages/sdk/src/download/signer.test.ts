import { createPrivateKey, createPublicKey, createSign, generateKeyPairSync, verify } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrivateKeyFormatError, canonicalString, createWebCryptoSigner, parsePrivateKeyPem } from '@lobby/sdk';
import { createForgeSigner } from './forge-signer.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicKey = createPublicKey(createPrivateKey(pkcs8));

describe('RSA-SHA1 signers', () => {
  it('WebCrypto and node-forge, with PKCS#8 and PKCS#1 keys, sign exactly as Node createSign does', async () => {
    const signers = await Promise.all([createWebCryptoSigner(pkcs8), createWebCryptoSigner(pkcs1), createForgeSigner(pkcs8), createForgeSigner(pkcs1)]);
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: 'grapheme' }), fc.oneof(fc.string({ unit: 'grapheme' }), fc.double(), fc.boolean(), fc.jsonValue())), async (payload) => {
        const text = canonicalString(payload);
        const expected = createSign('RSA-SHA1').update(text, 'utf8').sign(pkcs8, 'base64');
        for (const signer of signers) expect(await signer.sign(text)).toBe(expected);
        expect(verify('RSA-SHA1', Buffer.from(text, 'utf8'), publicKey, Buffer.from(expected, 'base64'))).toBe(true);
      }),
      { numRuns: 12 },
    );
    expect(signers.map((signer) => signer.kind)).toEqual(['webcrypto', 'webcrypto', 'forge', 'forge']);
    // node-forge takes tens of milliseconds a signature (hundreds on a loaded machine); the
    // 1,000-payload parity run is in Chromium (tests/download.e2e.test.ts).
  }, 180_000);

  it('refuses a key that is not an RSA private key in PEM', async () => {
    expect(() => parsePrivateKeyPem('not a key')).toThrow(PrivateKeyFormatError);
    await expect(createWebCryptoSigner(publicKey.export({ type: 'spki', format: 'pem' }).toString())).rejects.toThrow(PrivateKeyFormatError);
  });
});
