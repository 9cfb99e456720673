import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { DOWNLOAD_SIGN_WINDOW_MS, canonicalString, UnsignableValueError } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { claimNonce } from '../http/nonce-store.js';
import type { LobbyServices } from '../services.js';
import { findAppKey, type AppKeyRecord } from './app-key-repository.js';

const publicKeys = new Map<string, KeyObject>();

function publicKeyOf(record: AppKeyRecord): KeyObject {
  let key = publicKeys.get(record.publicKeyPem);
  if (!key) {
    key = createPublicKey(record.publicKeyPem);
    publicKeys.set(record.publicKeyPem, key);
  }
  return key;
}

/**
 * Checks a download SDK payload, in order: `sign` present (downloadSignMissing), the app
 * key known and enabled (downloadAppKeyUnknown), the RSA-SHA1 signature over the
 * canonical string (downloadSignInvalid: tampered or signed with another key), the
 * timestamp within 300 s of the server clock (downloadSignExpired), the nonce unused for
 * this app key (downloadNonceReused). Answers the app key.
 *
 * @example const appKey = await verifyPayload(app.lobby, JSON.parse(body));
 */
export async function verifyPayload(services: LobbyServices, payload: Record<string, unknown>): Promise<AppKeyRecord> {
  const sign = payload.sign;
  if (typeof sign !== 'string' || sign === '') throw new BusinessError('downloadSignMissing', 'the payload has no sign');
  const record = typeof payload.appkey === 'string' ? await findAppKey(services.db, payload.appkey) : undefined;
  if (!record || !record.enabled) throw new BusinessError('downloadAppKeyUnknown', 'appkey is unknown or disabled');
  let text: string;
  try {
    text = canonicalString(payload);
  } catch (error) {
    if (error instanceof UnsignableValueError) throw new BusinessError('invalidField', `payload: ${error.message}`);
    throw error;
  }
  const valid = verify('RSA-SHA1', Buffer.from(text, 'utf8'), publicKeyOf(record), Buffer.from(sign, 'base64'));
  if (!valid) throw new BusinessError('downloadSignInvalid', 'sign does not match the payload');
  const nowMs = services.providers.clock.now();
  if (!(Math.abs(nowMs - Number(payload.timestamp)) <= DOWNLOAD_SIGN_WINDOW_MS)) {
    throw new BusinessError('downloadSignExpired', 'timestamp is more than 300 s from the server clock');
  }
  if (!(await claimNonce(services.db, `download:${record.appKey}`, String(payload.nonce), nowMs))) {
    throw new BusinessError('downloadNonceReused', 'nonce was already used');
  }
  return record;
}
