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
 * Loads the standalone forge signer file with a script element (no CORS needed, allowed
 * by a `script-src` that allows the SDK itself) and answers its signer factory.
 *
 * @example await loadForgeScript('https://cdn.example/widgets/lobby-download-forge.js')
 */
export function loadForgeScript(src: string): Promise<SignerFactory> {
  const ready = () => (window as unknown as Record<string, { createForgeSigner?: SignerFactory } | undefined>)[FORGE_GLOBAL]?.createForgeSigner;
  const existing = ready();
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
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
