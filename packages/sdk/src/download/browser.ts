import type { DownloadEnvironment } from './sdk.js';
import type { SignerFactory } from './signer.js';

/**
 * The download SDK's environment from the page: `window.alert`, location, user agent,
 * screen, session storage, `isSecureContext` and WebCrypto, `location.assign`. Call it
 * in a browser only (it reads `window`).
 *
 * @example createDownloadSdk(config, browserEnvironment(() => loadForgeFile(url)))
 */
export function browserEnvironment(loadForgeSigner: () => Promise<SignerFactory>): DownloadEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return {
    alert: (text) => window.alert(text),
    href: location.href,
    search: location.search,
    userAgent: navigator.userAgent,
    screen: `${screen.width}x${screen.height}`,
    isSecureContext: window.isSecureContext,
    subtle: window.isSecureContext ? window.crypto?.subtle : undefined,
    storage,
    loadForgeSigner,
    navigate: (url) => location.assign(url),
    events: window,
    isHidden: () => document.visibilityState === 'hidden',
  };
}

/** The global the forge file sets when it runs. */
export const FORGE_GLOBAL = 'LobbyDownloadForge';

/**
 * The Trusted Types policy the forge loader creates (a page that requires Trusted Types
 * for scripts lists it: `trusted-types lobby-download`). Apart from the widgets' `lobby`
 * policy, so the download SDK and the widgets can share a page without a duplicate name.
 */
export const FORGE_TRUSTED_TYPES_POLICY = 'lobby-download';

type ScriptUrlFactory = { createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown } };
let forgePolicy: { createScriptURL(url: string): unknown } | null | undefined;
let forgeUrl = '';

/**
 * The forge file's URL as the page's Trusted Types want it: through the
 * `lobby-download` policy (created once, passing only the forge URL it was asked for),
 * or the plain URL where the browser has no Trusted Types or the page refuses the name.
 */
function trustedForgeUrl(src: string): unknown {
  forgeUrl = src;
  if (forgePolicy === undefined) {
    forgePolicy = null;
    try {
      forgePolicy = (globalThis as { trustedTypes?: ScriptUrlFactory }).trustedTypes?.createPolicy(FORGE_TRUSTED_TYPES_POLICY, {
        createScriptURL(url) {
          if (url !== forgeUrl) throw new TypeError(`lobby-download: refused script URL ${url}`);
          return url;
        },
      }) ?? null;
    } catch {
      // The page does not allow the name: the plain URL goes to its default policy, if any.
    }
  }
  return forgePolicy ? forgePolicy.createScriptURL(src) : src;
}

/**
 * Loads the standalone forge signer file with a script element (no CORS needed, allowed
 * by a `script-src` that allows the SDK itself; under Trusted Types through the
 * `lobby-download` policy) and answers its signer factory.
 *
 * @example await loadForgeScript('https://cdn.example/widgets/lobby-download-forge.js')
 */
export function loadForgeScript(src: string): Promise<SignerFactory> {
  const ready = () => (window as unknown as Record<string, { createForgeSigner?: SignerFactory } | undefined>)[FORGE_GLOBAL]?.createForgeSigner;
  const existing = ready();
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    (script as unknown as { src: unknown }).src = trustedForgeUrl(src);
    script.async = true;
    script.onload = () => {
      const factory = ready();
      if (factory) resolve(factory);
      else reject(new Error(`${src} did not define ${FORGE_GLOBAL}`));
    };
    script.onerror = () => reject(new Error(`cannot load ${src}`));
    document.head.append(script);
  });
}
