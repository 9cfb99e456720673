import { defineCall } from '../call.js';
import { s, type Infer, type Schema } from '../schema.js';
import { MARKET_STATUSES, MARKET_TYPES, SPORT_CODES, type Fixture, type Market, type Selection } from '../../sports/types.js';

/**
 * The sports feed as lobby serves it (issue 19; docs/SPORTS.md): sports and their live and
 * upcoming counts, leagues, fixtures by day, a fixture with its markets, results with the
 * match events, and the broker login that pushes odds and scores live. Served under
 * /sports/v1/; visitors may read everything. Days are Beijing calendar days (YYYY-MM-DD,
 * UTC+8). Fixtures, markets and selections have exactly the sdk's shapes (sports/types.ts).
 */

/** Fixtures a page lists unless `pageSize` says otherwise. */
export const SPORTS_PAGE_SIZE_DEFAULT = 20;
/** The largest page of fixtures or results (our choice). */
export const SPORTS_PAGE_SIZE_MAX = 100;
/** The most fixtures one push login reads (one topic each; our choice). */
export const SPORTS_PUSH_FIXTURES_MAX = 20;

const SPORT_KINDS = ['sports', 'esports'] as const;
const FIXTURE_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
/** What a fixture list filters by: live (in play), upcoming (not started) or ended (finished or cancelled). */
export const FIXTURE_FILTERS = ['live', 'upcoming', 'ended'] as const;
export type FixtureFilter = (typeof FIXTURE_FILTERS)[number];

