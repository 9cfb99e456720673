import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HEADER, SIGN_WINDOW_MS, signingText, type AnyCall } from '@lobby/sdk';
import { BusinessError } from './errors.js';
import { nonceStoreOf } from './nonce-store.js';
import type { PipelineServices } from './pipeline.js';

/** Who sent a correctly signed request. */
export interface Caller {
  siteId: number;
  deviceId: string;
}

/** Headers every contract call carries besides x-sign (spec section 7, "Headers"). */
const REQUIRED_HEADERS = [HEADER.clientType, HEADER.siteId, HEADER.deviceId, HEADER.timestamp, HEADER.nonce] as const;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** One header's value; a repeated header counts as missing. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  return valueOf(request.headers[name]);
}

function valueOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Checks the wire contract's signature headers, in order: x-sign present (signMissing),
 * the other headers present (headersMissing), the sign matches (signInvalid), the
 * timestamp within 300 s of the server clock (timestampOutOfWindow), the nonce well
 * formed, the site known, and the nonce unused (nonceReused) unless the call is a pure
 * read (`readOnly`: docs/DECISIONS.md, "Pure reads claim no nonce"). The sign covers the
 * path with query exactly as received and the exact body text (empty for GET, DELETE and
 * uploads).
 */
export async function verifyCaller(request: FastifyRequest, call: AnyCall, rawBody: string, services: PipelineServices): Promise<Caller> {
  const headers = request.headers;
  const sign = valueOf(headers[HEADER.sign]);
  if (!sign) throw new BusinessError('signMissing', 'x-sign header is missing');
  if (REQUIRED_HEADERS.some((name) => !valueOf(headers[name]))) {
    const missing = REQUIRED_HEADERS.filter((name) => !valueOf(headers[name]));
    throw new BusinessError('headersMissing', `missing headers: ${missing.join(', ')}`);
  }
  const siteText = headers[HEADER.siteId] as string;
  const deviceId = headers[HEADER.deviceId] as string;
  const timestamp = headers[HEADER.timestamp] as string;
  const nonce = headers[HEADER.nonce] as string;

  // The sdk's requestSign, with Node's native MD5 instead of the sdk's browser one (same hex).
  const expected = nativeMd5Hex(signingText({
    method: request.method,
    pathWithQuery: request.url,
    timestamp,
    nonce,
    deviceId,
    body: call.style === 'json' || call.style === 'form' ? rawBody : '',
    signKey: services.config.signKey,
  }));
  if (!sameText(expected, sign.toLowerCase())) throw new BusinessError('signInvalid', 'x-sign does not match the request');

  const nowMs = services.providers.clock.now();
  const sentMs = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(nowMs - sentMs) <= SIGN_WINDOW_MS)) {
    throw new BusinessError('timestampOutOfWindow', 'x-timestamp is more than 300 s from the server clock');
  }
  if (!NONCE_PATTERN.test(nonce)) throw new BusinessError('invalidField', 'x-nonce: must be 8 to 64 letters, digits, - or _');
  if (!DEVICE_ID_PATTERN.test(deviceId)) throw new BusinessError('invalidField', 'x-device-id: must be 1 to 128 letters, digits or -_.:');
  const siteId = /^\d{1,9}$/.test(siteText) ? Number(siteText) : Number.NaN;
  if (!(services.brands.knows(siteId) ?? (await services.brands.has(siteId)))) throw new BusinessError('invalidField', `x-site-id: unknown site ${siteText}`);
  // A claimed nonce makes a request at-most-once. A read (call.readOnly) answered twice
  // changes nothing, so its nonce is not claimed: no nonce write per balance poll.
  if (!call.readOnly && !(await nonceStoreOf(services.db).claim(deviceId, nonce, nowMs))) throw new BusinessError('nonceReused', 'x-nonce was already used');
  return { siteId, deviceId };
}

/** Lower-case hex MD5 of a string's UTF-8 bytes, as the sdk's md5Hex gives it. */
export function nativeMd5Hex(text: string): string {
  return hash('md5', text, 'hex');
}

/**
 * Whether the expected hex signature equals the sent one, in time that does not depend on
 * where they differ (the sent text's length is not secret: a hex MD5 is always 32).
 */
function sameText(expected: string, sent: string): boolean {
  if (expected.length !== sent.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ sent.charCodeAt(i);
  return difference === 0;
}
