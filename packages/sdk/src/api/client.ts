import { createFetch } from 'ofetch';
import {
  CODE,
  DEFAULT_SITE_ID,
  DEMO_SIGN_KEY,
  HEADER,
  signedHeaders,
  type AnyCall,
  type CallRequest,
  type CallResponse,
} from '../contract/index.js';
import { $session, clearSession } from '../stores/session.js';
import { ApiError, errorMessage, httpFailure, networkFailure } from './api-error.js';
import { encodeRequest, type EncodedRequest } from './encode.js';
import { deviceId as storedDeviceId, newNonce } from './identity.js';
import { hasXhr, xhrUpload, type RawAnswer } from './upload.js';

export interface ClientOptions {
  /** Origin and optional path prefix of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** Sent as x-site-id; the brand (spec section 9: 4). */
  siteId?: number;
  /** The site's public sign key (LOBBY_SIGN_KEY on the server). */
  signKey?: string;
  /** Replaces global fetch; it then carries uploads too (progress reported at completion). */
  fetch?: typeof fetch;
  /** The member token; by default the token of $session. */
  getToken?: () => string | null;
  /** By default the uuid kept in localStorage (see deviceId()). */
  deviceId?: string;
  /** Called when the server answers tokenInvalid; by default clearSession(). */
  onTokenInvalid?: () => void;
}

export interface CallOptions {
  /** Required for calls with movesMoney: one key per user action (newIdempotencyKey()). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Upload progress; in Node it is reported once, when the upload completes. */
  onUploadProgress?: (loaded: number, total: number) => void;
}

export interface ApiClient {
  /**
   * Sends one contract call and answers its data, or throws ApiError. For an upload,
   * Blob and File fields become multipart parts and the other fields go in the signed
   * query string, as the server reads them.
   *
   * @example const config = await client.call(siteBaseConfig, {})
   */
  call<C extends AnyCall>(call: C, request: CallRequest<C>, options?: CallOptions): Promise<CallResponse<C>>;
  /** The x-device-id this client sends. */
  readonly deviceId: string;
}

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/**
 * The API client (spec section 7): signs every request, unwraps the `{ code, msg, data }`
 * envelope and turns every failure into one ApiError. It never retries.
 *
 * @example const client = createClient({ baseUrl: 'http://localhost:3000' }); await client.call(webLogin, loginPayload('demo', 'demo1234'))
 */
export function createClient(options: ClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const siteId = String(options.siteId ?? DEFAULT_SITE_ID);
  const signKey = options.signKey ?? DEMO_SIGN_KEY;
  const getToken = options.getToken ?? (() => $session.get()?.token ?? null);
  const onTokenInvalid = options.onTokenInvalid ?? clearSession;
  const device = options.deviceId ?? storedDeviceId();
  const fetchFn: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const $fetch = createFetch({ fetch: fetchFn });

  function headersFor(call: AnyCall, encoded: EncodedRequest, callOptions: CallOptions): Record<string, string> {
    const timestamp = String(Date.now());
    const nonce = newNonce();
    const headers = signedHeaders({
      method: encoded.method,
      pathWithQuery: encoded.pathWithQuery,
      timestamp,
      nonce,
      deviceId: device,
      body: encoded.signedBody,
      signKey,
      siteId,
    });
    // Spec section 6: public calls (site info) go without the token, so a stale token never breaks them.
    const token = call.auth === 'none' ? null : getToken();
    if (token) headers[HEADER.token] = token;
    if (callOptions.idempotencyKey) headers[HEADER.idempotencyKey] = callOptions.idempotencyKey;
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
    return headers;
  }

  async function send(encoded: EncodedRequest, headers: Record<string, string>, callOptions: CallOptions): Promise<RawAnswer> {
    const { signal, onUploadProgress } = callOptions;
    let body: BodyInit | undefined = encoded.body;
    let total = 0;
    if (body instanceof FormData) {
      if (hasXhr() && !options.fetch) return xhrUpload({ url: encoded.url, headers, body, signal, onProgress: onUploadProgress });
      // Without XMLHttpRequest the body is serialised first, which fixes its size and boundary.
      const serialised = new Response(body);
      headers['content-type'] = serialised.headers.get('content-type') ?? 'multipart/form-data';
      const bytes = new Uint8Array(await serialised.arrayBuffer());
      total = bytes.byteLength;
      body = bytes;
    }
    const response = await $fetch.raw(encoded.url, {
      method: encoded.method,
      headers,
      body,
      signal,
      retry: false,
      ignoreResponseError: true,
      responseType: 'json',
    });
    if (encoded.body instanceof FormData) onUploadProgress?.(total, total);
    return { status: response.status, data: response._data };
  }

  function unwrap(answer: RawAnswer): unknown {
    if (!isEnvelope(answer.data)) throw httpFailure(answer.status, answer.data);
    const { code, msg, data } = answer.data;
    if (code === CODE.success && answer.status < 400) return data;
    if (code === CODE.tokenInvalid) onTokenInvalid();
    const serverMessage = typeof msg === 'string' ? msg : '';
    throw new ApiError({ code, status: answer.status, message: errorMessage(code, serverMessage), serverMessage, data: data ?? undefined });
  }

  async function call<C extends AnyCall>(contractCall: C, request: CallRequest<C>, callOptions: CallOptions = {}): Promise<CallResponse<C>> {
    if (contractCall.movesMoney && !callOptions.idempotencyKey) {
      throw new ApiError({ code: CODE.idempotencyKeyMissing, status: 0, message: errorMessage(CODE.idempotencyKeyMissing, '') });
    }
    const encoded = encodeRequest(contractCall, request, baseUrl);
    const headers = headersFor(contractCall, encoded, callOptions);
    let answer: RawAnswer;
    try {
      answer = await send(encoded, headers, callOptions);
    } catch (error) {
      if (callOptions.signal?.aborted) throw callOptions.signal.reason ?? error;
      throw networkFailure(error);
    }
    return unwrap(answer) as CallResponse<C>;
  }

  return { call, deviceId: device };
}
