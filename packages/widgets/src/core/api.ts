import { DEMO_SIGN_KEY, DEFAULT_SITE_ID, createCallCore, deviceId, type AnyCall, type ApiClient, type Failure } from '@lobby/sdk';

/** A JSON call's request as sent and signed (what the sdk's encodeRequest gives for style 'json'). */
export function encodeJsonRequest(call: AnyCall, request: unknown, baseUrl: string) {
  if (call.style !== 'json') throw new TypeError(`widgets send JSON calls only; ${call.name} is '${call.style}'`);
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl);
  const origin = absolute ? new URL(baseUrl).origin : '';
  const pathWithQuery = (absolute ? new URL(baseUrl).pathname : baseUrl).replace(/\/+$/, '') + call.path;
  const body = JSON.stringify(request ?? {});
  return { method: 'POST' as const, pathWithQuery, url: origin + pathWithQuery, body, signedBody: body, contentType: 'application/json' };
}

/** The server's msg, else a short technical text: widgets show their own words around it. */
function widgetMessage(failure: Failure): string {
  if (failure.serverMessage) return failure.serverMessage;
  if (failure.kind === 'network') return 'network error';
  return failure.kind === 'http' ? `HTTP ${failure.status}` : `code ${failure.code}`;
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
 * The widgets' API client: the sdk's one fetch core (createCallCore) with a JSON-only
 * encoder and the server's msg as the message. The sdk's createClient is the same core
 * with every call style, uploads and the whole error catalogue, which alone would break
 * the widget size budgets; widgets upload nothing and show their own texts.
 * api.test.ts checks the encoding against the sdk's encodeRequest.
 *
 * @example const client = createWidgetClient({ baseUrl: '', siteId: 4, getToken, onTokenInvalid }); await client.call(coinWalletBalance, {})
 */
export function createWidgetClient(options: WidgetClientOptions): ApiClient {
  return createCallCore({
    baseUrl: options.baseUrl,
    siteId: options.siteId ?? DEFAULT_SITE_ID,
    signKey: options.signKey || DEMO_SIGN_KEY,
    deviceId: deviceId(),
    getToken: options.getToken,
    onTokenInvalid: options.onTokenInvalid,
    encode: encodeJsonRequest,
    messageOf: widgetMessage,
  });
}
