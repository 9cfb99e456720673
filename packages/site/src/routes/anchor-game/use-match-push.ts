import { useEffect, useRef } from 'react';
import { sportsFixtureDetail, sportsPush, sportsPushLogin, type Fixture, type SportKind } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/**
 * Pushes live scores while mounted (docs/SPORTS.md "The push"): the fixtures' own topics,
 * or the whole board of a kind, over the chat broker; mqtt.js loads only then. Every newer
 * fixture is handed to `onFixture`; nothing is polled.
 *
 * @example useMatchPush({ fixtureIds: ['fb-1'] }, (fixture) => store.pushedMatch(toLiveMatch(fixture)))
 */
export function useMatchPush(watch: { fixtureIds?: readonly string[]; board?: SportKind }, onFixture: (fixture: Fixture) => void): void {
  const { client } = useLobby();
  const key = (watch.fixtureIds ?? []).join(' ');
  const board = watch.board ?? null;
  const latest = useRef(onFixture);
  latest.current = onFixture;
  useEffect(() => {
    if (key === '' && !board) return undefined;
    const push = sportsPush({
      login: (request) => client.call(sportsPushLogin, request),
      loadMqtt: () => import('mqtt'),
      resync: (fixtureId) => client.call(sportsFixtureDetail, { fixtureId }),
      onUpdate: (update) => {
        if (update.fixture) latest.current(update.fixture);
      },
    });
    if (key !== '') push.add(key.split(' '));
    if (board) push.setBoard(board);
    return () => push.close();
  }, [client, key, board]);
}

/** A stored fixture as the live calls answer it (contract LiveMatch): the push brings Fixture, the calls LiveMatch. */
export function liveMatchOf(fixture: Fixture) {
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
