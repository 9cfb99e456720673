import { useEffect, useRef } from 'react';
import { sportsFixtureDetail, sportsPush, sportsPushLogin, type Fixture, type SportKind } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/**
 * Pushes live scores while mounted (docs/SPORTS.md "The push"): the fixtures' own topics,
 * or the whole board of a kind, over the chat broker; mqtt.js loads only then. Every newer
 * fixture is handed to `onFixture`; nothing is polled.
 *
 * @example useMatchPush({ fixtureIds: ['fb-1'] }, (fixture) => store.pushedMatch(liveMatchOf(fixture)))
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
