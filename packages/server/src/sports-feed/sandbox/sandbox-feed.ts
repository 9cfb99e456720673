import type { MarketStatus, MatchEvent, Score, Selection, SportCode } from '@lobby/sdk';
import type { Clock } from '../../http/pipeline.js';
import { PRODUCERS, type FeedFixture, type FeedMarket, type FeedMessage, type FeedOutcome, type FeedSnapshot, type OutcomeMessageType, type Producer, type SportsFeed } from '../feed-adapter.js';
import { decidedEarly, priceMarkets, settleMarket, type MarketSpec } from './model.js';
import { SIM_MINUTE_MS, SPORT_PARAMS, planFixture, type FixturePlan, type PlannedScore } from './plan.js';

/**
 * The sandbox odds feed (docs/SPORTS.md, "The sandbox feed"): a third party with its own
 * state, reaching lobby only through the SportsFeed adapter. It keeps a rolling schedule of
 * fixtures per sport, plays each match over simulated time on the clock it is given (goals
 * from the fixture's seed, a bet stop around every goal in football-like sports, odds from
 * the Poisson model moving as time passes), settles markets when they are decided and at the
 * end, now and then cancels one or settles one wrongly and corrects it, and has fault
 * switches (silent, drop, repeat, reorder, delay) per producer.
 */

/** Markets stay suspended this long (real ms) after a goal. */
export const BET_STOP_MS = 4_000;
/** A producer sends `alive` this often. */
export const ALIVE_EVERY_MS = 5_000;
/** A wrong settlement is corrected (rollback + settlement) this long after it (real ms). */
export const CORRECTION_AFTER_MS = 20_000;
/** The rolling schedule: every slot starting within this horizon is announced... */
export const HORIZON_MS = 3600_000;
/** ...plus one slot in 60 (every 6 hours) over the next days... */
export const FEATURED_EVERY_SLOTS = 60;
export const FEATURED_HORIZON_MS = 2 * 24 * 3600_000;
/** ...and ended fixtures stay served (in snapshots) this long after their end. */
export const KEEP_ENDED_MS = 40 * 60_000;

export type SandboxFault = 'silent' | 'drop' | 'repeat' | 'reorder' | 'delay';
export const SANDBOX_FAULTS: readonly SandboxFault[] = ['silent', 'drop', 'repeat', 'reorder', 'delay'];

interface ProducerFaults {
  silent: boolean;
  /** Messages still to drop, repeat, reorder. */
  drop: number;
  repeat: number;
  reorder: number;
  delayMs: number;
}

interface MarketState {
  spec: MarketSpec;
  version: number;
  status: MarketStatus;
  selections: Selection[];
  outcomeVersion: number;
  outcome: FeedOutcome | null;
}

interface FixtureState {
  plan: FixturePlan;
  producer: Producer;
  /** Real ms the match was run forward (sandbox doors). */
  offsetMs: number;
  forced: PlannedScore[];
  /** A bet stop door holds the markets suspended until then (real ms). */
  stopUntilMs: number;
  version: number;
  emitted: FeedFixture | null;
  emittedKey: string;
  markets: Map<string, MarketState>;
  pricedKey: string;
  ended: boolean;
  correctionAtMs: number | null;
}

export interface SandboxFeedOptions {
  clock: Clock;
  seed?: string;
  /** Keep the rolling schedule once started (the server while listening; tests without listening get fixtures from the doors only). */
  schedule?: boolean;
  /** Real length of a match per sport, ms (SPORT_PARAMS' by default: football 12 minutes). */
  matchMs?: Partial<Record<SportCode, number>>;
}

export interface CreateFixture {
  sport: SportCode;
  homeEn?: string;
  homeZh?: string;
  awayEn?: string;
  awayZh?: string;
  /** Kick-off this long from now (0: now). */
  startsInMs?: number;
  /** Play random goals too (door fixtures are quiet by default: only forced goals). */
  random?: boolean;
}

