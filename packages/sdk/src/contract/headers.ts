import { md5Hex } from './md5.js';

/** Header names and fixed values of the wire contract (spec section 7, "Headers"). */
export const HEADER = {
  clientType: 'x-client-type',
  originalClientType: 'x-original-client-type',
  version: 'x-version',
  siteId: 'x-site-id',
  deviceId: 'x-device-id',
  token: 'x-token',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  sign: 'x-sign',
  idempotencyKey: 'x-idempotency-key',
} as const;

export const CLIENT_TYPE = 'web_s1';
export const ORIGINAL_CLIENT_TYPE = 'web';
export const CLIENT_VERSION = 'v1.0.1';
/** Spec section 9: site id 4. */
export const DEFAULT_SITE_ID = 4;
/** The demo sign key; real deployments set LOBBY_SIGN_KEY. It is public client configuration. */
export const DEMO_SIGN_KEY = 'lobby-demo-sign-key';
/** A request whose timestamp is further than this from the server's clock is refused. */
export const SIGN_WINDOW_MS = 300_000;

export interface SignInput {
  method: string;
  /** The path with its query string, exactly as sent. */
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  deviceId: string;
  /** The exact request body text; empty for GET, DELETE and uploads. */
  body: string;
  signKey: string;
}

/** The text that is hashed: the lines joined by `\n`. */
export function signingText(input: SignInput): string {
  return [
    input.method.toUpperCase(),
    input.pathWithQuery,
    input.timestamp,
    input.nonce,
    input.deviceId,
    input.body,
    input.signKey,
  ].join('\n');
}

/**
 * The `x-sign` header: lower-case hex MD5 of the signing text.
 *
 * @example requestSign({ method: 'GET', pathWithQuery: '/healthz', timestamp: '1', nonce: 'n', deviceId: 'd', body: '', signKey: 'k' })
 */
export function requestSign(input: SignInput): string {
  return md5Hex(signingText(input));
}

/** What one signed request's headers need: the signing input and the brand. */
export interface SignedHeadersInput extends SignInput {
  siteId: number | string;
}

/**
 * The wire contract's headers of one signed request (spec section 7, "Headers"): client
 * type, original client type, version, site, device, timestamp, nonce and x-sign. The
 * caller adds the token, idempotency key and content type where they apply.
 *
 * @example fetch(url, { method: 'POST', body, headers: { ...signedHeaders({ method: 'POST', pathWithQuery: path, timestamp, nonce, deviceId, body, signKey, siteId: 4 }), 'content-type': 'application/json' } })
 */
export function signedHeaders(input: SignedHeadersInput): Record<string, string> {
  return {
    [HEADER.clientType]: CLIENT_TYPE,
    [HEADER.originalClientType]: ORIGINAL_CLIENT_TYPE,
    [HEADER.version]: CLIENT_VERSION,
    [HEADER.siteId]: String(input.siteId),
    [HEADER.deviceId]: input.deviceId,
    [HEADER.timestamp]: input.timestamp,
    [HEADER.nonce]: input.nonce,
    [HEADER.sign]: requestSign(input),
  };
}

