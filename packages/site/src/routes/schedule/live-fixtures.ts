import { useEffect, useState } from 'react';
import { sportsFixtureDetail, sportsPush, sportsPushLogin, type Fixture, type SportKind, type SportsPushStatus } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/** Fixtures pushed since the page loaded, newest version of each by id. */
export type PushedFixtures = ReadonlyMap<string, Fixture>;

/**
 * Keeps the newer of two readings of a fixture (by version): what a page read from a call,
 * or what the push brought since.
 *
 * @example newest(listed, pushed.get(listed.id))
 */
export function newest(read: Fixture, pushed: Fixture | undefined): Fixture {
  return pushed && pushed.version > read.version ? pushed : read;
}

/** What the push hook answers: the fixtures pushed so far and the connection's state. */
export interface LiveFixtures {
  pushed: PushedFixtures;
  status: SportsPushStatus | 'idle';
}

/**
 * Pushes a kind's score board (`board`) or some fixtures (`fixtureIds`) while the page is
 * mounted, over the chat broker (mqtt.js loaded lazily, after the page's first paint): the
 * page moves without polling. Nothing connects when there is nothing to watch.
 *
 * @example const { pushed } = useLiveFixtures({ board: 'sports' })
 */
export function useLiveFixtures(watch: { board?: SportKind; fixtureIds?: readonly string[] }): LiveFixtures {
  const { client } = useLobby();
  const [pushed, setPushed] = useState<PushedFixtures>(new Map());
  const [status, setStatus] = useState<SportsPushStatus | 'idle'>('idle');
  const ids = (watch.fixtureIds ?? []).join(' ');
  const board = watch.board;
  useEffect(() => {
    if (!board && ids === '') return undefined;
    const push = sportsPush({
      login: (request) => client.call(sportsPushLogin, request),
      loadMqtt: () => import('mqtt'),
      resync: (fixtureId) => client.call(sportsFixtureDetail, { fixtureId }),
      onStatus: setStatus,
      onUpdate: (update) => {
        const fixture = update.fixture;
        if (fixture) setPushed((before) => new Map(before).set(fixture.id, newest(fixture, before.get(fixture.id))));
      },
    });
    if (board) push.setBoard(board);
    if (ids !== '') push.add(ids.split(' '));
    return () => push.close();
  }, [client, board, ids]);
  return { pushed, status };
}
