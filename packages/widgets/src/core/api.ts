import {
  ApiError,
  CLIENT_TYPE,
  CLIENT_VERSION,
  DEFAULT_SITE_ID,
  DEMO_SIGN_KEY,
  HEADER,
  ORIGINAL_CLIENT_TYPE,
  deviceId,
  newNonce,
  requestSign,
  type AnyCall,
  type ApiClient,
  type CallOptions,
  type CallRequest,
  type CallResponse,
} from '@lobby/sdk';

/**
 * The few response codes the client itself reads. Importing the sdk's CODE table would put
 * the whole table (about 1.2 KB gzip) in every widget file; api.test.ts checks these
 * against CODE so they cannot drift.
 */
export const WIDGET_CODE = {
  success: 0,
  tokenInvalid: 401011,
  idempotencyKeyMissing: 400006,
  internalError: 500000,
  networkError: -1,
  badResponse: -2,
} as const;

/** A JSON call's request as sent and signed (what the sdk's encodeRequest gives for style 'json'). */
export function encodeJsonRequest(call: AnyCall, request: unknown, baseUrl: string) {
  if (call.style !== 'json') throw new TypeError(`widgets send JSON calls only; ${call.name} is '${call.style}'`);
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl);
  const origin = absolute ? new URL(baseUrl).origin : '';
  const pathWithQuery = (absolute ? new URL(baseUrl).pathname : baseUrl).replace(/\/+$/, '') + call.path;
  const body = JSON.stringify(request ?? {});
  return { method: 'POST' as const, pathWithQuery, url: origin + pathWithQuery, body, signedBody: body, contentType: 'application/json' };
}

export interface WidgetClientOptions {
  baseUrl: string;
  siteId: number | undefined;
  /** The site's public sign key; the demo key by default. */
  signKey?: string;
  getToken: () => string | null;
  /** Called on a tokenInvalid answer (the session ended). */
  onTokenInvalid: () => void;
}

/**
 * The widgets' API client: the sdk's wire contract (request encoding, signature, headers,
 * envelope, ApiError) on plain `fetch`. The sdk's createClient carries ofetch and the
 * whole error catalogue, which alone would break the widget size budgets; widgets show
 * the server's msg or their own text, so they need neither. JSON calls only (widgets
 * upload nothing); api.test.ts checks the encoding against the sdk's encodeRequest.
 *
 * @example const client = createWidgetClient({ baseUrl: '', siteId: 4, getToken, onTokenInvalid }); await client.call(coinWalletBalance, {})
 */
export function createWidgetClient(options: WidgetClientOptions): ApiClient {
  const device = deviceId();
  const signKey = options.signKey || DEMO_SIGN_KEY;
  async function call<C extends AnyCall>(contractCall: C, request: CallRequest<C>, callOptions: CallOptions = {}): Promise<CallResponse<C>> {
    if (contractCall.movesMoney && !callOptions.idempotencyKey) {
      throw new ApiError({ code: WIDGET_CODE.idempotencyKeyMissing, status: 0, message: 'x-idempotency-key missing' });
    }
    const encoded = encodeJsonRequest(contractCall, request, options.baseUrl);
    const timestamp = String(Date.now());
    const nonce = newNonce();
    const headers: Record<string, string> = {
      [HEADER.clientType]: CLIENT_TYPE,
      [HEADER.originalClientType]: ORIGINAL_CLIENT_TYPE,
      [HEADER.version]: CLIENT_VERSION,
      [HEADER.siteId]: String(options.siteId ?? DEFAULT_SITE_ID),
      [HEADER.deviceId]: device,
      [HEADER.timestamp]: timestamp,
      [HEADER.nonce]: nonce,
      [HEADER.sign]: requestSign({ method: encoded.method, pathWithQuery: encoded.pathWithQuery, timestamp, nonce, deviceId: device, body: encoded.signedBody, signKey }),
    };
    const token = contractCall.auth === 'none' ? null : options.getToken();
    if (token) headers[HEADER.token] = token;
    if (callOptions.idempotencyKey) headers[HEADER.idempotencyKey] = callOptions.idempotencyKey;
    headers['content-type'] = encoded.contentType;
    let response: Response;
    let envelope: unknown;
    try {
      response = await fetch(encoded.url, { method: encoded.method, headers, body: encoded.body, signal: callOptions.signal });
      envelope = await response.json().catch(() => undefined);
    } catch (error) {
      if (callOptions.signal?.aborted) throw callOptions.signal.reason ?? error;
      throw new ApiError({ code: WIDGET_CODE.networkError, status: 0, message: 'network error', cause: error });
    }
    return unwrap(response.status, envelope, options) as CallResponse<C>;
  }
  return { call, deviceId: device };
}

function unwrap(status: number, envelope: unknown, options: WidgetClientOptions): unknown {
  const answer = envelope as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  if (typeof answer?.code !== 'number') {
    throw new ApiError({ code: status >= 400 ? WIDGET_CODE.internalError : WIDGET_CODE.badResponse, status, message: `HTTP ${status}` });
  }
  if (answer.code === WIDGET_CODE.success && status < 400) return answer.data;
  if (answer.code === WIDGET_CODE.tokenInvalid) options.onTokenInvalid();
  const serverMessage = typeof answer.msg === 'string' ? answer.msg : '';
  throw new ApiError({ code: answer.code, status, message: serverMessage || `code ${answer.code}`, serverMessage, data: answer.data ?? undefined });
}
