/** Bet sync of issue 18: transfer venues' bet records pulled into `game_bets` and the ledger, and their reconciliation. */
export { BetSync, BET_SYNC_MAX_PAGES, BET_SYNC_PAGE_SIZE, syncVenueBets, venuePlayKind, venuesToSync } from './bet-sync-service.js';
export type { SyncOutcome } from './bet-sync-service.js';
export { feedPosition, feedPositions } from './bet-sync-repository.js';
export type { FeedPosition } from './bet-sync-repository.js';
