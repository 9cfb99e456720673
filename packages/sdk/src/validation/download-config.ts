import { fail, ok, type Result } from './result.js';

/** Spec section 8: the download SDK's alerts, in Chinese as the product shows them. */
export const DOWNLOAD_SDK_ALERT = {
  appKeyMissing: '缺少appKey参数',
  appKeyNotString: 'appKey必须是字符串',
  onreadyNotFunction: 'onready必须是函数',
  isPostParamsNotBoolean: 'isPostParams必须是布尔值',
  downloadableNotBoolean: 'downloadable必须是布尔值',
} as const;
export type DownloadSdkAlert = (typeof DOWNLOAD_SDK_ALERT)[keyof typeof DOWNLOAD_SDK_ALERT];

/** The download SDK's init options after the check; the two flags default to false and true. */
export interface DownloadSdkConfig {
  appKey: string;
  onready: (...args: never[]) => unknown;
  isPostParams: boolean;
  downloadable: boolean;
}

/**
 * Checks the download SDK's init options (spec section 5): appKey present and a string,
 * onready a function, isPostParams and downloadable booleans when given. A failure
 * answers the Chinese alert text the SDK shows before it stops.
 *
 * @example validateDownloadConfig({ appKey: 1 }) // { ok: false, error: 'appKey必须是字符串' }
 */
export function validateDownloadConfig(config: unknown): Result<DownloadSdkConfig, DownloadSdkAlert> {
  const options = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const { appKey, onready, isPostParams = false, downloadable = true } = options;
  if (appKey === undefined || appKey === null || appKey === '') return fail(DOWNLOAD_SDK_ALERT.appKeyMissing);
  if (typeof appKey !== 'string') return fail(DOWNLOAD_SDK_ALERT.appKeyNotString);
  if (typeof onready !== 'function') return fail(DOWNLOAD_SDK_ALERT.onreadyNotFunction);
  if (typeof isPostParams !== 'boolean') return fail(DOWNLOAD_SDK_ALERT.isPostParamsNotBoolean);
  if (typeof downloadable !== 'boolean') return fail(DOWNLOAD_SDK_ALERT.downloadableNotBoolean);
  return ok({ appKey, onready: onready as DownloadSdkConfig['onready'], isPostParams, downloadable });
}
