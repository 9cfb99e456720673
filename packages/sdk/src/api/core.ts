import { HEADER, WIRE_CODE, signedHeaders, type AnyCall, type CallRequest, type CallResponse } from '../contract/index.js';
import { ApiError } from './api-error.js';
import type { EncodedRequest } from './encode.js';
import { newNonce } from './identity.js';
import { parseJson, type RawAnswer } from './upload.js';

/**
 * Codes the client makes up when no envelope arrived. They are negative so they never
 * collide with a server code.
 */
export const CLIENT_CODE = {
  /** The request never got an answer: offline, DNS, connection reset. Status 0. */
  networkError: -1,
  /** An answer arrived that is not the `{ code, msg, data }` envelope. */
  badResponse: -2,
} as const;

export interface CallOptions {
  /** Required for calls with movesMoney: one key per user action (newIdempotencyKey()). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Upload progress; in Node it is reported once, when the upload completes. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The token to send instead of the current session's (a logout sent after the page forgot its session). */
  token?: string;
}

export interface ApiClient {
  /**
   * Sends one contract call and answers its data, or throws ApiError.
   *
   * @example const config = await client.call(siteBaseConfig, {})
   */
  call<C extends AnyCall>(call: C, request: CallRequest<C>, options?: CallOptions): Promise<CallResponse<C>>;
  /** The x-device-id this client sends. */
  readonly deviceId: string;
}

/** One failure, before it has a message: a refusal in the envelope, an answer without one, or no answer. */
export interface Failure {
  kind: 'refused' | 'http' | 'network';
  code: number;
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  /** The envelope's msg; '' when there was none. */
  serverMessage: string;
}

/** One request as it goes out: encoded and with every header. */
export interface OutgoingRequest {
  method: EncodedRequest['method'];
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
}

export interface CallCoreOptions {
  /** Origin and optional path prefix of the API; '' means the page's own origin. */
  baseUrl: string;
  siteId: number | string;
  signKey: string;
  deviceId: string;
  getToken(): string | null;
  /** Called when the server answers tokenInvalid (the session ended). */
  onTokenInvalid(): void;
  /** Encodes a request; the sdk's client passes encodeRequest (every style), the widgets a JSON-only one. */
  encode(call: AnyCall, request: unknown, baseUrl: string): EncodedRequest;
  /** The message an ApiError carries for a failure (the error catalogue, or the server's msg). */
  messageOf(failure: Failure): string;
  /** Sends one request; by default sendWithFetch on global fetch. */
  send?(request: OutgoingRequest, options: CallOptions): Promise<RawAnswer>;
}

/**
 * Sends a request with fetch and reads its answer: the status and the parsed JSON body
 * (the body text when it is not JSON, undefined when empty).
 *
 * @example const { status, data } = await sendWithFetch(fetch, request, undefined)
 */
export async function sendWithFetch(fetchFn: typeof fetch, request: OutgoingRequest, signal: AbortSignal | undefined): Promise<RawAnswer> {
  const response = await fetchFn(request.url, { method: request.method, headers: request.headers, body: request.body ?? null, signal: signal ?? null });
  const text = await response.text();
  return { status: response.status, data: text === '' ? undefined : (parseJson(text) ?? text) };
}

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/** The platform code an HTTP status without an envelope stands for. */
function httpCode(status: number): number {
  if (status === 404) return WIRE_CODE.notFound;
  if (status === 429) return WIRE_CODE.tooManyRequests;
  return status >= 400 ? WIRE_CODE.internalError : CLIENT_CODE.badResponse;
}

/**
 * The one fetch core of lobby's API clients (spec section 7): encodes and signs each
 * request, sends it, unwraps the `{ code, msg, data }` envelope and turns every failure
 * into one ApiError. It never retries. The sdk's createClient (every call style, uploads,
 * the error catalogue) and the widgets' small client (JSON calls, the server's msg) are
 * this core with their own encoder and messages.
 *
 * @example const client = createCallCore({ baseUrl: '', siteId: 4, signKey, deviceId: deviceId(), getToken, onTokenInvalid, encode: encodeRequest, messageOf: (f) => f.serverMessage })
 */
export function createCallCore(options: CallCoreOptions): ApiClient {
  const send = options.send ?? ((request, callOptions) => sendWithFetch(globalThis.fetch, request, callOptions.signal));
  const fail = ({ code, status, serverMessage, ...failure }: Failure, extra: { data?: unknown; cause?: unknown } = {}) =>
    new ApiError({ code, status, serverMessage, message: options.messageOf({ code, status, serverMessage, ...failure }), ...extra });

  function outgoing(call: AnyCall, encoded: EncodedRequest, callOptions: CallOptions): OutgoingRequest {
    const timestamp = String(Date.now());
    const nonce = newNonce();
    const { deviceId, signKey, siteId } = options;
    const headers = signedHeaders({ method: encoded.method, pathWithQuery: encoded.pathWithQuery, timestamp, nonce, deviceId, body: encoded.signedBody, signKey, siteId });
    // Spec section 6: public calls (site info) go without the token, so a stale token never breaks them.
    const token = call.auth === 'none' ? null : (callOptions.token ?? options.getToken());
    if (token) headers[HEADER.token] = token;
    if (callOptions.idempotencyKey) headers[HEADER.idempotencyKey] = callOptions.idempotencyKey;
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
    return { method: encoded.method, url: encoded.url, headers, body: encoded.body };
  }

  function unwrap(answer: RawAnswer): unknown {
    if (!isEnvelope(answer.data)) throw fail({ kind: 'http', code: httpCode(answer.status), status: answer.status, serverMessage: '' }, { data: answer.data });
    const { code, msg, data } = answer.data;
    if (code === WIRE_CODE.success && answer.status < 400) return data;
    if (code === WIRE_CODE.tokenInvalid) options.onTokenInvalid();
    const serverMessage = typeof msg === 'string' ? msg : '';
    throw fail({ kind: 'refused', code, status: answer.status, serverMessage }, { data: data ?? undefined });
  }

  async function call<C extends AnyCall>(contractCall: C, request: CallRequest<C>, callOptions: CallOptions = {}): Promise<CallResponse<C>> {
    if (contractCall.movesMoney && !callOptions.idempotencyKey) {
      throw fail({ kind: 'refused', code: WIRE_CODE.idempotencyKeyMissing, status: 0, serverMessage: '' });
    }
    const sending = outgoing(contractCall, options.encode(contractCall, request, options.baseUrl), callOptions);
    let answer: RawAnswer;
    try {
      answer = await send(sending, callOptions);
    } catch (error) {
      if (callOptions.signal?.aborted) throw callOptions.signal.reason ?? error;
      throw fail({ kind: 'network', code: CLIENT_CODE.networkError, status: 0, serverMessage: '' }, { cause: error });
    }
    return unwrap(answer) as CallResponse<C>;
  }

  return { call, deviceId: options.deviceId };
}
