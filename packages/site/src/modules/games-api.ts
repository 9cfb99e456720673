import {
  GAME_PAGE_SIZE_MAX, gameCancelCollect, gameCollect, gameDemoLaunch, gameFavourites, gameHotList, gameLaunch, gameList, gameMaintenance, gameSearch,
  type ApiClient, type GameItem, type GamePage, type LaunchResponse,
} from '@lobby/sdk';
import { formatBasisPoints } from './basis-points.js';

/**
 * The site's one door to the games calls of the sdk contract (issue 18; contract
 * packages/sdk/src/contract/calls/games.ts): the venue lobbies and the launch pages call
 * these, so a change of the wire touches this file only.
 */

export type { GameItem, GamePage };

/** The venue lobby's lists: hot games, newest, all by name, and the member's favourites. */
export type GameListTab = 'hot' | 'new' | 'all' | 'favourites';

export interface GameQuery {
  venueCode: string;
  tab: GameListTab;
  /** A search of the venue's games by name; the tab is ignored while it is not empty. */
  search: string;
  page: number;
}

export type LaunchResult = LaunchResponse;

export interface VenueStatus {
  maintenance: boolean;
  gamesInMaintenance: string[];
}

/** Games shown on one page of a venue lobby. */
export const GAME_PAGE_SIZE = 12;

function createGamesApi(client: ApiClient) {
  return {
    list(query: GameQuery): Promise<GamePage> {
      const paging = { venueCode: query.venueCode, page: query.page, pageSize: GAME_PAGE_SIZE };
      if (query.search !== '') return client.call(gameSearch, { ...paging, keyword: query.search });
      if (query.tab === 'hot') return client.call(gameHotList, paging);
      if (query.tab === 'favourites') return client.call(gameFavourites, paging);
      return client.call(gameList, { ...paging, sort: query.tab === 'new' ? 'new' : 'name' });
    },
    async setFavourite(game: Pick<GameItem, 'venueCode' | 'gameCode'>, on: boolean): Promise<void> {
      const ref = { venueCode: game.venueCode, gameCode: game.gameCode };
      await client.call(on ? gameCollect : gameCancelCollect, ref);
    },
    /** A game's names, from the venue's list (undefined when it is not among the first 60 by name). */
    async gameNames(venueCode: string, gameCode: string): Promise<{ nameZh: string; nameEn: string } | undefined> {
      const { games } = await client.call(gameList, { venueCode, sort: 'name', page: 1, pageSize: GAME_PAGE_SIZE_MAX });
      return games.find((game) => game.gameCode === gameCode);
    },
    /** Whether a venue, and which of its games, are in maintenance now. */
    async venueStatus(venueCode: string): Promise<VenueStatus> {
      const venue = (await client.call(gameMaintenance, { venueCode })).venues.find((item) => item.venueCode === venueCode);
      return { maintenance: venue?.maintenance ?? false, gamesInMaintenance: venue?.gamesInMaintenance ?? [] };
    },
    // The wire takes exactly its fields: callers may pass a wider launch target.
    launch: ({ venueCode, gameCode, resume }: { venueCode: string; gameCode: string; resume: boolean }): Promise<LaunchResult> =>
      client.call(gameLaunch, { venueCode, gameCode, resume }),
    demoLaunch: ({ venueCode, gameCode }: { venueCode: string; gameCode: string }): Promise<{ url: string }> => client.call(gameDemoLaunch, { venueCode, gameCode }),
  };
}

export type GamesApi = ReturnType<typeof createGamesApi>;

const byClient = new WeakMap<ApiClient, GamesApi>();

/**
 * The games calls the venue pages and the launch pages make, one set per client.
 *
 * @example const page = await gamesApi(client).list({ venueCode: 'LBSLOTS', tab: 'hot', search: '', page: 1 })
 */
export function gamesApi(client: ApiClient): GamesApi {
  let api = byClient.get(client);
  if (!api) {
    api = createGamesApi(client);
    byClient.set(client, api);
  }
  return api;
}

/**
 * A published RTP in hundredths of a percent as members read it, in integers only.
 *
 * @example formatRtp(9650) // '96.50%'
 */
export const formatRtp: (basisPoints: number) => string = formatBasisPoints;
