/** The sandbox studio (issue 18): a game provider behind GameProvider with its own books; docs/STUDIO.md. */
export { SandboxStudio, STUDIO_NAME, playUrlOf } from './sandbox-studio.js';
export type { SandboxStudioOptions } from './sandbox-studio.js';
export { StudioTimeoutError } from './faults.js';
export type { CallFault, FeedFault, QueuedFault, StudioFaultTarget } from './faults.js';
export type { LobbyWallet, AuthenticateResult, LaunchIdentity } from './lobby-wallet.js';
export { lobbyWalletOf } from './lobby-wallet.js';
export { brandVenueLookup } from './studio-venues.js';
export type { StudioVenue, StudioVenueLookup } from './studio-venues.js';
export { DEMO_BALANCE_MINOR, STUDIO_SESSION_TTL_MS } from './sessions.js';
export { appendFeedEntry, applyMove, lockVenueBalance } from './venue-wallet.js';
export type { FeedEntry, MoveKind } from './venue-wallet.js';
