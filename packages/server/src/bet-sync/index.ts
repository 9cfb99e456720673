/** Bet sync of issue 18: transfer venues' bet records pulled into `game_bets` and the ledger, and their reconciliation. */
export { BetSync, BET_SYNC_MAX_PAGES, BET_SYNC_PAGE_SIZE, BET_SYNC_PAGE_TIMEOUT_MS, syncVenueBets, venuePlayKind, venuesToSync } from './bet-sync-service.js';
export type { SyncOptions, SyncOutcome } from './bet-sync-service.js';
export { feedPosition, feedPositions } from './bet-sync-repository.js';
export type { FeedPosition } from './bet-sync-repository.js';
