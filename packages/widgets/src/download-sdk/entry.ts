// dist/lobby-download-sdk.js: the download SDK as one script tag for agents' landing
// pages. It sets `window.LobbyDownload = { version, init(config), signPayload(...) }`;
// the API origin and the forge signer file default to where this script came from.
// The sdk's download folder is imported directly, not through '@lobby/sdk', so the file
// holds only the download SDK (its budget is 8 KB gzip).
import { browserEnvironment, loadForgeScript } from '../../../sdk/src/download/browser.js';
import { canonicalString, normalizePayload } from '../../../sdk/src/download/canonical.js';
import { DOWNLOAD_SDK_VERSION } from '../../../sdk/src/download/constants.js';
import { createDownloadSdk, type DownloadSdk } from '../../../sdk/src/download/sdk.js';
import { createWebCryptoSigner, type PayloadSigner } from '../../../sdk/src/download/signer.js';

/** A payload signed the SDK's way: the canonical string and its base64 signature. */
export interface SignedPayload {
  canonical: string;
  sign: string;
  kind: PayloadSigner['kind'];
}

/** The standalone file's global. */
export interface LobbyDownloadGlobal {
  version: string;
  /** Starts the SDK; null after a config alert. */
  init(config: unknown): DownloadSdk | null;
  /**
   * Signs a payload as the SDK does (for pages that sign their own calls): WebCrypto in a
   * secure context, the forge file elsewhere, or the `kind` asked for.
   */
  signPayload(payload: Record<string, unknown>, privateKeyPem: string, kind?: PayloadSigner['kind']): Promise<SignedPayload>;
}

const FORGE_FILE = 'lobby-download-forge.js';

function createGlobal(scriptSrc: string): LobbyDownloadGlobal {
  const base = new URL(scriptSrc, location.href);
  const forgeUrl = new URL(FORGE_FILE, base).href;
  return {
    version: DOWNLOAD_SDK_VERSION,
    init(config) {
      const options = typeof config === 'object' && config !== null ? { baseUrl: base.origin, ...config } : config;
      return createDownloadSdk(options, browserEnvironment(() => loadForgeScript(forgeUrl)));
    },
    async signPayload(payload, privateKeyPem, kind = isSecureContext ? 'webcrypto' : 'forge') {
      const signer = kind === 'webcrypto' ? await createWebCryptoSigner(privateKeyPem) : await (await loadForgeScript(forgeUrl))(privateKeyPem);
      const canonical = canonicalString(normalizePayload(payload));
      return { canonical, sign: await signer.sign(canonical), kind: signer.kind };
    },
  };
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const src = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
  (window as unknown as { LobbyDownload: LobbyDownloadGlobal }).LobbyDownload ??= createGlobal(src);
}
