import { useEffect, useState } from 'react';
import { t } from '@lobby/sdk';
import type { GamePage, GameQuery, GamesApi } from '../../modules/games-api.js';

export interface GameListLoad {
  page: GamePage | undefined;
  error: string;
  loading: boolean;
}

/**
 * One page of a venue's games for the lobby's tab, search and page; loads again when the
 * query or `version` (bumped after a favourite changes) changes. A failed list says
 * 'The server is busy, please try again later' (spec section 8, "for the game list").
 *
 * @example const { page, error } = useGameList(api, { venueCode, tab: 'hot', search: '', page: 1 }, version, 'zh-CN')
 */
export function useGameList(api: GamesApi, query: GameQuery | null, version: number, language: string): GameListLoad {
  const [load, setLoad] = useState<GameListLoad>({ page: undefined, error: '', loading: query !== null });
  const key = JSON.stringify(query);
  useEffect(() => {
    const current = JSON.parse(key) as GameQuery | null;
    if (current === null) return;
    let live = true;
    setLoad((previous) => ({ ...previous, loading: true }));
    api.list(current).then(
      (page) => live && setLoad({ page, error: '', loading: false }),
      () => live && setLoad({ page: undefined, error: t('serverBusy', undefined, language), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [api, key, version, language]);
  return load;
}
