/** Venue wallets of issue 3: the provider adapter, the sandbox venue, transfers, recycling, throttle. */
export type { VenueProvider, VenueAnswer, VenueTransferCall } from './venue-provider.js';
export { VenueTimeoutError } from './venue-provider.js';
export { SandboxVenueProvider } from './sandbox-venue-provider.js';
export type { VenueFault } from './sandbox-venue-provider.js';
export { driveTransfer, reconcilePendingTransfers, reserveTransfer, settleTransfer, transfersOfRequest } from './venue-transfers.js';
export type { VenueTransfer, TransferRequest } from './venue-transfers.js';
export { brandVenues, recycleVenues, transferVenueOf, transferWithVenue, venueBooksOf, venueMoneyOf, venueOf } from './venue-wallets.js';
export type { SyncVenueBets, VenueRef } from './venue-wallets.js';
export { claimThrottle } from './throttle.js';
export type { ThrottledAction } from './throttle.js';
export { walletSettingsOf, updateWalletSettings } from './wallet-settings.js';
export type { WalletSettings } from './wallet-settings.js';
export { auditVenueBooks, VENUE_PENDING_MAX_AGE_MS } from './venue-audit.js';
export type { BookMismatch, ClearingMismatch, FeedStop, StalePending, VenueAudit, VenueAuditOptions } from './venue-audit.js';
