import type { Fixture, Market, MatchEvent, Score, SelectionResult } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { FeedFixture, FeedMarket, FeedOutcome, Producer } from './feed-adapter.js';
import type { FixtureMarket, MarketOutcomeRecord, SportsStore } from './feed-api.js';

/**
 * lobby's sports store (migration 0800; docs/SPORTS.md, "The store"): the rows the feed
 * consumer writes and everyone else reads. Every write applies only a higher feed version
 * (`WHERE feed_version < new`), so a repeated or late message changes nothing, and two
 * instances applying the same message change the row once. Served versions are lobby's own
 * (`version`, +1 on every applied change).
 */

interface FixtureRow {
  id: string;
  producer: Producer;
  sport: Fixture['sport'];
  league_id: string;
  league_en: string;
  league_zh: string;
  home_en: string;
  home_zh: string;
  away_en: string;
  away_zh: string;
  starts_at: Date | string;
  status: Fixture['status'];
  minute: number;
  home_score: number;
  away_score: number;
  version: string | number;
  events: MatchEvent[];
  periods: Score[];
}

interface MarketRow {
  fixture_id: string;
  market_id: string;
  market_type: Market['type'];
  market_line: number | null;
  market_status: Market['status'];
  feed_suspended: boolean;
  selections: Market['selections'];
  market_version: string | number;
  suspended_at: Date | string | null;
}

