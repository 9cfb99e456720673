/**
 * Entry of `lobby.js`, the loader stub a partner page includes first (under 1 KB gzip).
 * See `stub.ts` for the protocol. Importing this module in Node does nothing.
 */
import { installStub, type LobbyHost } from './stub.js';

if (typeof window !== 'undefined') installStub(window as unknown as LobbyHost);
