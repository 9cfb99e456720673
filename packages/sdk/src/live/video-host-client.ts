import {
  VIDEO_HOST_CLIENT_TYPE,
  VIDEO_HOST_CODE,
  VIDEO_HOST_ENDPOINTS,
  VIDEO_HOST_HEADER,
  type VideoHostEndpointName,
  type VideoHostRequest,
  type VideoHostResponse,
} from '../contract/calls/video-host.js';
import { usableDomains, type HostRotation } from './host-rotation.js';
import { signVideoParams } from './sign.js';
import { decryptX1 } from './x1.js';

/** A refusal or failure of the video host: its code (VIDEO_HOST_CODE) and message. */
export class VideoHostError extends Error {
  constructor(readonly code: number, message: string, readonly host: string) {
    super(message);
    this.name = 'VideoHostError';
  }
}

export interface VideoHostClientOptions {
  rotation: HostRotation;
  /** The md5 signing key, the base64 x1 key and the API token (client configuration). */
  signKey: string;
  x1Key: string;
  apiToken: string;
  /** Put before a host base that is a path (`''` in a browser; `http://127.0.0.1:port` in Node). */
  origin?: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export interface VideoHostClient {
  /** Calls an endpoint on the current host; on a host failure counts it and tries the other host once. */
  call<N extends VideoHostEndpointName>(name: N, request: VideoHostRequest<N>): Promise<VideoHostResponse<N>>;
  /**
   * Asks the host for its domains and keeps them as the rotation's list (spec section 7:
   * "domains"), the host in use kept when still listed; answers the list kept. An answer
   * with no usable host changes nothing.
   */
  refreshDomains(): Promise<string[]>;
  readonly rotation: HostRotation;
}

/** The host failed (not a refusal): network error, timeout, HTTP 5xx or the host's own `unavailable`. */
const isHostFailure = (error: unknown) => !(error instanceof VideoHostError) || error.code === VIDEO_HOST_CODE.unavailable;

const stringParams = (request: object) => Object.fromEntries(
  Object.entries(request).filter(([, value]) => value !== undefined && value !== null).map(([name, value]) => [name, String(value)]),
);

/**
 * The sdk's client of the video host: host rotation, the md5 `sign`, the client-type and
 * API-token headers of the form calls, and `x1` decryption (docs/LIVE-VIDEO.md).
 *
 * @example const host = createVideoHostClient({ rotation, signKey, x1Key, apiToken }); const { urls } = await host.call('urls', { roomId: 'pitch-1' });
 */
export function createVideoHostClient(options: VideoHostClientOptions): VideoHostClient {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 8000;

  async function once<N extends VideoHostEndpointName>(host: string, name: N, request: VideoHostRequest<N>): Promise<VideoHostResponse<N>> {
    const endpoint = VIDEO_HOST_ENDPOINTS[name];
    const plain = stringParams(request as object);
    const params = endpoint.signed ? signVideoParams(endpoint.path, plain, options.signKey, now()) : plain;
    const encoded = new URLSearchParams(params).toString();
    const base = `${options.origin ?? ''}${host}${endpoint.path}`;
    const init: RequestInit = { method: endpoint.method, signal: AbortSignal.timeout(timeoutMs) };
    if (endpoint.style === 'form') {
      init.headers = {
        'content-type': 'application/x-www-form-urlencoded',
        [VIDEO_HOST_HEADER.clientType]: VIDEO_HOST_CLIENT_TYPE,
        [VIDEO_HOST_HEADER.apiToken]: options.apiToken,
      };
      init.body = encoded;
    }
    const response = await send(endpoint.style === 'form' || encoded === '' ? base : `${base}?${encoded}`, init);
    if (response.status >= 500) throw new VideoHostError(VIDEO_HOST_CODE.unavailable, `the video host answered HTTP ${response.status}`, host);
    const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
    if (envelope.code !== VIDEO_HOST_CODE.success) throw new VideoHostError(envelope.code, envelope.msg, host);
    if (!endpoint.encrypted) return envelope.data as VideoHostResponse<N>;
    return decryptX1<VideoHostResponse<N>>((envelope.data as { x1: string }).x1, options.x1Key);
  }

  const client: VideoHostClient = {
    rotation: options.rotation,
    async refreshDomains() {
      const { domains } = await client.call('domains', {});
      const usable = usableDomains(Array.isArray(domains) ? domains : []);
      if (usable.length > 0) options.rotation.setDomains(usable);
      return options.rotation.ordered();
    },
    async call(name, request) {
      const [first, second] = options.rotation.ordered();
      for (const host of second === undefined ? [first!] : [first!, second]) {
        try {
          const data = await once(host, name, request);
          options.rotation.reportSuccess(host);
          return data;
        } catch (error) {
          if (!isHostFailure(error) || host === second || second === undefined) throw error;
          options.rotation.reportError(host);
        }
      }
      throw new Error('unreachable');
    },
  };
  return client;
}
