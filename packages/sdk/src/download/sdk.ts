import {
  downloadAppUrl,
  downloadDescriptorFile,
  downloadParamsReport,
  downloadPcUrl,
  downloadReportNodeInsert,
  downloadTfDownload,
  downloadWhitelistCheck,
} from '../contract/calls/download.js';
import { validateDownloadConfig, type DownloadSdkConfig } from '../validation/download-config.js';
import { DOWNLOAD_SDK_VERSION, PAGE_VIEW_DELAY_MS, PAGE_VIEW_REPORT_TYPE, REPORT_BEFORE_LEAVE_MS } from './constants.js';
import { storeUrlCodes, type CodeStorage, type SessionCodes } from './session-codes.js';
import { createWebCryptoSigner, type PayloadSigner, type SignerFactory } from './signer.js';
import { DownloadSdkError, sendSigned, type SignedRequest, type TransportOptions } from './transport.js';
import { wakeUp, type WakeUp } from './wake-up.js';

/** The init options: the four checked ones of spec section 5, then the SDK's own. */
export interface DownloadSdkOptions {
  appKey: string;
  onready: (sdk: DownloadSdk) => void;
  /** Report the page's URL parameters at start (params report). */
  isPostParams?: boolean;
  /** Downloads allowed; false: `download()` only wakes the app. */
  downloadable?: boolean;
  /** The app key's RSA private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Called with a DownloadSdkError for every failed call; calls then resolve undefined. */
  onerror?: (error: DownloadSdkError) => void;
  /** The download API's origin; the SDK script's own origin by default. */
  baseUrl?: string;
  /** The app's scheme link for wake-up, e.g. `lobbyapp://open`. */
  scheme?: string;
  wakeUpDelayMs?: number;
  androidFallbackMs?: number;
  timeoutMs?: number;
}

/** The page the SDK runs in; `browserEnvironment` fills it from `window`. */
export interface DownloadEnvironment {
  alert(text: string): void;
  href: string;
  search: string;
  userAgent: string;
  screen: string;
  isSecureContext: boolean;
  storage: CodeStorage | undefined;
  /** Loads the node-forge signer (a separate file) for pages that are not a secure context. */
  loadForgeSigner: () => Promise<SignerFactory>;
  navigate(url: string): void;
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isHidden(): boolean;
  fetch?: typeof fetch;
  subtle?: SubtleCrypto;
}

/** A started SDK. Every call resolves; a failure goes to `onerror` and resolves undefined. */
export interface DownloadSdk {
  readonly version: string;
  readonly codes: SessionCodes;
  /** Which signer this page uses: `webcrypto` in a secure context, else `forge`. */
  signerKind(): Promise<PayloadSigner['kind'] | undefined>;
  report(type: string, data?: Record<string, unknown>): Promise<{ id: number } | undefined>;
  reportParams(): Promise<{ id: number } | undefined>;
  checkWhitelist(): Promise<{ category: 0 | 1; url: string } | undefined>;
  descriptorFile(): Promise<{ teamId: string; descAddr: string } | undefined>;
  tfDownload(): Promise<{ status_code: 0 | 1; msg: string } | undefined>;
  pcDownloadUrl(platform: 'windows' | 'mac'): Promise<string | undefined>;
  appDownloadUrl(platform?: 'android' | 'ios'): Promise<string | undefined>;
  /** Opens the app by its scheme link, then the fallback URL (the app download by default). */
  wakeUp(options?: { scheme?: string; fallbackUrl?: string }): Promise<WakeUp | undefined>;
  /** Reports the download and goes to the client of `platform`. */
  download(platform: 'windows' | 'mac' | 'android' | 'ios'): Promise<string | undefined>;
  destroy(): void;
}

/**
 * Starts the download SDK: checks the config (a failure shows the spec's Chinese alert
 * and answers null), stores the URL's codes, sends the proxy page-view event 500 ms after
 * an invite code is found, reports the URL parameters when `isPostParams`, then calls
 * `onready(sdk)`.
 *
 * @example createDownloadSdk({ appKey: 'demo', privateKey: pem, onready: (sdk) => sdk.checkWhitelist() }, browserEnvironment())
 */
