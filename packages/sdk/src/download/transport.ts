import { toHex } from '../contract/hex.js';
import { canonicalString, normalizePayload, type NormalValue } from './canonical.js';
import { DOWNLOAD_RETRIES_MAX, DOWNLOAD_RETRY_STATUSES, DOWNLOAD_TIMEOUT_MS } from './constants.js';
import type { PayloadSigner } from './signer.js';

/** Why a download SDK request failed; the SDK hands it to the error callback. */
export type DownloadFailure = 'timeout' | 'network' | 'http' | 'refused' | 'sign' | 'config';

/** A failed download SDK request: `kind` says why, `status` the HTTP status, `code` the envelope code. */
export class DownloadSdkError extends Error {
  override readonly name = 'DownloadSdkError';
  constructor(
    readonly kind: DownloadFailure,
    message: string,
    readonly status = 0,
    readonly code = 0,
  ) {
    super(message);
  }
}

/** What the transport needs; every field but the signer has a default. */
export interface TransportOptions {
  /** Origin (and path prefix) of the download API, '' for the page's own origin. */
  baseUrl: string;
  appKey: string;
  /** The signer, built on first use (forge loads lazily). */
  signer: () => Promise<PayloadSigner>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  nonce?: () => string;
}

/** One call: method, path and its own fields (appkey, timestamp and nonce are added). */
export interface SignedRequest {
  method: 'GET' | 'POST';
  path: string;
  fields: Record<string, unknown>;
}

/** 16 random bytes as hex; getRandomValues works on non-secure pages too. */
export function randomNonce(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * Signs and sends one call, answering the envelope's `data`. 403 and 502 are retried at
 * most twice, each retry with a new timestamp, nonce and signature. A timeout, a network
 * error, another HTTP error or a refusal (code not 0) rejects with a DownloadSdkError.
 *
 * @example await sendSigned(options, { method: 'GET', path: downloadAppUrl.path, fields: {} }) // 'https://...'
 */
export async function sendSigned(options: TransportOptions, request: SignedRequest): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await sendOnce(options, request);
    if (DOWNLOAD_RETRY_STATUSES.includes(answer.status) && attempt < DOWNLOAD_RETRIES_MAX) continue;
    const { status, envelope } = answer;
    if (status < 200 || status > 299) throw new DownloadSdkError('http', `HTTP ${status} from ${request.path}`, status);
    if (!envelope || typeof envelope.code !== 'number') throw new DownloadSdkError('http', `no envelope from ${request.path}`, status);
    if (envelope.code !== 0) throw new DownloadSdkError('refused', String(envelope.msg ?? 'refused'), status, envelope.code);
    return envelope.data;
  }
}

interface Answer {
  status: number;
  envelope: { code?: unknown; msg?: unknown; data?: unknown } | null;
}

async function signedPayload(options: TransportOptions, fields: Record<string, unknown>): Promise<Record<string, NormalValue>> {
  const payload = normalizePayload({ ...fields, appkey: options.appKey, timestamp: (options.now ?? Date.now)(), nonce: (options.nonce ?? randomNonce)() });
  let sign: string;
  try {
    sign = await (await options.signer()).sign(canonicalString(payload));
  } catch (error) {
    throw new DownloadSdkError('sign', `cannot sign: ${(error as Error).message}`);
  }
  return { ...payload, sign };
}

/** One signed attempt; the timeout covers the whole exchange, body included. */
async function sendOnce(options: TransportOptions, request: SignedRequest): Promise<Answer> {
  const payload = await signedPayload(options, request.fields);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  const init: RequestInit = { method: request.method, signal: controller.signal, credentials: 'omit' };
  let url = `${options.baseUrl}${request.path}`;
  if (request.method === 'GET') {
    url += `?${new URLSearchParams(payload as Record<string, string>).toString()}`;
  } else {
    init.body = JSON.stringify(payload);
    init.headers = { 'content-type': 'application/json' };
  }
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, init);
    if (DOWNLOAD_RETRY_STATUSES.includes(response.status)) return { status: response.status, envelope: null };
    const envelope = (await response.json().catch(() => null)) as Answer['envelope'];
    if (controller.signal.aborted) throw new Error('aborted');
    return { status: response.status, envelope };
  } catch (error) {
    if (controller.signal.aborted) throw new DownloadSdkError('timeout', `${request.path} took longer than ${options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS} ms`);
    throw new DownloadSdkError('network', `network error on ${request.path}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
