import type { Fixture, Market, SelectionResult } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { FeedConsumer } from './consumer.js';
import type { SandboxFeed } from './sandbox/sandbox-feed.js';

/**
 * What lobby's sports store offers the rest of the server (issue 19; docs/SPORTS.md): the
 * fixtures and markets the feed consumer keeps current from the odds feed, and each market's
 * outcome (settled, cancelled, or open again after a rollback). The sportsbook reads it; the
 * sports-feed folder implements it and decorates `app.sportsFeed`.
 */

/** A market with its fixture, as stored at the moment it was read. */
export interface FixtureMarket {
  fixture: Fixture;
  market: Market;
  /** When the market was last suspended (bet stop), null if never: an in-play bet delay checks it. */
  suspendedAt: Date | null;
}

/**
 * A market's outcome as the feed last stated it. `version` grows with every outcome message
 * applied (settlement, cancellation, rollback of either), so a reader settles each version once.
 * - `settled`: `results` holds every selection's result;
 * - `cancelled`: every bet on the market is void (stakes back), or only bets placed inside
 *   [voidFrom, voidTo) when the cancel names a window (a bet taken after its outcome was known);
 * - `open`: a settlement or cancellation was rolled back: bets are open again.
 */
export interface MarketOutcomeRecord {
  fixtureId: string;
  marketId: string;
  version: number;
  state: 'settled' | 'cancelled' | 'open';
  results: Record<string, SelectionResult>;
  voidFrom: Date | null;
  voidTo: Date | null;
  /** Why, in the feed's words (shown to the member on a resettled bet). */
  reason: string;
  at: Date;
}

export interface SportsStore {
  /**
   * Reads the market and its fixture with a shared row lock (`FOR SHARE` on the market row)
   * held until the caller's transaction ends: a bet stop or odds change, which update the
   * row, wait for the bet being placed, and a bet placed after them sees them.
   */
  lockMarket(tx: Queryable, fixtureId: string, marketId: string): Promise<FixtureMarket | undefined>;
  /** The market and its fixture without a lock. */
  market(db: Queryable, fixtureId: string, marketId: string): Promise<FixtureMarket | undefined>;
  /** The market's outcome, undefined while the feed stated none. */
  outcome(db: Queryable, fixtureId: string, marketId: string): Promise<MarketOutcomeRecord | undefined>;
  /** Markets whose outcome changed at or after `since` (a sweep settles what a listener missed). */
  outcomesSince(db: Queryable, since: Date, limit: number): Promise<MarketOutcomeRecord[]>;
}

/** Called after the commit of every changed market outcome. Must be idempotent: it may be called again. */
export type OutcomeListener = (outcome: MarketOutcomeRecord) => Promise<void>;

/** Called after the commit of every changed fixture or market (odds, status, score). */
export type ChangeListener = (change: { fixture: Fixture; markets: Market[] }) => void;

export interface SportsFeedService {
  store: SportsStore;
  onOutcome(listener: OutcomeListener): void;
  onChange(listener: ChangeListener): void;
  /** The feed consumer (consumer.ts): `idle()` resolves when every message received so far is applied; `check()` looks for gaps and silence now. */
  consumer: FeedConsumer;
  /** The sandbox feed while the sandbox is on (its doors and tests drive it: createFixture, run, goal, betStop, cancel, rollback, setFault, tick). */
  sandbox: SandboxFeed | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** lobby's sports store and feed consumer (sports-feed/routes.ts decorates it). */
    sportsFeed: SportsFeedService;
  }
}
