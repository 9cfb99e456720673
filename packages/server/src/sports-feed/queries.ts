import type { FixtureFilter, FixtureListItem, LeagueItem, Market, ResultItem, SportCode, SportKind, SportSummary } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { FIXTURE_COLUMNS, MARKET_COLUMNS, MARKET_ORDER_SQL, fixtureDetailOf, fixtureOf, marketOf } from './store.js';
import { beijingDayBounds, beijingDayKey } from '../common/beijing-time.js';

/** The sports of each kind, with their names (the sandbox feed's sports; a real feed's list would come from it). */
export const SPORTS: readonly { sport: SportCode; kind: SportKind; nameEn: string; nameZh: string }[] = [
  { sport: 'football', kind: 'sports', nameEn: 'Football', nameZh: '足球' },
  { sport: 'basketball', kind: 'sports', nameEn: 'Basketball', nameZh: '篮球' },
  { sport: 'esoccer', kind: 'esports', nameEn: 'eSoccer', nameZh: '电子足球' },
  { sport: 'moba', kind: 'esports', nameEn: 'MOBA', nameZh: 'MOBA 电竞' },
];

/** The start and end (exclusive) of a Beijing day; refuses a day that is no calendar date. */
export function dayRange(day: string): { from: Date; to: Date } {
  const bounds = beijingDayBounds(day);
  if (!bounds) throw new BusinessError('sportsDayInvalid', `day ${day} is not a calendar date (YYYY-MM-DD)`);
  return bounds;
}

export async function sportsSummary(db: Queryable, kind: SportKind): Promise<SportSummary[]> {
  const { rows } = await db.query<{ sport: SportCode; live: number; upcoming: number }>(
    `SELECT sport, count(*) FILTER (WHERE status = 'live')::int AS live, count(*) FILTER (WHERE status = 'scheduled')::int AS upcoming
       FROM sports_fixtures WHERE producer = $1 AND status IN ('live', 'scheduled') GROUP BY sport`,
    [kind],
  );
  const counts = new Map(rows.map((row) => [row.sport, row]));
  return SPORTS.filter((sport) => sport.kind === kind).map((sport) => ({
    ...sport, live: counts.get(sport.sport)?.live ?? 0, upcoming: counts.get(sport.sport)?.upcoming ?? 0,
  }));
}

export async function leagues(db: Queryable, kind: SportKind, sport: SportCode | undefined): Promise<LeagueItem[]> {
  const { rows } = await db.query<{ id: string; sport: SportCode; name_en: string; name_zh: string; live: number; upcoming: number }>(
    `SELECT league_id AS id, sport, max(league_en) AS name_en, max(league_zh) AS name_zh,
            count(*) FILTER (WHERE status = 'live')::int AS live, count(*) FILTER (WHERE status = 'scheduled')::int AS upcoming
       FROM sports_fixtures WHERE producer = $1 AND ($2::text IS NULL OR sport = $2) GROUP BY league_id, sport ORDER BY sport, max(league_en)`,
    [kind, sport ?? null],
  );
  return rows.map((row) => ({ id: row.id, sport: row.sport, kind, nameEn: row.name_en, nameZh: row.name_zh, live: row.live, upcoming: row.upcoming }));
}

export interface FixtureQuery {
  kind?: SportKind;
  sport?: SportCode;
  leagueId?: string;
  day?: string;
  status?: FixtureFilter;
  page: number;
  pageSize: number;
}

const STATUS_SQL: Record<FixtureFilter, string> = {
  live: "f.status = 'live'",
  upcoming: "f.status = 'scheduled'",
  ended: "f.status IN ('ended', 'cancelled')",
};

/** Fixtures of the query: live first, then by kick-off (ended: latest first); with each fixture's market count. */
export async function fixturePage(db: Queryable, query: FixtureQuery, nowMs: number): Promise<{ items: FixtureListItem[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.kind) where.push(`f.producer = ${param(query.kind)}`);
  if (query.sport) where.push(`f.sport = ${param(query.sport)}`);
  if (query.leagueId) where.push(`f.league_id = ${param(query.leagueId)}`);
  if (query.status) where.push(STATUS_SQL[query.status]);
  // Live matches are listed whatever their day; upcoming without a day lists every one to come; otherwise the day (today when absent).
  const day = query.day ?? (query.status === 'live' || query.status === 'upcoming' ? undefined : beijingDayKey(nowMs));
  if (day && query.status !== 'live') {
    const range = dayRange(day);
    where.push(`f.starts_at >= ${param(range.from)} AND f.starts_at < ${param(range.to)}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = query.status === 'ended' ? 'f.starts_at DESC, f.id' : "(f.status = 'live') DESC, f.starts_at, f.id";
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sports_fixtures f ${whereSql}`, params)).rows[0]!.n;
  const { rows } = await db.query<Parameters<typeof fixtureOf>[0] & { market_count: number }>(
    `SELECT ${FIXTURE_COLUMNS},
            (SELECT count(*)::int FROM sports_markets m WHERE m.fixture_id = f.id AND m.status IN ('active', 'suspended')) AS market_count
       FROM sports_fixtures f ${whereSql} ORDER BY ${order} LIMIT ${param(query.pageSize)} OFFSET ${param((query.page - 1) * query.pageSize)}`,
    params,
  );
  return { items: rows.map((row) => ({ fixture: fixtureOf(row), markets: [], marketCount: row.market_count })), total };
}