const kind = s.enum(SPORT_KINDS, { description: 'sports (football, basketball) or esports (esoccer, moba)' });
const sport = s.enum(SPORT_CODES, { description: 'football, basketball, esoccer or moba' });
const id = (description: string) => s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$', description });
const day = s.string({ minLength: 10, maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Beijing calendar day (UTC+8), YYYY-MM-DD; today when absent' });
const page = s.optional(s.integer({ minimum: 1, maximum: 10_000, description: 'Page number, from 1' }));
const pageSize = s.optional(s.integer({ minimum: 1, maximum: SPORTS_PAGE_SIZE_MAX, description: `Items a page (${SPORTS_PAGE_SIZE_DEFAULT} when absent, at most ${SPORTS_PAGE_SIZE_MAX})` }));

export const ScoreItem = s.object({ home: s.integer({ minimum: 0 }), away: s.integer({ minimum: 0 }) });

/** A fixture: exactly the sdk's `Fixture`. */
export const FixtureItem: Schema<Fixture> = s.object({
  id: s.string(),
  sport,
  kind,
  leagueId: s.string(),
  leagueEn: s.string(),
  leagueZh: s.string(),
  homeEn: s.string(),
  homeZh: s.string(),
  awayEn: s.string(),
  awayZh: s.string(),
  startsAt: s.string({ description: 'ISO 8601 kick-off time' }),
  status: s.enum(FIXTURE_STATUSES),
  minute: s.integer({ minimum: 0, description: 'Match minute; 0 before the start' }),
  score: ScoreItem,
  version: s.integer({ minimum: 0, description: 'Grows with every change of the fixture (status, score, clock)' }),
});

/** A selection: exactly the sdk's `Selection`. */
export const SelectionItem: Schema<Selection> = s.object({
  id: s.string(),
  nameEn: s.string(),
  nameZh: s.string(),
  odds: s.integer({ minimum: 1001, description: 'Decimal odds times 1000 (1.950 is 1950)' }),
  active: s.boolean(),
});

/** A market: exactly the sdk's `Market`. */
export const MarketItem: Schema<Market> = s.object({
  id: s.string({ description: "Unique within the fixture, e.g. '1x2', 'ah:-1', 'ou:10'" }),
  type: s.enum(MARKET_TYPES),
  line: s.optional(s.integer({ description: 'Home handicap or total in quarters (-0.25 is -1, 2.5 is 10); absent for lineless markets' })),
  status: s.enum(MARKET_STATUSES),
  version: s.integer({ minimum: 0, description: 'Grows with every change of the market; a bet locks the version it saw' }),
  selections: s.array(SelectionItem),
});

/** A scoring event of a match (goal; a kill in moba), with the score after it. Basketball records none (periods only). */
export const MatchEvent = s.object({
  type: s.enum(['goal'] as const),
  minute: s.integer({ minimum: 0 }),
  side: s.enum(['home', 'away'] as const),
  score: ScoreItem,
});
export type MatchEvent = Infer<typeof MatchEvent>;

/** A fixture in a list, with its main markets (1X2, main handicap, main total) when asked for. */
export const FixtureListItem = s.object({
  fixture: FixtureItem,
  markets: s.array(MarketItem, { description: 'Main markets when `withMarkets` was true, else empty' }),
  marketCount: s.integer({ minimum: 0, description: 'Markets the fixture offers (active or suspended)' }),
});
export type FixtureListItem = Infer<typeof FixtureListItem>;

export const SportSummary = s.object({
  sport,
  kind,
  nameEn: s.string(),
  nameZh: s.string(),
  live: s.integer({ minimum: 0, description: 'Fixtures in play now' }),
  upcoming: s.integer({ minimum: 0, description: 'Fixtures not started yet' }),
});
export type SportSummary = Infer<typeof SportSummary>;

/** Sports of a kind with their live and upcoming counts. */
export const sportsList = defineCall({
  name: 'sportsList',
  group: 'sports',
  path: '/sports/v1/sports',
  style: 'query',
  auth: 'optional',
  summary: 'Sports (or e-sports) with their live and upcoming fixture counts',
  request: s.object({ kind }),
  response: s.object({ sports: s.array(SportSummary) }),
});

export const LeagueItem = s.object({
  id: s.string(),
  sport,
  kind,
  nameEn: s.string(),
  nameZh: s.string(),
  live: s.integer({ minimum: 0 }),
  upcoming: s.integer({ minimum: 0 }),
});
export type LeagueItem = Infer<typeof LeagueItem>;

/** Leagues of a kind (optionally of one sport), by sport then English name. */
export const sportsLeagues = defineCall({
  name: 'sportsLeagues',
  group: 'sports',
  path: '/sports/v1/leagues',
  style: 'query',
  auth: 'optional',
  summary: 'Leagues of a kind (optionally one sport) with their live and upcoming counts',
  request: s.object({ kind, sport: s.optional(sport) }),
  response: s.object({ leagues: s.array(LeagueItem) }),
});

/**
 * Fixtures of a kind by day: live first, then by kick-off. `day` picks fixtures starting on
 * that Beijing day; with `status` live the day is ignored (every match in play is listed).
 */
export const sportsFixtures = defineCall({
  name: 'sportsFixtures',
  group: 'sports',
  path: '/sports/v1/fixtures',
  style: 'query',
  auth: 'optional',
  summary: 'Fixtures by kind, sport, league, Beijing day and status (live, upcoming, ended), paged, optionally with main markets',
  request: s.object({
    kind,
    sport: s.optional(sport),
    leagueId: s.optional(id('Only this league')),
    day: s.optional(day),
    status: s.optional(s.enum(FIXTURE_FILTERS, { description: 'live: in play (any day); upcoming: not started; ended: finished or cancelled' })),
    withMarkets: s.optional(s.boolean({ description: 'Add each fixture\'s main markets (1X2, main handicap, main total)' })),
    page,
    pageSize,
  }),
  response: s.object({
    fixtures: s.array(FixtureListItem),
    total: s.integer({ minimum: 0 }),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
  }),
});

export const FixtureDetail = s.object({
  fixture: FixtureItem,
  markets: s.array(MarketItem, { description: 'Every market not withdrawn: by type, then line' }),
  events: s.array(MatchEvent, { description: 'Scoring events so far, in order' }),
  periods: s.array(ScoreItem, { description: 'Score of each period played (halves, quarters)' }),
});
export type FixtureDetail = Infer<typeof FixtureDetail>;

/** A fixture with all its markets, events and period scores. */
export const sportsFixtureDetail = defineCall({
  name: 'sportsFixtureDetail',
  group: 'sports',
  path: '/sports/v1/fixture',
  style: 'query',
  auth: 'optional',
  summary: 'A fixture with its markets (selections, odds, status, version), match events and period scores',
  request: s.object({ fixtureId: id("The fixture's id") }),
  response: FixtureDetail,
});

export const ResultItem = s.object({
  fixture: FixtureItem,
  events: s.array(MatchEvent),
  periods: s.array(ScoreItem),
});
export type ResultItem = Infer<typeof ResultItem>;

/** Ended fixtures of a sport on a Beijing day (by kick-off, latest first), with final scores and events. */
export const sportsResults = defineCall({
  name: 'sportsResults',
  group: 'sports',
  path: '/sports/v1/results',
  style: 'query',
  auth: 'optional',
  summary: 'Results: ended fixtures of a sport (or kind) on a Beijing day, with final scores, goals (minute) and period scores, paged',
  request: s.object({
    kind: s.optional(kind),
    sport: s.optional(sport),
    leagueId: s.optional(id('Only this league')),
    day: s.optional(day),
    page,
    pageSize,
  }),
  response: s.object({
    results: s.array(ResultItem),
    total: s.integer({ minimum: 0 }),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
  }),
});

export const SportsPushLoginItem = s.object({
  topic: s.string({ description: "The one topic this login reads: 'sports/fixtures/<id>' or 'sports/board/<kind>'" }),
  clientId: s.string({ description: 'The MQTT client id the login must connect with' }),
  username: s.string(),
  password: s.string(),
  expiresAtMs: s.integer(),
});
export type SportsPushLoginItem = Infer<typeof SportsPushLoginItem>;

/**
 * Broker logins (the chat broker, MQTT over WebSocket) that read the pushes of the named
 * fixtures (`sports/fixtures/<id>`: the fixture and its changed markets) and, with `board`,
 * the kind's board (`sports/board/<kind>`: every fixture change of the kind, no markets).
 * A broker login reads one topic, so each topic has its own login (push-client.ts holds one
 * connection per topic). Unknown fixture ids are refused.
 */
export const sportsPushLogin = defineCall({
  name: 'sportsPushLogin',
  group: 'sports',
  path: '/sports/v1/push_login',
  style: 'json',
  auth: 'optional',
  summary: `Broker logins for the live push of up to ${SPORTS_PUSH_FIXTURES_MAX} fixtures and optionally a kind's score board`,
  request: s.object({
    fixtureIds: s.array(id('A fixture id'), { minItems: 0, maxItems: SPORTS_PUSH_FIXTURES_MAX }),
    board: s.optional(kind),
  }),
  response: s.object({
    url: s.string({ description: "The broker's WebSocket URL" }),
    logins: s.array(SportsPushLoginItem),
  }),
});

/**
 * What a push topic carries (JSON): on a fixture topic `{ type: 'sportsFixture', fixture,
 * markets }` with the markets that changed (all of them after a recovery); on a board topic
 * `{ type: 'sportsBoard', fixture }`. A client keeps the higher `version` of each fixture and
 * market and drops older ones (pushes may arrive out of order across reconnects).
 */
export const SportsPushEvent = s.union(
  s.object({ type: s.literal('sportsFixture'), fixture: FixtureItem, markets: s.array(MarketItem) }),
  s.object({ type: s.literal('sportsBoard'), fixture: FixtureItem }),
);
export type SportsPushEvent = Infer<typeof SportsPushEvent>;