const clone = <T>(value: T): T => structuredClone(value);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class SandboxFeed implements SportsFeed {
  private readonly handlers = new Set<(message: FeedMessage) => void>();
  private readonly fixtures = new Map<string, FixtureState>();
  private readonly seq = new Map<Producer, number>();
  private readonly faults = new Map<Producer, ProducerFaults>();
  private readonly held = new Map<Producer, FeedMessage>();
  private readonly aliveAt = new Map<Producer, number>();
  private readonly seed: string;
  private timer: NodeJS.Timeout | undefined;
  private created = 0;
  private scheduling = false;

  constructor(private readonly options: SandboxFeedOptions) {
    this.seed = options.seed ?? 'lobby-sandbox-sports';
    for (const producer of PRODUCERS) {
      this.seq.set(producer, 0);
      this.faults.set(producer, { silent: false, drop: 0, repeat: 0, reorder: 0, delayMs: 0 });
    }
  }

  private get now(): number {
    return this.options.clock.now();
  }

  subscribe(handler: (message: FeedMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async snapshot(producer: Producer): Promise<FeedSnapshot> {
    this.tick();
    const fixtures = [...this.fixtures.values()].filter((state) => state.producer === producer && state.emitted).map((state) => ({
      fixture: clone(state.emitted!),
      markets: [...state.markets.values()].filter((market) => market.version > 0).map((market) => this.marketOf(market)),
      outcomes: [...state.markets.values()].filter((market) => market.outcome).map((market) => ({ marketId: market.spec.id, ...clone(market.outcome!) })),
    }));
    return { producer, seq: this.seq.get(producer)!, fixtures };
  }

  /** Keeps the rolling schedule (when its option is on) and ticks every second (the server while listening). */
  start(everyMs = 1_000): void {
    this.scheduling = this.options.schedule ?? false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Turns the rolling schedule on or off (a test that listens turns it off before the first tick, a second after listening). */
  setSchedule(on: boolean): void {
    this.scheduling = on;
  }

  /** Brings every fixture to the clock's time, sending what changed; sends alives when due. */
  tick(): void {
    const now = this.now;
    if (this.scheduling) this.keepSchedule(now);
    for (const state of this.fixtures.values()) this.step(state, now);
    for (const producer of PRODUCERS) {
      this.flushHeld(producer);
      if (now - (this.aliveAt.get(producer) ?? 0) >= ALIVE_EVERY_MS) {
        this.aliveAt.set(producer, now);
        if (!this.faults.get(producer)!.silent) this.send({ producer, seq: this.seq.get(producer)!, sentAtMs: now, type: 'alive' });
      }
    }
  }

  // ---- Doors (sandbox-doors.ts) ----

  /** A fixture starting now (or in `startsInMs`) with the given teams; quiet (only forced goals) unless `random`. */
  createFixture(input: CreateFixture): string {
    const params = this.paramsOf(input.sport);
    this.created += 1;
    const id = `${input.sport}-x${this.now.toString(36)}${this.created}`;
    const names = (en: string | undefined, zh: string | undefined) => (en ? { en, zh: zh ?? en } : undefined);
    const plan = planFixture({
      id, sport: input.sport, startsAtMs: this.now + (input.startsInMs ?? 0), seed: this.seed, params,
      ...(names(input.homeEn, input.homeZh) ? { home: names(input.homeEn, input.homeZh)! } : {}),
      ...(names(input.awayEn, input.awayZh) ? { away: names(input.awayEn, input.awayZh)! } : {}),
      quiet: !input.random, plain: true,
    });
    this.add(plan);
    this.step(this.fixtures.get(id)!, this.now);
    return id;
  }

  /** Runs a fixture forward `minutes` simulated minutes, or to its end. */
  run(fixtureId: string, input: { minutes?: number; toEnd?: boolean }): void {
    const state = this.fixture(fixtureId);
    const { params } = state.plan;
    if (input.toEnd) state.offsetMs = Math.max(state.offsetMs, params.realMs - (this.now - state.plan.startsAtMs));
    else state.offsetMs += ((input.minutes ?? 1) * SIM_MINUTE_MS * params.realMs) / (params.minutes * SIM_MINUTE_MS);
    this.step(state, this.now);
  }

  /** A goal (a score) for a side now; the match must be in play. */
  goal(fixtureId: string, side: 'home' | 'away'): void {
    const state = this.fixture(fixtureId);
    const simMs = this.simMsOf(state, this.now);
    if (this.statusOf(state, simMs) !== 'live') throw new SandboxRefusal(`fixture ${fixtureId} is not in play`);
    state.forced.push({ atSimMs: simMs, side, points: state.plan.params.points[0]![0] });
    this.step(state, this.now);
  }

  /** Suspends every open market of the fixture for `seconds` (then they reopen with new odds). */
  betStop(fixtureId: string, seconds: number): void {
    const state = this.fixture(fixtureId);
    state.stopUntilMs = this.now + seconds * 1000;
    this.step(state, this.now);
  }

  /** Cancels markets (every open one when none named): every bet void, or with a window only bets placed inside it. */
  cancel(fixtureId: string, input: { marketIds?: string[]; voidFromMs?: number; voidToMs?: number; reason?: string }): string[] {
    const state = this.fixture(fixtureId);
    const windowed = input.voidFromMs !== undefined || input.voidToMs !== undefined;
    // A windowed cancel may follow a settlement (bets placed after the result was known); a full one takes open markets only.
    const targets = this.marketsNamed(state, input.marketIds, (market) =>
      market.version > 0 && market.status !== 'cancelled' && market.outcome?.state !== 'cancelled' && (windowed || market.status !== 'settled'));
    const reason = input.reason ?? (windowed ? 'bets placed after the result was known are void' : 'the market was cancelled');
    this.sendOutcomes(state, 'bet_cancel', targets.map((market) => ({
      market,
      status: windowed ? market.status : 'cancelled',
      outcome: {
        state: windowed && market.outcome?.state === 'settled' ? 'settled' : 'cancelled',
        results: windowed ? market.outcome?.results ?? {} : {},
        voidFromMs: windowed ? input.voidFromMs ?? 0 : null,
        voidToMs: windowed ? input.voidToMs ?? this.now : null,
        reason,
      },
    })));
    return targets.map((market) => market.spec.id);
  }

  /** Rolls back the settlement or cancellation of markets (every such one when none named), and settles again when asked. */
  rollback(fixtureId: string, input: { kind: 'settlement' | 'cancel'; marketIds?: string[]; resettle?: boolean; reason?: string }): string[] {
    const state = this.fixture(fixtureId);
    const targets = this.marketsNamed(state, input.marketIds, (market) => market.outcome?.state === (input.kind === 'settlement' ? 'settled' : 'cancelled'));
    const reopened: MarketStatus = state.ended ? 'suspended' : 'active';
    const type: OutcomeMessageType = input.kind === 'settlement' ? 'rollback_bet_settlement' : 'rollback_bet_cancel';
    this.sendOutcomes(state, type, targets.map((market) => {
      const window = input.kind === 'settlement' ? { voidFromMs: market.outcome!.voidFromMs, voidToMs: market.outcome!.voidToMs } : { voidFromMs: null, voidToMs: null };
      return { market, status: market.status === 'settled' || market.status === 'cancelled' ? reopened : market.status, outcome: { state: 'open', results: {}, ...window, reason: input.reason ?? `${input.kind} rolled back` } };
    }));
    if (input.resettle && state.ended) this.settle(state, targets, input.reason ?? 'settled again after a correction');
    return targets.map((market) => market.spec.id);
  }

  /** Sets a fault of a producer: silent on/off, or the next `times` messages dropped, repeated, reordered; delay every message. */
  setFault(producer: Producer, fault: SandboxFault | 'clear', input: { on?: boolean; times?: number; delayMs?: number } = {}): void {
    const faults = this.faults.get(producer)!;
    if (fault === 'clear') Object.assign(faults, { silent: false, drop: 0, repeat: 0, reorder: 0, delayMs: 0 });
    else if (fault === 'silent') faults.silent = input.on ?? true;
    else if (fault === 'delay') faults.delayMs = input.delayMs ?? 0;
    else faults[fault] = input.times ?? 1;
    if (fault === 'clear' || fault === 'reorder') this.flushHeld(producer);
  }

  /** The feed's own view of a fixture (doors answer it; tests compare). */
  fixtureState(fixtureId: string): { fixture: FeedFixture | null; markets: FeedMarket[]; outcomes: Record<string, FeedOutcome> } {
    const state = this.fixture(fixtureId);
    const outcomes: Record<string, FeedOutcome> = {};
    for (const market of state.markets.values()) if (market.outcome) outcomes[market.spec.id] = clone(market.outcome);
    return { fixture: clone(state.emitted), markets: [...state.markets.values()].map((market) => this.marketOf(market)), outcomes };
  }

  /**
   * The fixtures in play as the feed last sent them, earliest kick-off first (the sandbox
   * video host's anchors cover these: video-host/routes.ts).
   */
  inPlay(): Array<{ fixtureId: string; sport: SportCode; startsAtMs: number }> {
    return [...this.fixtures.values()]
      .filter((state) => state.emitted?.status === 'live')
      .map((state) => ({ fixtureId: state.plan.id, sport: state.plan.params.sport, startsAtMs: state.plan.startsAtMs }))
      .sort((a, b) => a.startsAtMs - b.startsAtMs || a.fixtureId.localeCompare(b.fixtureId));
  }

  /** Fixture ids the feed serves now. */
  fixtureIds(): string[] {
    return [...this.fixtures.keys()];
  }

  // ---- The match engine ----

  private paramsOf(sport: SportCode) {
    const params = SPORT_PARAMS[sport];
    const realMs = this.options.matchMs?.[sport];
    return realMs ? { ...params, realMs } : params;
  }

  private fixture(fixtureId: string): FixtureState {
    const state = this.fixtures.get(fixtureId);
    if (!state) throw new SandboxRefusal(`the sandbox feed serves no fixture ${fixtureId}`);
    return state;
  }

  private marketsNamed(state: FixtureState, marketIds: string[] | undefined, fits: (market: MarketState) => boolean): MarketState[] {
    if (!marketIds) return [...state.markets.values()].filter(fits);
    return marketIds.map((id) => {
      const market = state.markets.get(id);
      if (!market) throw new SandboxRefusal(`fixture ${state.plan.id} has no market ${id}`);
      if (!fits(market)) throw new SandboxRefusal(`market ${id} of fixture ${state.plan.id} cannot take this now`);
      return market;
    });
  }

  private add(plan: FixturePlan): void {
    const markets = new Map<string, MarketState>();
    for (const spec of plan.markets) markets.set(spec.id, { spec, version: 0, status: 'active', selections: [], outcomeVersion: 0, outcome: null });
    this.fixtures.set(plan.id, {
      plan, producer: plan.params.kind, offsetMs: 0, forced: [], stopUntilMs: 0, version: 0, emitted: null, emittedKey: '', markets, pricedKey: '', ended: false, correctionAtMs: null,
    });
  }

  private keepSchedule(now: number): void {
    for (const sport of Object.keys(SPORT_PARAMS) as SportCode[]) {
      const params = this.paramsOf(sport);
      const first = Math.ceil((now - params.realMs - KEEP_ENDED_MS - params.offsetMs) / params.slotMs);
      const last = Math.floor((now + FEATURED_HORIZON_MS - params.offsetMs) / params.slotMs);
      for (let slot = first; slot <= last; slot += 1) {
        const startsAtMs = slot * params.slotMs + params.offsetMs;
        if (startsAtMs > now + HORIZON_MS && slot % FEATURED_EVERY_SLOTS !== 0) continue;
        const id = `${sport}-${slot}`;
        if (!this.fixtures.has(id)) this.add(planFixture({ id, sport, startsAtMs, seed: this.seed, params }));
      }
    }
    for (const [id, state] of this.fixtures) {
      if (state.ended && state.correctionAtMs === null && state.plan.startsAtMs - state.offsetMs + state.plan.params.realMs + KEEP_ENDED_MS < now) this.fixtures.delete(id);
    }
  }

  private simMsOf(state: FixtureState, now: number): number {
    const { params } = state.plan;
    return Math.floor(((now - state.plan.startsAtMs + state.offsetMs) * params.minutes * SIM_MINUTE_MS) / params.realMs);
  }

  private statusOf(state: FixtureState, simMs: number): FeedFixture['status'] {
    if (simMs < 0) return 'scheduled';
    return simMs >= state.plan.params.minutes * SIM_MINUTE_MS ? 'ended' : 'live';
  }

  /** The real time of a simulated moment of the match. */
  private realMsOf(state: FixtureState, simMs: number): number {
    const { params } = state.plan;
    return state.plan.startsAtMs - state.offsetMs + (simMs * params.realMs) / (params.minutes * SIM_MINUTE_MS);
  }

  private scoresUntil(state: FixtureState, simMs: number): PlannedScore[] {
    return [...state.plan.scores, ...state.forced].filter((score) => score.atSimMs <= simMs).sort((a, b) => a.atSimMs - b.atSimMs);
  }

  private fixtureAt(state: FixtureState, simMs: number): FeedFixture {
    const { plan } = state;
    const { params } = plan;
    const status = this.statusOf(state, simMs);
    const played = Math.min(simMs, params.minutes * SIM_MINUTE_MS);
    const scores = status === 'scheduled' ? [] : this.scoresUntil(state, played);
    const score: Score = { home: 0, away: 0 };
    const events: MatchEvent[] = [];
    const periodMs = (params.minutes * SIM_MINUTE_MS) / params.periods;
    const periods: Score[] = [];
    for (const scored of scores) {
      score[scored.side] += scored.points;
      if (params.recordsEvents) events.push({ type: 'goal', minute: Math.min(params.minutes, Math.floor(scored.atSimMs / SIM_MINUTE_MS) + 1), side: scored.side, score: { ...score } });
      const period = Math.min(params.periods - 1, Math.floor(scored.atSimMs / periodMs));
      while (periods.length <= period) periods.push({ home: 0, away: 0 });
      periods[period]![scored.side] += scored.points;
    }
    const periodsStarted = status === 'scheduled' ? 0 : status === 'ended' ? params.periods : Math.min(params.periods, Math.floor(played / periodMs) + 1);
    while (periods.length < periodsStarted) periods.push({ home: 0, away: 0 });
    return {
      id: plan.id, sport: params.sport, kind: params.kind, leagueId: plan.league.id, leagueEn: plan.league.name.en, leagueZh: plan.league.name.zh,
      homeEn: plan.home.en, homeZh: plan.home.zh, awayEn: plan.away.en, awayZh: plan.away.zh, startsAt: new Date(plan.startsAtMs).toISOString(),
      status, minute: status === 'scheduled' ? 0 : status === 'ended' ? params.minutes : Math.floor(played / SIM_MINUTE_MS),
      score, version: state.version, events, periods,
    };
  }

  private step(state: FixtureState, now: number): void {
    const simMs = this.simMsOf(state, now);
    const fixture = this.fixtureAt(state, simMs);
    const key = JSON.stringify([fixture.status, fixture.minute, fixture.score, fixture.periods, fixture.events.length]);
    if (key !== state.emittedKey) {
      state.version += 1;
      state.emittedKey = key;
      state.emitted = { ...fixture, version: state.version };
      this.send(this.envelope(state, { type: 'fixture_change', fixture: clone(state.emitted) }));
    }
    if (fixture.status === 'ended') {
      if (!state.ended) this.end(state, now);
      else if (state.correctionAtMs !== null && now >= state.correctionAtMs) this.correct(state);
      return;
    }
    this.moveMarkets(state, fixture, simMs, now);
  }

  private moveMarkets(state: FixtureState, fixture: FeedFixture, simMs: number, now: number): void {
    const { params } = state.plan;
    const open = [...state.markets.values()].filter((market) => market.status !== 'settled' && market.status !== 'cancelled');
    // Over/under lines the total has passed are decided: settled at once.
    const decided = open.filter((market) => market.version > 0 && decidedEarly(market.spec, fixture.score));
    if (decided.length > 0) this.settle(state, decided, 'decided in play');
    const lastScore = this.scoresUntil(state, simMs).at(-1);
    const stopped = now < state.stopUntilMs || (params.betStopOnScore && lastScore !== undefined && now < this.realMsOf(state, lastScore.atSimMs) + BET_STOP_MS);
    const pricing = open.filter((market) => !decided.includes(market));
    if (stopped) {
      const stopping = pricing.filter((market) => market.status === 'active' && market.version > 0);
      for (const market of stopping) {
        market.version += 1;
        market.status = 'suspended';
      }
      if (stopping.length > 0) this.send(this.envelope(state, { type: 'bet_stop', fixtureId: state.plan.id, markets: stopping.map((market) => ({ marketId: market.spec.id, version: market.version })) }));
      return;
    }
    const pricedKey = fixture.status === 'scheduled' ? 'pre' : `${fixture.score.home}-${fixture.score.away}/${Math.floor(simMs / (params.oddsEveryMinutes * SIM_MINUTE_MS))}`;
    const reopening = pricing.some((market) => market.status === 'suspended');
    if (pricedKey === state.pricedKey && !reopening) return;
    state.pricedKey = pricedKey;
    const left = Math.max(0, 1 - Math.max(0, simMs) / (params.minutes * SIM_MINUTE_MS));
    const prices = priceMarkets(pricing.map((market) => market.spec), { score: fixture.score, remainingHome: state.plan.meanHome * left, remainingAway: state.plan.meanAway * left });
    const changed: FeedMarket[] = [];
    prices.forEach((price, index) => {
      const market = pricing[index]!;
      const selections = price.selections.map((selection) => (selection.active ? selection : { ...selection, odds: market.selections.find((old) => old.id === selection.id)?.odds ?? selection.odds }));
      if (market.version > 0 && market.status === price.status && sameJson(market.selections, selections)) return;
      market.version += 1;
      market.status = price.status;
      market.selections = selections;
      changed.push(this.marketOf(market));
    });
    if (changed.length > 0) this.send(this.envelope(state, { type: 'odds_change', fixtureId: state.plan.id, markets: changed }));
  }

  private end(state: FixtureState, now: number): void {
    state.ended = true;
    const open = [...state.markets.values()].filter((market) => market.status !== 'settled' && market.status !== 'cancelled');
    // A fixture first seen after its end: its markets are announced (suspended) before they are settled.
    const unseen = open.filter((market) => market.version === 0);
    if (unseen.length > 0) {
      const prices = priceMarkets(unseen.map((market) => market.spec), { score: { home: 0, away: 0 }, remainingHome: state.plan.meanHome, remainingAway: state.plan.meanAway });
      prices.forEach((price, index) => {
        const market = unseen[index]!;
        market.version += 1;
        market.status = 'suspended';
        market.selections = price.selections;
      });
      this.send(this.envelope(state, { type: 'odds_change', fixtureId: state.plan.id, markets: unseen.map((market) => this.marketOf(market)) }));
    }
    const cancelled = open.filter((market) => market.spec.id === state.plan.cancelAtEnd);
    if (cancelled.length > 0) this.cancel(state.plan.id, { marketIds: cancelled.map((market) => market.spec.id), reason: 'the result source was withdrawn' });
    const wrong = open.filter((market) => market.spec.id === state.plan.correctAtEnd);
    this.settle(state, open.filter((market) => !cancelled.includes(market) && !wrong.includes(market)), 'full time');
    if (wrong.length > 0) {
      this.settle(state, wrong, 'full time', true);
      state.correctionAtMs = now + CORRECTION_AFTER_MS;
    }
  }

  private correct(state: FixtureState): void {
    state.correctionAtMs = null;
    const id = state.plan.correctAtEnd!;
    if (state.markets.get(id)?.outcome?.state !== 'settled') return;
    this.rollback(state.plan.id, { kind: 'settlement', marketIds: [id], resettle: true, reason: 'a goal was missed by the first settlement' });
  }

  /** Settles markets at the current score (`wrongly`: the first, wrong settlement a correction fixes). */
  private settle(state: FixtureState, markets: MarketState[], reason: string, wrongly = false): void {
    if (markets.length === 0) return;
    const score = state.emitted?.score ?? { home: 0, away: 0 };
    const settledAt = wrongly ? { home: score.home, away: score.away + 1 } : score;
    this.sendOutcomes(state, 'bet_settlement', markets.map((market) => ({
      market,
      status: 'settled',
      outcome: { state: 'settled', results: settleMarket(this.marketOf(market), settledAt), voidFromMs: market.outcome?.voidFromMs ?? null, voidToMs: market.outcome?.voidToMs ?? null, reason },
    })));
  }

  private sendOutcomes(state: FixtureState, type: OutcomeMessageType, parts: { market: MarketState; status: MarketStatus; outcome: Omit<FeedOutcome, 'outcomeVersion'> }[]): void {
    if (parts.length === 0) return;
    const markets = parts.map(({ market, status, outcome }) => {
      market.version += 1;
      market.status = status;
      market.outcomeVersion += 1;
      market.outcome = { ...outcome, outcomeVersion: market.outcomeVersion };
      return { marketId: market.spec.id, version: market.version, status, outcome: clone(market.outcome) };
    });
    this.send(this.envelope(state, { type, fixtureId: state.plan.id, markets }));
  }

  private marketOf(market: MarketState): FeedMarket {
    return {
      id: market.spec.id, type: market.spec.type, ...(market.spec.line === undefined ? {} : { line: market.spec.line }), status: market.status, version: market.version,
      selections: clone(market.selections),
    };
  }

  // ---- Delivery and faults ----

  private envelope<B extends object>(state: FixtureState, body: B) {
    const producer = state.producer;
    const seq = this.seq.get(producer)! + 1;
    this.seq.set(producer, seq);
    return { producer, seq, sentAtMs: this.now, ...body } as unknown as FeedMessage;
  }

  private send(message: FeedMessage): void {
    const faults = this.faults.get(message.producer)!;
    if (message.type !== 'alive') {
      if (faults.silent) return;
      if (faults.drop > 0) {
        faults.drop -= 1;
        return;
      }
      if (faults.reorder > 0) {
        const held = this.held.get(message.producer);
        if (!held) {
          this.held.set(message.producer, message);
          return;
        }
        faults.reorder -= 1;
        this.held.delete(message.producer);
        this.deliver(message, faults);
        this.deliver(held, faults);
        return;
      }
    }
    this.deliver(message, faults);
  }

  private flushHeld(producer: Producer): void {
    const held = this.held.get(producer);
    if (!held) return;
    this.held.delete(producer);
    this.deliver(held, this.faults.get(producer)!);
  }

  private deliver(message: FeedMessage, faults: ProducerFaults): void {
    let copies = 1;
    if (message.type !== 'alive' && faults.repeat > 0) {
      faults.repeat -= 1;
      copies = 2;
    }
    for (let copy = 0; copy < copies; copy += 1) {
      const send = () => {
        for (const handler of this.handlers) handler(clone(message));
      };
      if (faults.delayMs > 0) setTimeout(send, faults.delayMs).unref();
      else send();
    }
  }
}

/** What a door refuses (an unknown fixture or market, a goal outside play). */
export class SandboxRefusal extends Error {}
