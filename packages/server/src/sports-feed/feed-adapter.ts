import type { Fixture, MarketStatus, Market, MatchEvent, Score, SelectionResult, SportKind } from '@lobby/sdk';

/**
 * The odds feed adapter (issue 19; docs/SPORTS.md, "The feed"): what a real odds feed
 * (Betradar UOF, an aggregator) or the sandbox feed delivers to lobby. Each producer
 * (`sports`, `esports`) numbers its messages with its own sequence (1, 2, ...); `alive`
 * heartbeats carry the last sequence sent instead. Every fixture and market state carries
 * the feed's version of it (grows with every change), every outcome message the feed's
 * outcome version of its market, so a consumer applies them in any order and at most once.
 */
export type Producer = SportKind;
export const PRODUCERS: readonly Producer[] = ['sports', 'esports'];

/** A fixture as the feed states it: lobby's Fixture (version is the feed's) with its scoring events and period scores. */
export interface FeedFixture extends Fixture {
  events: MatchEvent[];
  periods: Score[];
}

/** A market state (odds, status) at the feed's version. */
export type FeedMarket = Market;

/** A market in an outcome message: its new state version and status, and its whole outcome as the feed now states it. */
export interface FeedMarketOutcome {
  marketId: string;
  /** The market's feed version after this message (its status changes with it). */
  version: number;
  /** The market's status after this message: settled, cancelled, or (rollback) what it returns to. */
  status: MarketStatus;
  outcome: FeedOutcome;
}

interface Envelope {
  producer: Producer;
  /** The producer's message sequence (alive: the last sequence sent). */
  seq: number;
  /** When the feed sent it (ms since the epoch). */
  sentAtMs: number;
}

export type FeedMessage = Envelope &
  (
    | { type: 'fixture_change'; fixture: FeedFixture }
    | { type: 'odds_change'; fixtureId: string; markets: FeedMarket[] }
    /** Markets suspended (bet stop): each at its new feed version. */
    | { type: 'bet_stop'; fixtureId: string; markets: { marketId: string; version: number }[] }
    /** Settlement, cancellation (void: every bet, or with a window only bets placed inside it) and rollback of either: each market's whole outcome. */
    | { type: OutcomeMessageType; fixtureId: string; markets: FeedMarketOutcome[] }
    | { type: 'alive' }
  );

export type FeedMessageType = FeedMessage['type'];
export type OutcomeMessageType = 'bet_settlement' | 'bet_cancel' | 'rollback_bet_settlement' | 'rollback_bet_cancel';

/**
 * A market's outcome as the feed states it: settled (results), cancelled (void: every bet, or
 * with a window only bets placed in [voidFromMs, voidToMs)), open (rolled back). A window
 * stays on a later settled or open outcome while the cancel that set it stands.
 */
export interface FeedOutcome {
  /** The feed's version of the outcome (grows with every settlement, cancel and rollback). */
  outcomeVersion: number;
  state: 'settled' | 'cancelled' | 'open';
  results: Record<string, SelectionResult>;
  voidFromMs: number | null;
  voidToMs: number | null;
  reason: string;
}

/** A producer's current state (recovery): every fixture it serves now with markets and outcomes, as of `seq`. */
export interface FeedSnapshot {
  producer: Producer;
  /** The last sequence the snapshot includes; messages after it follow. */
  seq: number;
  fixtures: { fixture: FeedFixture; markets: FeedMarket[]; outcomes: (FeedOutcome & { marketId: string })[] }[];
}

/** An odds feed: push messages to a handler; answer a producer's snapshot on demand. */
export interface SportsFeed {
  /** Delivers every message to `handler` (in the feed's order, which may not be sequence order); returns an unsubscribe. */
  subscribe(handler: (message: FeedMessage) => void): () => void;
  /** The producer's current state (recovery after a gap or silence). */
  snapshot(producer: Producer): Promise<FeedSnapshot>;
}