/** Adds each listed fixture's main markets: 1X2 and the most balanced open handicap and total. */
export async function withMainMarkets(db: Queryable, items: FixtureListItem[]): Promise<FixtureListItem[]> {
  if (items.length === 0) return items;
  const { rows } = await db.query<Parameters<typeof marketOf>[0]>(
    `SELECT ${MARKET_COLUMNS} FROM sports_markets m WHERE m.fixture_id = ANY($1) AND m.type IN ('1x2', 'asian_handicap', 'over_under')
       AND m.status IN ('active', 'suspended') ORDER BY ${MARKET_ORDER_SQL}`,
    [items.map((item) => item.fixture.id)],
  );
  const byFixture = new Map<string, Market[]>();
  for (const row of rows) byFixture.set(row.fixture_id, [...(byFixture.get(row.fixture_id) ?? []), marketOf(row)]);
  return items.map((item) => ({ ...item, markets: mainMarkets(byFixture.get(item.fixture.id) ?? []) }));
}

/** The spread between a two-way market's prices (smaller is more balanced). */
function spread(market: Market): number {
  const [a, b] = market.selections;
  return a && b ? Math.abs(a.odds - b.odds) : Number.MAX_SAFE_INTEGER;
}

export function mainMarkets(markets: Market[]): Market[] {
  const main: Market[] = [];
  const oneXTwo = markets.find((market) => market.type === '1x2');
  if (oneXTwo) main.push(oneXTwo);
  for (const type of ['asian_handicap', 'over_under'] as const) {
    const candidates = markets.filter((market) => market.type === type);
    const best = candidates.sort((a, b) => spread(a) - spread(b))[0];
    if (best) main.push(best);
  }
  return main;
}

export async function fixtureDetail(db: Queryable, fixtureId: string) {
  const { rows } = await db.query<Parameters<typeof fixtureDetailOf>[0]>(`SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f WHERE f.id = $1`, [fixtureId]);
  const row = rows[0];
  if (!row) throw new BusinessError('sportsFixtureNotFound', `no fixture ${fixtureId}`);
  const markets = await db.query<Parameters<typeof marketOf>[0]>(
    `SELECT ${MARKET_COLUMNS} FROM sports_markets m WHERE m.fixture_id = $1 AND m.status <> 'inactive' ORDER BY ${MARKET_ORDER_SQL}`,
    [fixtureId],
  );
  return { ...fixtureDetailOf(row), markets: markets.rows.map(marketOf) };
}

export async function results(db: Queryable, query: Omit<FixtureQuery, 'status'>, nowMs: number): Promise<{ results: ResultItem[]; total: number }> {
  const where = ["f.status = 'ended'"];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.kind) where.push(`f.producer = ${param(query.kind)}`);
  if (query.sport) where.push(`f.sport = ${param(query.sport)}`);
  if (query.leagueId) where.push(`f.league_id = ${param(query.leagueId)}`);
  const range = dayRange(query.day ?? beijingDayKey(nowMs));
  where.push(`f.starts_at >= ${param(range.from)} AND f.starts_at < ${param(range.to)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sports_fixtures f ${whereSql}`, params)).rows[0]!.n;
  const { rows } = await db.query<Parameters<typeof fixtureDetailOf>[0]>(
    `SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f ${whereSql} ORDER BY f.starts_at DESC, f.id LIMIT ${param(query.pageSize)} OFFSET ${param((query.page - 1) * query.pageSize)}`,
    params,
  );
  return { results: rows.map(fixtureDetailOf), total };
}

/** The fixture ids of the list that lobby does not hold. */
export async function unknownFixtures(db: Queryable, fixtureIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sports_fixtures WHERE id = ANY($1)', [fixtureIds]);
  const known = new Set(rows.map((row) => row.id));
  return fixtureIds.filter((id) => !known.has(id));
}
