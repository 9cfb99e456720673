import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { movableClock, type MovableClock } from '../testing/clock.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { FeedConsumer, GAP_WAIT_MS, SILENT_AFTER_MS } from './consumer.js';
import type { FeedMessage, Producer } from './feed-adapter.js';
import type { MarketOutcomeRecord } from './feed-api.js';
import { ALIVE_EVERY_MS, SandboxFeed, type SandboxFault } from './sandbox/sandbox-feed.js';
import { marketsOf, sportsStore } from './store.js';
import { fixtureDetail } from './queries.js';

/** A sandbox feed and lobby's consumer on one database and clock, as the server wires them. */
function wire(db: Database, clock: MovableClock) {
  const feed = new SandboxFeed({ clock });
  const consumer = new FeedConsumer(db, feed, clock);
  const errors: unknown[] = [];
  consumer.onError = (error) => errors.push(error);
  const outcomes: MarketOutcomeRecord[] = [];
  consumer.onOutcome(async (outcome) => {
    outcomes.push(outcome);
  });
  const messages: FeedMessage[] = [];
  feed.subscribe((message) => messages.push(message));
  consumer.attach();
  return { feed, consumer, errors, outcomes, messages };
}

type Wired = ReturnType<typeof wire>;

/**
 * A match day on two producers: a football match with goals (bet stops), a windowed cancel
 * rolled back, a basketball match with random scores and a bet stop, an eSoccer match with
 * a market cancelled; all played to the end, then a settlement rolled back and settled again.
 * `during` runs after the first minute (a fault switched on), `after` before the end.
 */
async function matchDay({ feed, consumer }: Wired, clock: MovableClock, during: () => void = () => undefined, after: () => void = () => undefined) {
  const football = feed.createFixture({ sport: 'football', homeEn: 'Harbour City', homeZh: '海港城', awayEn: 'North Vale', awayZh: '北谷' });
  const basketball = feed.createFixture({ sport: 'basketball', random: true });
  const esoccer = feed.createFixture({ sport: 'esoccer' });
  await consumer.idle();
  for (let step = 0; step < 8; step += 1) {
    clock.advance(9_000);
    feed.tick();
    if (step === 0) during();
    if (step === 1) feed.goal(football, 'home');
    if (step === 2) feed.goal(esoccer, 'away');
    if (step === 3) feed.betStop(basketball, 5);
    if (step === 4) feed.cancel(football, { marketIds: ['cs'], voidFromMs: clock.now() - 20_000, voidToMs: clock.now() - 5_000 });
    if (step === 5) feed.rollback(football, { kind: 'cancel', marketIds: ['cs'] });
    if (step === 6) feed.cancel(esoccer, { marketIds: ['oe'], reason: 'the source withdrew the market' });
    if (step === 7) feed.goal(football, 'away');
    await consumer.idle();
  }
  after();
  for (const id of [football, basketball, esoccer]) {
    feed.run(id, { toEnd: true });
    await consumer.idle();
  }
  feed.rollback(football, { kind: 'settlement', marketIds: ['1x2', 'oe'], resettle: true, reason: 'a goal was given late' });
  clock.advance(1_000);
  feed.tick();
  await consumer.idle();
  return [football, basketball, esoccer];
}

const ms = (date: Date | null) => (date === null ? null : date.getTime());

/** lobby's store holds exactly what the feed states: fixtures, events, every market's status and prices, every outcome. */
async function expectStoreToMatchFeed(db: Database, feed: SandboxFeed, fixtureIds: string[]) {
  for (const fixtureId of fixtureIds) {
    const truth = feed.fixtureState(fixtureId);
    const stored = await fixtureDetail(db, fixtureId);
    const { version: _feedVersion, events, periods, ...feedFixture } = truth.fixture!;
    const { version: _storedVersion, ...storedFixture } = stored.fixture;
    expect(storedFixture).toEqual(feedFixture);
    expect(stored.events).toEqual(events);
    expect(stored.periods).toEqual(periods);
    const strip = ({ version: _version, ...market }: { version: number }) => market;
    const storedMarkets = Object.fromEntries((await marketsOf(db, fixtureId)).map((market) => [market.id, strip(market)]));
    expect(storedMarkets).toEqual(Object.fromEntries(truth.markets.filter((market) => market.version > 0).map((market) => [market.id, strip(market)])));
    for (const [marketId, outcome] of Object.entries(truth.outcomes)) {
      const record = await sportsStore.outcome(db, fixtureId, marketId);
      expect({ state: record?.state, results: record?.results, voidFrom: ms(record?.voidFrom ?? null), voidTo: ms(record?.voidTo ?? null), reason: record?.reason })
        .toEqual({ state: outcome.state, results: outcome.results, voidFrom: outcome.voidFromMs, voidTo: outcome.voidToMs, reason: outcome.reason });
    }
  }
}

