import { GAME_ASSIST_SIZE, type CallResponse, type Fixture, type Market, type gameAssist, type matchOdds } from '@lobby/sdk';

type LiveMarket = CallResponse<typeof matchOdds>['markets'][number];
type PastMatch = CallResponse<typeof gameAssist>['headToHead'][number];
type Form = CallResponse<typeof gameAssist>['home'];

const OPEN_STATUSES = new Set(['active', 'suspended']);

/**
 * A fixture's main markets: 1X2, and of the Asian handicap and over/under lines the one
 * priced closest to even (smallest gap between its two prices), as books show their main
 * line. Open markets (active or suspended) are preferred; a finished match shows its last.
 *
 * @example mainMarkets(markets).map((m) => m.marketId) // ['1x2', 'ah:-1', 'ou:10']
 */
export function mainMarkets(markets: readonly Market[]): LiveMarket[] {
  const open = markets.filter((market) => OPEN_STATUSES.has(market.status));
  const pool = open.length > 0 ? open : markets;
  const picked: Market[] = [];
  const oneXTwo = pool.find((market) => market.type === '1x2');
  if (oneXTwo) picked.push(oneXTwo);
  for (const type of ['asian_handicap', 'over_under'] as const) {
    const main = closestToEven(pool.filter((market) => market.type === type));
    if (main) picked.push(main);
  }
  return picked.map((market) => ({
    marketId: market.id,
    type: market.type as LiveMarket['type'],
    line: market.line ?? null,
    status: market.status,
    version: market.version,
    selections: market.selections.map(({ id, nameEn, nameZh, odds, active }) => ({ id, nameEn, nameZh, odds, active })),
  }));
}

function closestToEven(markets: readonly Market[]): Market | undefined {
  const gap = (market: Market) => {
    const odds = market.selections.map((selection) => selection.odds);
    return odds.length < 2 ? Number.MAX_SAFE_INTEGER : Math.max(...odds) - Math.min(...odds);
  };
  return [...markets].sort((a, b) => gap(a) - gap(b) || a.id.localeCompare(b.id))[0];
}

function pastMatch(fixture: Fixture): PastMatch {
  return {
    fixtureId: fixture.id,
    startsAt: fixture.startsAt,
    homeEn: fixture.homeEn,
    homeZh: fixture.homeZh,
    guestEn: fixture.awayEn,
    guestZh: fixture.awayZh,
    homeScore: fixture.score.home,
    guestScore: fixture.score.away,
  };
}

/** Win, draw or loss of `teamEn` in an ended fixture. @example resultOf(fixture, 'Lions') // 'W' */
export function resultOf(fixture: Fixture, teamEn: string): 'W' | 'D' | 'L' {
  const own = fixture.homeEn === teamEn ? fixture.score.home : fixture.score.away;
  const other = fixture.homeEn === teamEn ? fixture.score.away : fixture.score.home;
  return own > other ? 'W' : own === other ? 'D' : 'L';
}

/** A team's form: its last GAME_ASSIST_SIZE ended matches (latest first) and their results. */
export function formOf(teamEn: string, ended: readonly Fixture[]): Form {
  const matches = ended.filter((fixture) => fixture.status === 'ended').slice(0, GAME_ASSIST_SIZE);
  return { teamEn, results: matches.map((fixture) => resultOf(fixture, teamEn)), matches: matches.map(pastMatch) };
}

/**
 * The game assist of a fixture from the two teams' ended matches: their last meetings
 * (either side at home) and each team's form. Only the store's history counts; a team new
 * to the feed has an empty form.
 */
export function assistOf(fixture: Fixture, homeEnded: readonly Fixture[], guestEnded: readonly Fixture[]): CallResponse<typeof gameAssist> {
  const meetings = homeEnded
    .filter((past) => past.status === 'ended' && past.id !== fixture.id)
    .filter((past) => past.homeEn === fixture.awayEn || past.awayEn === fixture.awayEn)
    .slice(0, GAME_ASSIST_SIZE);
  const others = (list: readonly Fixture[]) => list.filter((past) => past.id !== fixture.id);
  return {
    fixtureId: fixture.id,
    headToHead: meetings.map(pastMatch),
    home: formOf(fixture.homeEn, others(homeEnded)),
    guest: formOf(fixture.awayEn, others(guestEnded)),
  };
}
