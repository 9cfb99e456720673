import { DEFAULT_SITE_ID, DEMO_SIGN_KEY } from '../contract/index.js';
import { t } from '../i18n/translate.js';
import { $session, clearSession } from '../stores/session.js';
import { errorMessage } from './api-error.js';
import { CLIENT_CODE, createCallCore, sendWithFetch, type ApiClient, type CallOptions, type Failure, type OutgoingRequest } from './core.js';
import { encodeRequest } from './encode.js';
import { deviceId as storedDeviceId } from './identity.js';
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

/**
 * The message of a failure in the current language: the catalogue's for a code it
 * knows, else the server's msg (spec section 8), and fixed texts when no envelope came.
 */
export function catalogueMessage(failure: Failure): string {
  if (failure.code === CLIENT_CODE.networkError) return t('networkError');
  if (failure.code === CLIENT_CODE.badResponse) return t('serverBusy');
  return errorMessage(failure.code, failure.serverMessage);
}

/**
 * The sdk's API client (spec section 7): the one fetch core (createCallCore) with every
 * call style, uploads with progress, the session's token and the error catalogue's
 * messages. It never retries.
 *
 * @example const client = createClient({ baseUrl: 'http://localhost:3000' }); await client.call(webLogin, loginPayload('demo', 'demo1234'))
 */
export function createClient(options: ClientOptions = {}): ApiClient {
  const fetchFn: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  /** Uploads go through XMLHttpRequest for progress; without it the body is serialised first, which fixes its size and boundary. */
  async function send(request: OutgoingRequest, callOptions: CallOptions): Promise<RawAnswer> {
    const { signal, onUploadProgress } = callOptions;
    if (!(request.body instanceof FormData)) return sendWithFetch(fetchFn, request, signal);
    if (hasXhr() && !options.fetch) return xhrUpload({ url: request.url, headers: request.headers, body: request.body, signal, onProgress: onUploadProgress });
    const serialised = new Response(request.body);
    const bytes = new Uint8Array(await serialised.arrayBuffer());
    const headers = { ...request.headers, 'content-type': serialised.headers.get('content-type') ?? 'multipart/form-data' };
    const answer = await sendWithFetch(fetchFn, { ...request, headers, body: bytes }, signal);
    onUploadProgress?.(bytes.byteLength, bytes.byteLength);
    return answer;
  }

  return createCallCore({
    baseUrl: options.baseUrl ?? '',
    siteId: options.siteId ?? DEFAULT_SITE_ID,
    signKey: options.signKey ?? DEMO_SIGN_KEY,
    deviceId: options.deviceId ?? storedDeviceId(),
    getToken: options.getToken ?? (() => $session.get()?.token ?? null),
    onTokenInvalid: options.onTokenInvalid ?? clearSession,
    encode: encodeRequest,
    messageOf: catalogueMessage,
    send,
  });
}