/** Served statuses of the producer's markets that the feed holds active. */
async function servedStatusesOfActive(db: Database, feed: SandboxFeed, fixtureIds: string[]) {
  const statuses = new Set<string>();
  for (const fixtureId of fixtureIds) {
    const active = new Set(feed.fixtureState(fixtureId).markets.filter((market) => market.status === 'active').map((market) => market.id));
    for (const market of await marketsOf(db, fixtureId)) if (active.has(market.id)) statuses.add(market.status);
  }
  return statuses;
}

describe.each(testEngines())('the sports feed consumer on %s', (engine) => {
  const suite = databaseSuite(engine);
  let start = Date.UTC(2026, 10, 26, 4, 0);
  const clockForTest = () => movableClock((start += 3 * 3600_000));

  it('keeps the store exactly as the feed states it in a clean run, and tells every outcome after its commit', async () => {
    const clock = clockForTest();
    const wired = wire(suite.db, clock);
    const ids = await matchDay(wired, clock);
    await expectStoreToMatchFeed(suite.db, wired.feed, ids);
    expect(wired.errors).toEqual([]);
    // Football: settled at the end, then 1x2 and odd/even rolled back (open) and settled again: three outcome versions each.
    const oneXTwo = wired.outcomes.filter((outcome) => outcome.fixtureId === ids[0] && outcome.marketId === '1x2');
    expect(oneXTwo.map((outcome) => outcome.state)).toEqual(['settled', 'open', 'settled']);
    expect(oneXTwo.map((outcome) => outcome.version)).toEqual([1, 2, 3]);
    const detail = await fixtureDetail(suite.db, ids[0]!);
    expect(detail.fixture).toMatchObject({ status: 'ended', minute: 90, score: { home: 1, away: 1 }, homeEn: 'Harbour City', homeZh: '海港城' });
    expect(detail.events.map((event) => [event.side, event.score])).toEqual([['home', { home: 1, away: 0 }], ['away', { home: 1, away: 1 }]]);
    expect(wired.consumer.status('sports').recoveries).toBe(1);
  });

  for (const fault of ['repeat', 'reorder'] as const satisfies readonly SandboxFault[]) {
    it(`ends in the clean run's state when the feed ${fault}s every message`, async () => {
      const clock = clockForTest();
      const wired = wire(suite.db, clock);
      const ids = await matchDay(wired, clock, () => {
        for (const producer of ['sports', 'esports'] as Producer[]) wired.feed.setFault(producer, fault, { times: 1000 });
      });
      await expectStoreToMatchFeed(suite.db, wired.feed, ids);
      expect(wired.errors).toEqual([]);
      // Nothing was lost: the sequence closed up without a recovery.
      expect(wired.consumer.status('sports').recoveries).toBe(1);
      const outcomes = wired.outcomes.filter((outcome) => outcome.fixtureId === ids[0] && outcome.marketId === '1x2');
      // Repeats apply once (settled, open, settled); reordered, the resettlement may overtake the rollback, which is then older and ignored.
      expect(outcomes.at(-1)).toMatchObject({ state: 'settled' });
      expect(outcomes.map((outcome) => outcome.version)).toEqual(fault === 'repeat' ? [1, 2, 3] : outcomes.map((_, index) => index + 1));
    });
  }

  it('on a sequence gap suspends every active market of the producer, then recovers from the snapshot', async () => {
    const clock = clockForTest();
    const wired = wire(suite.db, clock);
    const { feed, consumer } = wired;
    const ids = await matchDay(wired, clock, () => feed.setFault('sports', 'drop', { times: 2 }));
    const football = feed.createFixture({ sport: 'football' });
    clock.advance(9_000);
    feed.tick();
    feed.setFault('sports', 'drop', { times: 1 });
    feed.run(football, { minutes: 10 });
    await consumer.idle();
    const before = consumer.status('sports').recoveries;
    // Between the suspension and the recovery the markets read suspended (as pushed to pages).
    const pushed = new Set<string>();
    consumer.onChange(({ fixture, markets }) => {
      if (fixture.id === football) for (const market of markets) pushed.add(market.status);
    });
    clock.advance(GAP_WAIT_MS);
    consumer.check();
    await consumer.idle();
    expect(pushed).toEqual(new Set(['suspended', 'active']));
    expect(consumer.status('sports').recoveries).toBe(before + 1);
    await expectStoreToMatchFeed(suite.db, feed, [...ids, football]);
    expect(wired.errors).toEqual([]);
  });

  it('suspends every active market of a silent producer, and recovers when it speaks again', async () => {
    const clock = clockForTest();
    const wired = wire(suite.db, clock);
    const { feed, consumer } = wired;
    const football = feed.createFixture({ sport: 'football' });
    const esoccer = feed.createFixture({ sport: 'esoccer' });
    clock.advance(ALIVE_EVERY_MS);
    feed.tick();
    await consumer.idle();
    expect(await servedStatusesOfActive(suite.db, feed, [football])).toEqual(new Set(['active']));

    feed.setFault('sports', 'silent', { on: true });
    clock.advance(SILENT_AFTER_MS);
    feed.tick();
    feed.goal(football, 'home');
    feed.run(football, { minutes: 20 });
    consumer.check();
    await consumer.idle();
    expect(consumer.status('sports').state).toBe('down');
    // Every market the feed holds active reads suspended; the other producer is untouched.
    expect(await servedStatusesOfActive(suite.db, feed, [football])).toEqual(new Set(['suspended']));
    expect(await servedStatusesOfActive(suite.db, feed, [esoccer])).toEqual(new Set(['active']));
    const locked = await sportsStore.market(suite.db, football, '1x2');
    expect(locked?.market.status).toBe('suspended');
    expect(locked?.suspendedAt?.getTime()).toBe(clock.now());

    feed.setFault('sports', 'silent', { on: false });
    clock.advance(ALIVE_EVERY_MS);
    feed.tick();
    await consumer.idle();
    expect(consumer.status('sports').state).toBe('up');
    await expectStoreToMatchFeed(suite.db, feed, [football, esoccer]);
    expect((await fixtureDetail(suite.db, football)).fixture.score).toEqual({ home: 1, away: 0 });
    expect(wired.errors).toEqual([]);
  });

  it('makes a bet stop wait for a bet holding the market (FOR SHARE), and a bet after it sees the stop', async () => {
    const clock = clockForTest();
    const { feed, consumer } = wire(suite.db, clock);
    const football = feed.createFixture({ sport: 'football' });
    await consumer.idle();
    let release: () => void = () => undefined;
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const bet = suite.db.transaction(async (tx) => {
      const seen = await sportsStore.lockMarket(tx, football, '1x2');
      locked();
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    await lockTaken;
    feed.goal(football, 'home');
    let applied = false;
    const stopApplied = consumer.idle().then(() => (applied = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(applied).toBe(false);
    release();
    expect((await bet)?.market.status).toBe('active');
    await stopApplied;
    const after = await suite.db.transaction((tx) => sportsStore.lockMarket(tx, football, '1x2'));
    expect(after?.market.status).toBe('suspended');
    expect(after?.suspendedAt?.getTime()).toBe(clock.now());
  });

  it('applies a message once when two consumers (two instances) take it, and ignores a late, older one', async () => {
    const clock = clockForTest();
    const wired = wire(suite.db, clock);
    const second = new FeedConsumer(suite.db, wired.feed, clock);
    const secondOutcomes: MarketOutcomeRecord[] = [];
    second.onOutcome(async (outcome) => {
      secondOutcomes.push(outcome);
    });
    second.attach();
    const football = wired.feed.createFixture({ sport: 'football' });
    wired.feed.run(football, { toEnd: true });
    await Promise.all([wired.consumer.idle(), second.idle()]);
    const settled = [...wired.outcomes, ...secondOutcomes].filter((outcome) => outcome.fixtureId === football && outcome.marketId === '1x2');
    expect(settled).toHaveLength(1);
    // A late copy of an old odds change (the market's first version) changes nothing.
    const first = wired.messages.find((message) => message.type === 'odds_change' && message.fixtureId === football)!;
    const before = await marketsOf(suite.db, football);
    wired.consumer.receive({ ...first, seq: 1 });
    await wired.consumer.idle();
    expect(await marketsOf(suite.db, football)).toEqual(before);
    await expectStoreToMatchFeed(suite.db, wired.feed, [football]);
  });
});
