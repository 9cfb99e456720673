/** Spec section 9: the download SDK's version. */
export const DOWNLOAD_SDK_VERSION = '3.4.0';
/** Spec section 9: every download SDK request gives up after 5000 ms. */
export const DOWNLOAD_TIMEOUT_MS = 5000;
/** Spec section 9: how long the page waits after opening the app's scheme link. */
export const WAKE_UP_DELAY_MS = 300;
/** Spec section 9: the Android fallback to the download after a failed wake-up. */
export const ANDROID_FALLBACK_MS = 50;
/** Spec section 7: 403 and 502 are retried, at most twice, each retry freshly signed. */
export const DOWNLOAD_RETRY_STATUSES: readonly number[] = [403, 502];
export const DOWNLOAD_RETRIES_MAX = 2;
/** Spec section 9: the invite and referral codes copied from the URL into session storage. */
export const DOWNLOAD_SESSION_KEYS = ['r_code', 'i_code', 'agent_verify', 'isfission'] as const;
export type DownloadSessionKey = (typeof DOWNLOAD_SESSION_KEYS)[number];
/** The proxy page-view event fires this long after an invite code is found. */
export const PAGE_VIEW_DELAY_MS = 500;
/** A signed payload older or newer than this (server clock) is refused as expired. */
export const DOWNLOAD_SIGN_WINDOW_MS = 300_000;
/** The report type of the proxy page-view event. */
export const PAGE_VIEW_REPORT_TYPE = 'pageView';
/**
 * A download report goes out before the page leaves for the file (the navigation would
 * abort a request still being signed or sent), waiting at most this long for it.
 */
export const REPORT_BEFORE_LEAVE_MS = 1000;
