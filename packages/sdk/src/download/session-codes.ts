import { DOWNLOAD_SESSION_KEYS, type DownloadSessionKey } from './constants.js';

/** The invite and referral codes of this visit. */
export type SessionCodes = Partial<Record<DownloadSessionKey, string>>;

/** The part of Storage the SDK uses; a test passes a Map-backed fake. */
export interface CodeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Copies `r_code`, `i_code`, `agent_verify` and `isfission` from the URL query into
 * session storage (spec section 9) and answers the codes of this visit: the URL's, else
 * those stored by an earlier page of the same tab. Storage that throws (blocked cookies,
 * sandboxed frames) leaves the URL's codes.
 *
 * @example storeUrlCodes('?i_code=A1', sessionStorage) // { i_code: 'A1' }
 */
export function storeUrlCodes(search: string, storage: CodeStorage | undefined): SessionCodes {
  const params = new URLSearchParams(search);
  const codes: SessionCodes = {};
  for (const key of DOWNLOAD_SESSION_KEYS) {
    const fromUrl = params.get(key);
    if (fromUrl) {
      codes[key] = fromUrl;
      attempt(() => storage?.setItem(key, fromUrl));
    } else {
      const stored = attempt(() => storage?.getItem(key));
      if (stored) codes[key] = stored;
    }
  }
  return codes;
}

function attempt<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
