import type { ExpertPick, LeagueItem, NewsMatch, PickResult, SelectionResult } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { FixtureMarket, SportsFeedService } from '../sports-feed/feed-api.js';

/**
 * What the content pages read of lobby's sports store (sports-feed, docs/SPORTS.md): soccer
 * matches live and coming next, the leagues with their counts, and a picked market's
 * outcome. Reads only; the feed consumer writes the store.
 */

interface MatchRow {
  fixtureId: string;
  leagueZh: string;
  leagueEn: string;
  homeZh: string;
  homeEn: string;
  awayZh: string;
  awayEn: string;
  startsAt: Date;
  status: 'scheduled' | 'live';
  minute: number;
  home: number;
  away: number;
}

/** Football matches in play, then the next ones by kick-off (at most `limit`). */
export async function soccerMatches(q: Queryable, limit: number): Promise<Omit<NewsMatch, 'picks'>[]> {
  const { rows } = await q.query<MatchRow>(
    `SELECT id AS "fixtureId", league_zh AS "leagueZh", league_en AS "leagueEn", home_zh AS "homeZh", home_en AS "homeEn", away_zh AS "awayZh",
            away_en AS "awayEn", starts_at AS "startsAt", status, minute, home_score AS home, away_score AS away
       FROM sports_fixtures WHERE producer = 'sports' AND sport = 'football' AND status IN ('scheduled', 'live')
      ORDER BY (status = 'live') DESC, starts_at, id LIMIT $1`,
    [limit],
  );
  return rows.map(({ home, away, startsAt, ...row }) => ({ ...row, startsAt: startsAt.toISOString(), score: { home, away } }));
}

/** Leagues of the store (of one kind or both) with fixtures live and not started, by kind, sport, English name. */
export async function leaguesInfo(q: Queryable, kind: 'sports' | 'esports' | undefined): Promise<LeagueItem[]> {
  const { rows } = await q.query<LeagueItem>(
    `SELECT league_id AS id, sport, producer AS kind, max(league_en) AS "nameEn", max(league_zh) AS "nameZh",
            count(*) FILTER (WHERE status = 'live')::int AS live, count(*) FILTER (WHERE status = 'scheduled')::int AS upcoming
       FROM sports_fixtures WHERE ($1::text IS NULL OR producer = $1::text)
      GROUP BY league_id, sport, producer ORDER BY producer, sport, max(league_en)`,
    [kind ?? null],
  );
  return rows;
}

/** A selection's result as a pick's result. */
export function pickResultOf(result: SelectionResult | undefined): PickResult {
  if (!result) return 'void';
  return result.outcome;
}

/** A pick's result from the market's outcome: pending while the feed stated none (or rolled one back). */
export async function pickResultFromFeed(feed: SportsFeedService, q: Queryable, pick: { fixtureId: string; marketId: string; selectionId: string }): Promise<PickResult> {
  const outcome = await feed.store.outcome(q, pick.fixtureId, pick.marketId);
  if (!outcome || outcome.state === 'open') return 'pending';
  if (outcome.state === 'cancelled') return 'void';
  return pickResultOf(outcome.results[pick.selectionId]);
}

const MARKET_NAMES: Record<string, [string, string]> = {
  '1x2': ['全场独赢', 'Full time 1X2'],
  asian_handicap: ['让球', 'Asian handicap'],
  over_under: ['大小球', 'Over/under'],
  correct_score: ['波胆', 'Correct score'],
  odd_even: ['单双', 'Odd/even'],
};

/** A line in quarters as a goal line: -1 is '-0.25', 10 is '2.5'. */
function lineText(quarters: number, signed: boolean): string {
  const text = String(quarters / 4);
  return signed && quarters > 0 ? `+${text}` : text;
}

/** The pick of `selectionId` on a market read from the store, names as they are now. */
export function pickOfMarket(found: FixtureMarket, selectionId: string): Omit<ExpertPick, 'id' | 'result' | 'pickedAt' | 'analysis'> | undefined {
  const { fixture, market } = found;
  const selection = market.selections.find((item) => item.id === selectionId);
  if (!selection) return undefined;
  const [zh, en] = MARKET_NAMES[market.type] ?? [market.type, market.type];
  const line = market.line === undefined ? '' : ` ${lineText(market.line, market.type === 'asian_handicap')}`;
  return {
    fixtureId: fixture.id, leagueZh: fixture.leagueZh, leagueEn: fixture.leagueEn, homeZh: fixture.homeZh, homeEn: fixture.homeEn,
    awayZh: fixture.awayZh, awayEn: fixture.awayEn, startsAt: fixture.startsAt, marketZh: `${zh}${line}`, marketEn: `${en}${line}`,
    selectionZh: selection.nameZh, selectionEn: selection.nameEn, odds: selection.odds,
  };
}
