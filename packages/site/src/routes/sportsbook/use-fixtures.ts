import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, t as sdkText, type SportCode } from '@lobby/sdk';
import { useSportsbook } from './context.js';

export interface FixtureListLoad {
  /** The fixture ids of the list, in its order (their state lives on the board). */
  ids: string[] | undefined;
  total: number;
  error: string;
}

/** Fixtures a list page shows. */
export const FIXTURE_PAGE_SIZE = 20;

/**
 * One list of fixtures with their main markets (live now, or upcoming on a Beijing day),
 * merged into the live board; the list keeps their ids. A failed list says 'The server is
 * busy, please try again later' (spec section 8, "on sport fetch failure").
 *
 * @example const live = useFixtures({ sport: 'football', status: 'live' })
 */
export function useFixtures(query: { sport: SportCode | undefined; status: 'live' | 'upcoming'; day?: string }): FixtureListLoad {
  const { api, board, kind } = useSportsbook();
  const language = useStore($language);
  const [load, setLoad] = useState<FixtureListLoad>({ ids: undefined, total: 0, error: '' });
  const key = JSON.stringify(query);
  useEffect(() => {
    const current = JSON.parse(key) as typeof query;
    let live = true;
    api.fixtures({ kind, sport: current.sport, status: current.status, day: current.status === 'live' ? undefined : current.day, withMarkets: true, page: 1, pageSize: FIXTURE_PAGE_SIZE }).then(
      (answer) => {
        if (!live) return;
        for (const item of answer.fixtures) board.apply(item.fixture, item.markets);
        setLoad({ ids: answer.fixtures.map((item) => item.fixture.id), total: answer.total, error: '' });
      },
      () => live && setLoad({ ids: undefined, total: 0, error: sdkText('serverBusy', undefined, language) }),
    );
    return () => {
      live = false;
    };
  }, [api, board, kind, key, language]);
  return load;
}