interface OutcomeRow {
  fixture_id: string;
  market_id: string;
  version: string | number;
  state: MarketOutcomeRecord['state'];
  results: Record<string, SelectionResult>;
  void_from: Date | string | null;
  void_to: Date | string | null;
  reason: string;
  at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export const FIXTURE_COLUMNS = `f.id, f.producer, f.sport, f.league_id, f.league_en, f.league_zh, f.home_en, f.home_zh, f.away_en, f.away_zh,
  f.starts_at, f.status, f.minute, f.home_score, f.away_score, f.version, f.events, f.periods`;
// Aliased: a market row is often read joined with its fixture, whose status and version would shadow the market's.
export const MARKET_COLUMNS = `m.fixture_id, m.market_id, m.type AS market_type, m.line AS market_line, m.status AS market_status, m.feed_suspended,
  m.selections, m.version AS market_version, m.suspended_at`;

export function fixtureOf(row: FixtureRow): Fixture {
  return {
    id: row.id,
    sport: row.sport,
    kind: row.producer,
    leagueId: row.league_id,
    leagueEn: row.league_en,
    leagueZh: row.league_zh,
    homeEn: row.home_en,
    homeZh: row.home_zh,
    awayEn: row.away_en,
    awayZh: row.away_zh,
    startsAt: iso(row.starts_at),
    status: row.status,
    minute: row.minute,
    score: { home: row.home_score, away: row.away_score },
    version: Number(row.version),
  };
}

/** A stored fixture with its events and period scores (detail and results pages). */
export function fixtureDetailOf(row: FixtureRow): { fixture: Fixture; events: MatchEvent[]; periods: Score[] } {
  return { fixture: fixtureOf(row), events: row.events, periods: row.periods };
}

/** A market as served: a market lobby suspended for its silent producer reads `suspended`. */
export function marketOf(row: MarketRow): Market {
  return {
    id: row.market_id,
    type: row.market_type,
    ...(row.market_line === null ? {} : { line: row.market_line }),
    status: row.feed_suspended && row.market_status === 'active' ? 'suspended' : row.market_status,
    version: Number(row.market_version),
    selections: row.selections,
  };
}

function outcomeOf(row: OutcomeRow): MarketOutcomeRecord {
  return {
    fixtureId: row.fixture_id,
    marketId: row.market_id,
    version: Number(row.version),
    state: row.state,
    results: row.results,
    voidFrom: dateOrNull(row.void_from),
    voidTo: dateOrNull(row.void_to),
    reason: row.reason,
    at: new Date(row.at),
  };
}

/** Market order on a page: 1X2, handicaps, totals, correct score, odd/even; lines ascending. */
export const MARKET_ORDER_SQL = `CASE m.type WHEN '1x2' THEN 0 WHEN 'asian_handicap' THEN 1 WHEN 'over_under' THEN 2 WHEN 'correct_score' THEN 3 ELSE 4 END, m.line NULLS FIRST, m.market_id`;

async function readMarket(db: Queryable, fixtureId: string, marketId: string, lock: boolean): Promise<FixtureMarket | undefined> {
  const { rows } = await db.query<MarketRow & FixtureRow>(
    `SELECT ${MARKET_COLUMNS}, ${FIXTURE_COLUMNS} FROM sports_markets m JOIN sports_fixtures f ON f.id = m.fixture_id
      WHERE m.fixture_id = $1 AND m.market_id = $2${lock ? ' FOR SHARE OF m' : ''}`,
    [fixtureId, marketId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { fixture: fixtureOf(row), market: marketOf(row), suspendedAt: dateOrNull(row.suspended_at) };
}

const OUTCOME_COLUMNS = 'fixture_id, market_id, version, state, results, void_from, void_to, reason, at';

/** The store's reads for the sportsbook (feed-api.ts). */
export const sportsStore: SportsStore = {
  lockMarket: (tx, fixtureId, marketId) => readMarket(tx, fixtureId, marketId, true),
  market: (db, fixtureId, marketId) => readMarket(db, fixtureId, marketId, false),
  async outcome(db, fixtureId, marketId) {
    const { rows } = await db.query<OutcomeRow>(`SELECT ${OUTCOME_COLUMNS} FROM sports_market_outcomes WHERE fixture_id = $1 AND market_id = $2`, [fixtureId, marketId]);
    return rows[0] && outcomeOf(rows[0]);
  },
  async outcomesSince(db, since, limit) {
    const { rows } = await db.query<OutcomeRow>(
      `SELECT ${OUTCOME_COLUMNS} FROM sports_market_outcomes WHERE at >= $1 ORDER BY at, fixture_id, market_id LIMIT $2`,
      [since, limit],
    );
    return rows.map(outcomeOf);
  },
};

// ---- Writes (the feed consumer only) ----

/** Applies a fixture state of a higher feed version (inserts a new fixture); the stored fixture when it changed. */
export async function applyFixture(tx: Queryable, fixture: FeedFixture, now: Date): Promise<Fixture | undefined> {
  const { rows } = await tx.query<FixtureRow>(
    `INSERT INTO sports_fixtures AS f (id, producer, sport, league_id, league_en, league_zh, home_en, home_zh, away_en, away_zh, starts_at, status, minute,
       home_score, away_score, events, periods, feed_version, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (id) DO UPDATE SET league_id = EXCLUDED.league_id, league_en = EXCLUDED.league_en, league_zh = EXCLUDED.league_zh,
       home_en = EXCLUDED.home_en, home_zh = EXCLUDED.home_zh, away_en = EXCLUDED.away_en, away_zh = EXCLUDED.away_zh, starts_at = EXCLUDED.starts_at,
       status = EXCLUDED.status, minute = EXCLUDED.minute, home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score, events = EXCLUDED.events,
       periods = EXCLUDED.periods, feed_version = EXCLUDED.feed_version, version = f.version + 1, updated_at = EXCLUDED.updated_at
     WHERE f.feed_version < EXCLUDED.feed_version
     RETURNING ${FIXTURE_COLUMNS}`,
    [fixture.id, fixture.kind, fixture.sport, fixture.leagueId, fixture.leagueEn, fixture.leagueZh, fixture.homeEn, fixture.homeZh, fixture.awayEn, fixture.awayZh,
      fixture.startsAt, fixture.status, fixture.minute, fixture.score.home, fixture.score.away, JSON.stringify(fixture.events), JSON.stringify(fixture.periods),
      fixture.version, now],
  );
  return rows[0] && fixtureOf(rows[0]);
}

/** Whether the fixture is stored (a market of an unknown fixture waits for recovery). */
export async function hasFixture(tx: Queryable, fixtureId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM sports_fixtures WHERE id = $1', [fixtureId])).rowCount > 0;
}

export async function readFixture(db: Queryable, fixtureId: string): Promise<Fixture | undefined> {
  const { rows } = await db.query<FixtureRow>(`SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f WHERE f.id = $1`, [fixtureId]);
  return rows[0] && fixtureOf(rows[0]);
}

/**
 * Applies market states of a higher feed version (or any version while lobby holds the
 * market suspended for recovery, `clearSuspension`), one statement for the fixture's
 * markets; the stored markets that changed.
 */
export async function applyMarkets(tx: Queryable, fixtureId: string, markets: readonly FeedMarket[], now: Date, clearSuspension = false): Promise<Market[]> {
  if (markets.length === 0) return [];
  const rows = markets.map((market) => ({ id: market.id, type: market.type, line: market.line ?? null, status: market.status, selections: market.selections, version: market.version }));
  const { rows: changed } = await tx.query<MarketRow>(
    `INSERT INTO sports_markets AS m (fixture_id, market_id, type, line, status, selections, feed_version, suspended_at, updated_at)
     SELECT $1, x.id, x.type, x.line, x.status, x.selections, x.version, CASE WHEN x.status = 'suspended' THEN $3::timestamptz END, $3::timestamptz
       FROM jsonb_to_recordset($2::jsonb) AS x(id text, type text, line integer, status text, selections jsonb, version bigint)
     ON CONFLICT (fixture_id, market_id) DO UPDATE SET type = EXCLUDED.type, line = EXCLUDED.line, status = EXCLUDED.status, selections = EXCLUDED.selections,
       feed_version = GREATEST(m.feed_version, EXCLUDED.feed_version), version = m.version + 1, updated_at = EXCLUDED.updated_at,
       feed_suspended = CASE WHEN $4::boolean THEN false ELSE m.feed_suspended END,
       suspended_at = CASE WHEN EXCLUDED.status = 'suspended' AND m.status <> 'suspended' THEN EXCLUDED.updated_at ELSE m.suspended_at END
     WHERE m.feed_version < EXCLUDED.feed_version OR ($4::boolean AND m.feed_suspended)
     RETURNING ${MARKET_COLUMNS}`,
    [fixtureId, JSON.stringify(rows), now, clearSuspension],
  );
  return changed.map(marketOf);
}

/** Suspends a market (bet stop) at a higher feed version; the stored market when it changed. */
export async function applyBetStop(tx: Queryable, fixtureId: string, marketId: string, version: number, now: Date): Promise<Market | undefined> {
  const { rows } = await tx.query<MarketRow>(
    `UPDATE sports_markets m SET status = 'suspended', feed_version = $3, version = m.version + 1, updated_at = $4,
       suspended_at = CASE WHEN m.status = 'suspended' THEN m.suspended_at ELSE $4 END
     WHERE m.fixture_id = $1 AND m.market_id = $2 AND m.feed_version < $3 RETURNING ${MARKET_COLUMNS}`,
    [fixtureId, marketId, version, now],
  );
  return rows[0] && marketOf(rows[0]);
}

/** Sets a market's status at a higher feed version (with an outcome message); the stored market when it changed. */
export async function applyMarketStatus(tx: Queryable, fixtureId: string, marketId: string, status: Market['status'], version: number, now: Date): Promise<Market | undefined> {
  const { rows } = await tx.query<MarketRow>(
    `UPDATE sports_markets m SET status = $3, feed_version = $4, version = m.version + 1, updated_at = $5,
       suspended_at = CASE WHEN $3::text = 'suspended' AND m.status <> 'suspended' THEN $5 ELSE m.suspended_at END
     WHERE m.fixture_id = $1 AND m.market_id = $2 AND m.feed_version < $4 RETURNING ${MARKET_COLUMNS}`,
    [fixtureId, marketId, status, version, now],
  );
  return rows[0] && marketOf(rows[0]);
}

/** Applies markets' outcomes of a higher feed outcome version, one statement; the stored records that changed. */
export async function applyOutcomes(tx: Queryable, fixtureId: string, outcomes: readonly (FeedOutcome & { marketId: string })[], now: Date): Promise<MarketOutcomeRecord[]> {
  if (outcomes.length === 0) return [];
  const rows = outcomes.map((outcome) => ({
    market_id: outcome.marketId, state: outcome.state, results: outcome.results, reason: outcome.reason, version: outcome.outcomeVersion,
    void_from: outcome.voidFromMs === null ? null : new Date(outcome.voidFromMs).toISOString(), void_to: outcome.voidToMs === null ? null : new Date(outcome.voidToMs).toISOString(),
  }));
  const { rows: changed } = await tx.query<OutcomeRow>(
    `INSERT INTO sports_market_outcomes AS o (fixture_id, market_id, state, results, void_from, void_to, reason, feed_version, at)
     SELECT $1, x.market_id, x.state, x.results, x.void_from, x.void_to, x.reason, x.version, $3
       FROM jsonb_to_recordset($2::jsonb) AS x(market_id text, state text, results jsonb, void_from timestamptz, void_to timestamptz, reason text, version bigint)
     ON CONFLICT (fixture_id, market_id) DO UPDATE SET state = EXCLUDED.state, results = EXCLUDED.results, void_from = EXCLUDED.void_from,
       void_to = EXCLUDED.void_to, reason = EXCLUDED.reason, feed_version = EXCLUDED.feed_version, version = o.version + 1, at = EXCLUDED.at
     WHERE o.feed_version < EXCLUDED.feed_version
     RETURNING ${OUTCOME_COLUMNS}`,
    [fixtureId, JSON.stringify(rows), now],
  );
  return changed.map(outcomeOf);
}

/** Applies one market's outcome of a higher feed outcome version; the stored record when it changed. */
export async function applyOutcome(tx: Queryable, fixtureId: string, marketId: string, outcome: FeedOutcome, now: Date): Promise<MarketOutcomeRecord | undefined> {
  return (await applyOutcomes(tx, fixtureId, [{ ...outcome, marketId }], now))[0];
}

/** Whether the market is stored (an outcome of an unknown market waits for recovery). */
export async function hasMarket(tx: Queryable, fixtureId: string, marketId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM sports_markets WHERE fixture_id = $1 AND market_id = $2', [fixtureId, marketId])).rowCount > 0;
}

/**
 * Suspends every active market of the producer (a silent producer or a sequence gap): the
 * markets read `suspended` until recovery. Answers the changed markets by fixture.
 */
export async function suspendProducer(tx: Queryable, producer: Producer, now: Date): Promise<Map<string, Market[]>> {
  const { rows } = await tx.query<MarketRow>(
    `UPDATE sports_markets m SET feed_suspended = true, version = m.version + 1, updated_at = $2, suspended_at = $2
       FROM sports_fixtures f
      WHERE f.id = m.fixture_id AND f.producer = $1 AND m.status = 'active' AND NOT m.feed_suspended
      RETURNING ${MARKET_COLUMNS}`,
    [producer, now],
  );
  return byFixture(rows);
}

/** Lifts lobby's suspension of the producer's markets the recovery did not restate. */
export async function liftProducerSuspension(tx: Queryable, producer: Producer, now: Date): Promise<Map<string, Market[]>> {
  const { rows } = await tx.query<MarketRow>(
    `UPDATE sports_markets m SET feed_suspended = false, version = m.version + 1, updated_at = $2
       FROM sports_fixtures f
      WHERE f.id = m.fixture_id AND f.producer = $1 AND m.feed_suspended
      RETURNING ${MARKET_COLUMNS}`,
    [producer, now],
  );
  return byFixture(rows);
}

function byFixture(rows: MarketRow[]): Map<string, Market[]> {
  const changed = new Map<string, Market[]>();
  for (const row of rows) {
    const list = changed.get(row.fixture_id) ?? [];
    list.push(marketOf(row));
    changed.set(row.fixture_id, list);
  }
  return changed;
}

export interface Position {
  producer: Producer;
  lastSequence: number;
  state: 'up' | 'down';
}

export async function readPosition(db: Queryable, producer: Producer): Promise<Position | undefined> {
  const { rows } = await db.query<{ last_sequence: string; state: 'up' | 'down' }>('SELECT last_sequence, state FROM sports_feed_positions WHERE producer = $1', [producer]);
  return rows[0] && { producer, lastSequence: Number(rows[0].last_sequence), state: rows[0].state };
}

/** Records the producer's highest contiguous sequence applied and whether it is up. */
export async function writePosition(db: Queryable, producer: Producer, lastSequence: number, state: 'up' | 'down', now: Date, recovered = false): Promise<void> {
  await db.query(
    `INSERT INTO sports_feed_positions AS p (producer, last_sequence, state, alive_at, changed_at, recoveries) VALUES ($1, $2, $3, $4, $4, $5)
     ON CONFLICT (producer) DO UPDATE SET last_sequence = GREATEST(p.last_sequence, EXCLUDED.last_sequence), state = EXCLUDED.state, alive_at = EXCLUDED.alive_at,
       changed_at = EXCLUDED.changed_at, recoveries = p.recoveries + EXCLUDED.recoveries`,
    [producer, lastSequence, state, now, recovered ? 1 : 0],
  );
}

/** Every market of a fixture as served, in page order. */
export async function marketsOf(db: Queryable, fixtureId: string): Promise<Market[]> {
  const { rows } = await db.query<MarketRow>(`SELECT ${MARKET_COLUMNS} FROM sports_markets m WHERE m.fixture_id = $1 ORDER BY ${MARKET_ORDER_SQL}`, [fixtureId]);
  return rows.map(marketOf);
}
