import type { LiveMatch } from '../contract/calls/live.js';
import type { Fixture } from '../sports/types.js';

/**
 * A stored fixture as the live calls answer it (contract LiveMatch, spec names homeScore,
 * guestScore, isStart): the server answers with it, and a page turns a pushed Fixture into it.
 *
 * @example liveMatchOf(fixture).isStart // true once the match kicked off
 */
export function liveMatchOf(fixture: Fixture): LiveMatch {
  return {
    fixtureId: fixture.id,
    sport: fixture.sport,
    kind: fixture.kind,
    leagueEn: fixture.leagueEn,
    leagueZh: fixture.leagueZh,
    homeEn: fixture.homeEn,
    homeZh: fixture.homeZh,
    guestEn: fixture.awayEn,
    guestZh: fixture.awayZh,
    startsAt: fixture.startsAt,
    status: fixture.status,
    minute: fixture.minute,
    homeScore: fixture.score.home,
    guestScore: fixture.score.away,
    isStart: fixture.status === 'live' || fixture.status === 'ended',
    version: fixture.version,
  };
}