export function createDownloadSdk(options: unknown, env: DownloadEnvironment): DownloadSdk | null {
  const checked = validateDownloadConfig(options);
  if (!checked.ok) {
    env.alert(checked.error);
    return null;
  }
  const config = { ...(options as DownloadSdkOptions), ...checked.value } as DownloadSdkOptions & DownloadSdkConfig;
  const codes = storeUrlCodes(env.search, env.storage);
  const sdk = buildSdk(config, env, codes);
  const inviteCode = codes.i_code ?? codes.r_code;
  const pageView = inviteCode ? setTimeout(() => void sdk.report(PAGE_VIEW_REPORT_TYPE), PAGE_VIEW_DELAY_MS) : undefined;
  const destroy = sdk.destroy;
  sdk.destroy = () => {
    clearTimeout(pageView);
    destroy();
  };
  if (config.isPostParams) void sdk.reportParams();
  queueMicrotask(() => safely(() => config.onready(sdk)));
  return sdk;
}

function safely(work: () => void): void {
  try {
    work();
  } catch {
    // A throwing page callback must not break the SDK or leave an unhandled rejection.
  }
}

function platformOf(userAgent: string): string {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows/i.test(userAgent)) return 'windows';
  if (/mac os/i.test(userAgent)) return 'mac';
  return 'other';
}

function signerSource(config: DownloadSdkOptions, env: DownloadEnvironment): () => Promise<PayloadSigner> {
  let pending: Promise<PayloadSigner> | undefined;
  const build = async () => {
    if (typeof config.privateKey !== 'string') throw new Error('privateKey (PEM) is missing');
    if (env.isSecureContext && env.subtle) return createWebCryptoSigner(config.privateKey, env.subtle);
    return (await env.loadForgeSigner())(config.privateKey);
  };
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function buildSdk(config: DownloadSdkOptions & DownloadSdkConfig, env: DownloadEnvironment, codes: SessionCodes): DownloadSdk {
  const signer = signerSource(config, env);
  const transport: TransportOptions = { baseUrl: config.baseUrl ?? '', appKey: config.appKey, signer, timeoutMs: config.timeoutMs, fetch: env.fetch };
  const guard = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      const failure = error instanceof DownloadSdkError ? error : new DownloadSdkError('sign', String((error as Error)?.message ?? error));
      safely(() => config.onerror?.(failure));
      return undefined;
    }
  };
  const send = <T>(request: SignedRequest) => guard(() => sendSigned(transport, request) as Promise<T>);
  const post = <T>(call: { path: string }, fields: Record<string, unknown> = {}) => send<T>({ method: 'POST', path: call.path, fields });
  const get = <T>(call: { path: string }, fields: Record<string, unknown>) => send<T>({ method: 'GET', path: call.path, fields });
  const platform = platformOf(env.userAgent);
  const wakeUps = new Set<WakeUp>();
  const sdk: DownloadSdk = {
    version: DOWNLOAD_SDK_VERSION,
    codes,
    signerKind: () => guard(async () => (await signer()).kind),
    report: (type, data = {}) => post(downloadReportNodeInsert, { type, data: { ...codes, ...data }, url: env.href, screen: env.screen, platform }),
    reportParams: () => post(downloadParamsReport, { params: Object.fromEntries(new URLSearchParams(env.search)), url: env.href }),
    checkWhitelist: () => post(downloadWhitelistCheck, { url: env.href }),
    descriptorFile: () => post(downloadDescriptorFile),
    tfDownload: () => post(downloadTfDownload),
    pcDownloadUrl: (pc) => get(downloadPcUrl, { platform: pc }),
    appDownloadUrl: (mobile) => get(downloadAppUrl, { platform: mobile }),
    async wakeUp(options = {}) {
      const scheme = options.scheme ?? config.scheme;
      if (!scheme) return guard(() => Promise.reject(new DownloadSdkError('config', 'wakeUp needs a scheme link')));
      const fallbackUrl = options.fallbackUrl ?? (config.downloadable ? await sdk.appDownloadUrl(platform === 'ios' ? 'ios' : 'android') : undefined);
      void sdk.report('wakeUp');
      const running = wakeUp({ ...config, scheme, fallbackUrl, isAndroid: platform === 'android', navigate: env.navigate, events: env.events, isHidden: env.isHidden });
      wakeUps.add(running);
      return running;
    },
    async download(target) {
      if (!config.downloadable) return (await sdk.wakeUp(), undefined);
      const url = target === 'windows' || target === 'mac' ? await sdk.pcDownloadUrl(target) : await sdk.appDownloadUrl(target);
      if (!url) return undefined;
      // Sent before leaving: the navigation would abort a report still being signed or sent.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cap = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, REPORT_BEFORE_LEAVE_MS, undefined)));
      await Promise.race([sdk.report('download', { target }), cap]);
      clearTimeout(timer);
      env.navigate(url);
      return url;
    },
    destroy: () => wakeUps.forEach((running) => running.cancel()),
  };
  return sdk;
}
