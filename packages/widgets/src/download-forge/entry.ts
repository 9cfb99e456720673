// dist/lobby-download-forge.js: the node-forge signer as its own file. The download SDK
// adds it with a script element only on pages that are not a secure context; it sets
// `window.LobbyDownloadForge`.
import { createForgeSigner } from '../../../sdk/src/download/forge-signer.js';

if (typeof window !== 'undefined') {
  (window as unknown as { LobbyDownloadForge: unknown }).LobbyDownloadForge = { createForgeSigner };
}
