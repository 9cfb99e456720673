import type { Fixture, Market } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import type { Clock } from '../http/pipeline.js';
import { PRODUCERS, type FeedMessage, type FeedSnapshot, type Producer, type SportsFeed } from './feed-adapter.js';
import type { ChangeListener, MarketOutcomeRecord, OutcomeListener } from './feed-api.js';
import {
  applyBetStop, applyFixture, applyMarkets, applyMarketStatus, applyOutcome, applyOutcomes, hasFixture, hasMarket, liftProducerSuspension, marketsOf, readFixture,
  suspendProducer, writePosition,
} from './store.js';

/** A producer heard from for this long is silent: its markets are suspended until recovery. */
export const SILENT_AFTER_MS = 15_000;
/** A missing sequence not filled within this long is a gap: suspend and recover. */
export const GAP_WAIT_MS = 3_000;

interface ProducerState {
  /** Every sequence up to it was applied (or covered by a snapshot). */
  contiguous: number;
  /** The highest sequence a message or an alive named. */
  heardUpTo: number;
  /** Sequences above `contiguous` already applied. */
  ahead: Set<number>;
  /** When a sequence above `contiguous + 1` was first seen (or alive named one), null when none is missing. */
  missingSince: number | null;
  lastHeardMs: number;
  state: 'up' | 'down' | 'recovering';
  recoveries: number;
  /** A recovery waits in the queue. */
  recoveryQueued: boolean;
}

/** What one applied change commits: a fixture's new state and its changed markets, and changed outcomes. */
interface Changes {
  fixtures: Map<string, { fixture?: Fixture; markets: Market[] }>;
  outcomes: MarketOutcomeRecord[];
  /** The message names a fixture or market lobby does not hold: recover. */
  unknown: boolean;
}

const noChanges = (): Changes => ({ fixtures: new Map(), outcomes: [], unknown: false });

function addMarkets(changes: Changes, fixtureId: string, markets: (Market | undefined)[]): void {
  const entry = changes.fixtures.get(fixtureId) ?? { markets: [] };
  for (const market of markets) if (market) entry.markets.push(market);
  changes.fixtures.set(fixtureId, entry);
}

/**
 * lobby's feed consumer (docs/SPORTS.md, "The consumer"): applies every message of the feed
 * in its own transaction (versions make repeats and late messages no-ops), tracks each
 * producer's sequence, and when a sequence stays missing (GAP_WAIT_MS) or the producer is
 * silent (SILENT_AFTER_MS) suspends every active market of that producer and recovers from
 * the producer's snapshot. Listeners run after each commit.
 */
