import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_SITE_ID,
  HEADER,
  signedHeaders,
  type AnyCall,
  type CallRequest,
  type CallResponse,
  type Envelope,
  type HttpMethod,
} from '@lobby/sdk';

/** One signed request for `app.inject()`; every field but the target has a working default. */
export interface SignedInjectOptions {
  /** The contract call; gives method, path and request style. */
  call?: AnyCall;
  /** Without a call: the method (POST by default) and path (with query). */
  method?: HttpMethod;
  path?: string;
  /** JSON, form or query input: an object is encoded by the call's style; a string is sent as is. */
  body?: unknown;
  token?: string;
  siteId?: number;
  deviceId?: string;
  /** Milliseconds since the epoch; now by default. */
  timestamp?: number;
  nonce?: string;
  /** The key to sign with; the app's own key by default. */
  signKey?: string;
  /** Content-type to send instead of the style's own. */
  contentType?: string;
  /** Header overrides after signing; `undefined` removes a header (e.g. `{ 'x-sign': undefined }`). */
  headers?: Record<string, string | undefined>;
  /** Client IP, for rate-limit tests. */
  remoteAddress?: string;
}

const DEVICE_ID = 'test-device-0001';

/**
 * Injects a correctly signed request (headers per the wire contract), so tests break the
 * one thing they mean to break.
 *
 * @example const response = await signedInject(app, { call: webLogin, body: { name: 'demo', password: md5Hex('demo1234') } });
 */
export async function signedInject(app: FastifyInstance, options: SignedInjectOptions): Promise<LightMyRequestResponse> {
  const style = options.call?.style ?? (options.method === 'GET' ? 'query' : options.method === 'DELETE' ? 'delete' : 'json');
  const method = options.call?.method ?? options.method ?? 'POST';
  let path = options.call?.path ?? options.path ?? '/';
  let payload: string | undefined;
  let contentType: string | undefined = options.contentType;
  if (style === 'query' || style === 'delete') {
    const query = typeof options.body === 'string' ? options.body : new URLSearchParams((options.body ?? {}) as Record<string, string>).toString();
    if (query !== '') path += `?${query}`;
  } else if (style === 'form') {
    payload = typeof options.body === 'string' ? options.body : new URLSearchParams((options.body ?? {}) as Record<string, string>).toString();
    contentType ??= 'application/x-www-form-urlencoded';
  } else if (style === 'json') {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body ?? {});
    contentType ??= 'application/json';
  }
  const timestamp = String(options.timestamp ?? Date.now());
  const nonce = options.nonce ?? randomBytes(12).toString('hex');
  const deviceId = options.deviceId ?? DEVICE_ID;
  const headers: Record<string, string | undefined> = {
    ...signedHeaders({
      method,
      pathWithQuery: path,
      timestamp,
      nonce,
      deviceId,
      body: style === 'json' || style === 'form' ? (payload ?? '') : '',
      signKey: options.signKey ?? app.lobby.config.signKey,
      siteId: options.siteId ?? DEFAULT_SITE_ID,
    }),
    ...(options.token ? { [HEADER.token]: options.token } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
    ...options.headers,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return app.inject({ method, url: path, headers: sent, ...(payload !== undefined ? { payload } : {}), remoteAddress: options.remoteAddress ?? '127.0.0.1' });
}

/** A call's answer: HTTP status and parsed envelope. */
export interface CallAnswer<Res> {
  status: number;
  body: Envelope<Res>;
}

/**
 * Calls a contract call and parses the envelope.
 *
 * @example const { body } = await callApi(app, userInfo, {}, { token }); body.data.name // 'demo'
 */
export async function callApi<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  request: CallRequest<C>,
  options: Omit<SignedInjectOptions, 'call' | 'body'> = {},
): Promise<CallAnswer<CallResponse<C>>> {
  const response = await signedInject(app, { ...options, call, body: request });
  return { status: response.statusCode, body: response.json<Envelope<CallResponse<C>>>() };
}

/** A fresh idempotency key, one per user action. @example callWithKey(app, buyCoin, { money: 1 }, token, newKey()) */
export const newKey = (): string => randomUUID();

/**
 * Calls a money call (`movesMoney`) with an idempotency key: a fresh one unless given.
 *
 * @example const { body } = await callWithKey(app, depositPay, { payTypeId: '1', amount: 100 }, token);
 */
export function callWithKey<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  request: CallRequest<C>,
  token: string,
  key: string = newKey(),
  options: Omit<SignedInjectOptions, 'call' | 'body' | 'token'> = {},
): Promise<CallAnswer<CallResponse<C>>> {
  return callApi(app, call, request, { ...options, token, headers: { ...options.headers, [HEADER.idempotencyKey]: key } });
}