export class FeedConsumer {
  private readonly producers = new Map<Producer, ProducerState>();
  private readonly outcomeListeners: OutcomeListener[] = [];
  private readonly changeListeners: ChangeListener[] = [];
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Errors of applying (logged by the owner). */
  onError: (error: unknown) => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly feed: SportsFeed,
    private readonly clock: Clock,
  ) {
    for (const producer of PRODUCERS) {
      this.producers.set(producer, { contiguous: 0, heardUpTo: 0, ahead: new Set(), missingSince: null, lastHeardMs: clock.now(), state: 'down', recoveries: 0, recoveryQueued: false });
    }
  }

  onOutcome(listener: OutcomeListener): void {
    this.outcomeListeners.push(listener);
  }

  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  /** Takes the feed's messages; a producer is recovered from its snapshot before its first message is applied. */
  attach(): void {
    this.unsubscribe ??= this.feed.subscribe((message) => this.receive(message));
  }

  /** Recovers every producer now and looks for gaps and silence every `checkEveryMs` (while the instance listens). */
  watch(checkEveryMs = 1_000): void {
    this.attach();
    for (const producer of PRODUCERS) this.enqueueRecovery(producer);
    clearInterval(this.timer);
    this.timer = setInterval(() => this.check(), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
  }

  /** Resolves when every message received so far is applied (tests, the bench). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** A producer's state: up, down (suspended), recovering; its contiguous sequence and recoveries. */
  status(producer: Producer): { state: ProducerState['state']; contiguous: number; recoveries: number } {
    const state = this.producers.get(producer)!;
    return { state: state.state, contiguous: state.contiguous, recoveries: state.recoveries };
  }

  /** Takes one feed message (the feed's handler). */
  receive(message: FeedMessage): void {
    const state = this.producers.get(message.producer);
    if (!state) return;
    state.lastHeardMs = this.clock.now();
    if (state.state === 'down') this.enqueueRecovery(message.producer);
    if (message.type === 'alive') {
      state.heardUpTo = Math.max(state.heardUpTo, message.seq);
      if (state.heardUpTo > state.contiguous && state.missingSince === null) state.missingSince = this.clock.now();
      return;
    }
    state.heardUpTo = Math.max(state.heardUpTo, message.seq);
    this.enqueue(async () => {
      // At or below the contiguous sequence: applied already or covered by a snapshot (a repeat, a replay after recovery).
      if (message.seq <= state.contiguous) return;
      const changes = await this.db.transaction((tx) => this.apply(tx, message));
      if (changes.unknown) {
        await this.suspendAndRecover(message.producer);
        return;
      }
      this.advance(state, message.seq);
      await this.publish(changes);
    });
  }

  /** Looks for missing sequences and silent producers (every second while listening; tests call it after moving the clock). */
  check(): void {
    const now = this.clock.now();
    for (const [producer, state] of this.producers) {
      if (state.state !== 'up') continue;
      if (now - state.lastHeardMs >= SILENT_AFTER_MS) {
        state.state = 'down';
        this.enqueue(() => this.suspend(producer));
      } else if (state.missingSince !== null && now - state.missingSince >= GAP_WAIT_MS) {
        state.missingSince = null;
        this.enqueue(() => this.suspendAndRecover(producer));
      }
    }
  }

  private enqueueRecovery(producer: Producer): void {
    const state = this.producers.get(producer)!;
    if (state.recoveryQueued) return;
    state.recoveryQueued = true;
    this.enqueue(async () => {
      state.recoveryQueued = false;
      await this.recover(producer);
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => this.onError(error));
  }

  private advance(state: ProducerState, seq: number): void {
    if (seq > state.contiguous) state.ahead.add(seq);
    while (state.ahead.has(state.contiguous + 1)) {
      state.ahead.delete(state.contiguous + 1);
      state.contiguous += 1;
    }
    state.missingSince = state.contiguous >= state.heardUpTo ? null : (state.missingSince ?? this.clock.now());
  }

  private async apply(tx: Queryable, message: FeedMessage): Promise<Changes> {
    const now = new Date(this.clock.now());
    const changes = noChanges();
    switch (message.type) {
      case 'fixture_change': {
        const fixture = await applyFixture(tx, message.fixture, now);
        if (fixture) changes.fixtures.set(fixture.id, { fixture, markets: [] });
        break;
      }
      case 'odds_change': {
        if (!(await hasFixture(tx, message.fixtureId))) return { ...changes, unknown: true };
        addMarkets(changes, message.fixtureId, await applyMarkets(tx, message.fixtureId, message.markets, now));
        break;
      }
      case 'bet_stop': {
        const markets = [];
        for (const { marketId, version } of message.markets) markets.push(await applyBetStop(tx, message.fixtureId, marketId, version, now));
        addMarkets(changes, message.fixtureId, markets);
        break;
      }
      case 'alive':
        break;
      default: {
        const markets = [];
        for (const part of message.markets) {
          if (!(await hasMarket(tx, message.fixtureId, part.marketId))) return { ...changes, unknown: true };
          markets.push(await applyMarketStatus(tx, message.fixtureId, part.marketId, part.status, part.version, now));
          const outcome = await applyOutcome(tx, message.fixtureId, part.marketId, part.outcome, now);
          if (outcome) changes.outcomes.push(outcome);
        }
        addMarkets(changes, message.fixtureId, markets);
      }
    }
    return changes;
  }

  /** Runs the listeners of committed changes: change listeners with the fixture's current state, then outcome listeners. */
  private async publish(changes: Changes): Promise<void> {
    for (const [fixtureId, entry] of changes.fixtures) {
      if (!entry.fixture && entry.markets.length === 0) continue;
      const fixture = entry.fixture ?? (await readFixture(this.db, fixtureId));
      if (!fixture) continue;
      for (const listener of this.changeListeners) {
        try {
          listener({ fixture, markets: entry.markets });
        } catch (error) {
          this.onError(error);
        }
      }
    }
    for (const outcome of changes.outcomes) {
      for (const listener of this.outcomeListeners) await listener(outcome).catch((error: unknown) => this.onError(error));
    }
  }

  private async suspend(producer: Producer): Promise<void> {
    const state = this.producers.get(producer)!;
    state.state = 'down';
    const now = new Date(this.clock.now());
    const changed = await this.db.transaction(async (tx) => {
      const markets = await suspendProducer(tx, producer, now);
      await writePosition(tx, producer, state.contiguous, 'down', now);
      return markets;
    });
    const changes = noChanges();
    for (const [fixtureId, markets] of changed) addMarkets(changes, fixtureId, markets);
    await this.publish(changes);
  }

  private async suspendAndRecover(producer: Producer): Promise<void> {
    await this.suspend(producer);
    await this.recover(producer);
  }

  /** Applies the producer's snapshot (its markets stay suspended until then) and takes its sequence from there. */
  private async recover(producer: Producer): Promise<void> {
    const state = this.producers.get(producer)!;
    if (state.state === 'recovering') return;
    state.state = 'recovering';
    let snapshot: FeedSnapshot;
    try {
      snapshot = await this.feed.snapshot(producer);
    } catch (error) {
      state.state = 'down';
      throw error;
    }
    const now = new Date(this.clock.now());
    const changes = noChanges();
    await this.db.transaction(async (tx) => {
      for (const { fixture, markets, outcomes } of snapshot.fixtures) {
        const stored = await applyFixture(tx, fixture, now);
        changes.fixtures.set(fixture.id, { ...(stored ? { fixture: stored } : {}), markets: [] });
        addMarkets(changes, fixture.id, await applyMarkets(tx, fixture.id, markets, now, true));
        changes.outcomes.push(...(await applyOutcomes(tx, fixture.id, outcomes, now)));
      }
      for (const [fixtureId, markets] of await liftProducerSuspension(tx, producer, now)) addMarkets(changes, fixtureId, markets);
      await writePosition(tx, producer, snapshot.seq, 'up', now, true);
    });
    state.contiguous = Math.max(state.contiguous, snapshot.seq);
    for (const seq of [...state.ahead]) if (seq <= state.contiguous) state.ahead.delete(seq);
    state.missingSince = null;
    this.advance(state, state.contiguous);
    state.lastHeardMs = this.clock.now();
    state.state = 'up';
    state.recoveries += 1;
    await this.publish(changes);
  }

  /** Every market of a fixture as served (a recovery pushes them all). */
  markets(fixtureId: string): Promise<Market[]> {
    return marketsOf(this.db, fixtureId);
  }
}
