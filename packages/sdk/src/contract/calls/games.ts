import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * The game catalogue and game launch (issue 18; spec section 7 "Games": electronic and hot
 * lists, search, venue type, collect and cancel collect, launch and second launch,
 * freeavia, maintenance status; section 3: venue categories 1 sports .. 7 fishing).
 * Served under /game/v1/. The venue type list is the site's `venueTypeList`.
 * docs/GAMES.md holds the decisions the spec leaves open.
 */

/** Games a list page shows unless `pageSize` says otherwise. */
export const GAME_PAGE_SIZE_DEFAULT = 12;
/** The largest page a game list answers (our choice). */
export const GAME_PAGE_SIZE_MAX = 60;
/** The longest search text, in characters (our choice: longer than any game name). */
export const GAME_SEARCH_MAX = 50;

const venueCode = (description: string) => s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description });
const gameCode = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$', description: "The game's code within its venue" });
const page = s.optional(s.integer({ minimum: 1, maximum: 10_000, description: 'Page number, from 1' }));
const pageSize = s.optional(s.integer({ minimum: 1, maximum: GAME_PAGE_SIZE_MAX, description: `Games a page (${GAME_PAGE_SIZE_DEFAULT} when absent, at most ${GAME_PAGE_SIZE_MAX})` }));

/** Spec section 3 venue categories: 1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing. */
export const GameCategoryValue = s.integer({
  minimum: 1,
  maximum: 7,
  description: 'Venue category: 1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing',
});

/** How a game list is ordered: hot games first, newest first, or by name. */
export const GAME_SORTS = ['hot', 'new', 'name'] as const;

/** One game of a venue as lists show it. */
export const GameItem = s.object({
  venueCode: s.string(),
  gameCode: s.string(),
  nameZh: s.string(),
  nameEn: s.string(),
  category: s.integer({ minimum: 1, maximum: 7 }),
  imageUrl: s.string({ description: 'Same-origin path or data: URL' }),
  studio: s.string({ description: 'The studio that made the game' }),
  rtpBasisPoints: s.integer({ minimum: 0, maximum: 10_000, description: 'Published return to player in hundredths of a percent (9650 = 96.50%)' }),
  volatility: s.enum(['low', 'medium', 'high'] as const),
  demo: s.boolean({ description: 'A visitor may play it for fun money (freeavia)' }),
  hot: s.boolean(),
  releasedAt: s.string({ description: 'ISO 8601 time' }),
  maintenance: s.boolean({ description: 'The game or its venue is in maintenance: launch is refused' }),
  favourite: s.boolean({ description: 'The member collected it (false for a visitor)' }),
});
export type GameItem = Infer<typeof GameItem>;

export const GamePage = s.object({
  games: s.array(GameItem),
  total: s.integer({ minimum: 0, description: 'Games of the whole list' }),
  page: s.integer({ minimum: 1 }),
  pageSize: s.integer({ minimum: 1 }),
});
export type GamePage = Infer<typeof GamePage>;

/**
 * The brand's games, by venue and category, sorted and paged. The electronic list is this
 * list with category 6. Maintenance games are listed (flagged), hidden games never.
 */
export const gameList = defineCall({
  name: 'gameList',
  group: 'games',
  path: '/game/v1/game_list',
  style: 'query',
  auth: 'optional',
  summary: 'Game list of the brand by venue and category (electronic list: category 6), sorted hot, new or name, paged',
  request: s.object({
    venueCode: s.optional(venueCode('Only this venue of the brand; every venue when absent')),
    category: s.optional(GameCategoryValue),
    sort: s.optional(s.enum(GAME_SORTS, { description: 'hot (default): hot games first; new: newest release first; name: by English name' })),
    page,
    pageSize,
  }),
  response: GamePage,
});

/** The brand's hot games, newest first. */
export const gameHotList = defineCall({
  name: 'gameHotList',
  group: 'games',
  path: '/game/v1/hot_list',
  style: 'query',
  auth: 'optional',
  summary: 'Hot games of the brand (optionally of one venue or category), paged',
  request: s.object({
    venueCode: s.optional(venueCode('Only this venue of the brand')),
    category: s.optional(GameCategoryValue),
    page,
    pageSize,
  }),
  response: GamePage,
});

/** Games whose Chinese or English name contains the text (case-insensitive; %, _ and \ match themselves). */
export const gameSearch = defineCall({
  name: 'gameSearch',
  group: 'games',
  path: '/game/v1/search',
  style: 'query',
  auth: 'optional',
  summary: 'Search the brand\'s games by Chinese or English name (case-insensitive), paged',
  request: s.object({
    keyword: s.string({ minLength: 1, maxLength: GAME_SEARCH_MAX, description: `Part of a game name, 1 to ${GAME_SEARCH_MAX} characters` }),
    venueCode: s.optional(venueCode('Only this venue of the brand')),
    category: s.optional(GameCategoryValue),
    page,
    pageSize,
  }),
  response: GamePage,
});

export const GameRef = s.object({ venueCode: venueCode('Venue code of the brand, e.g. LBSLOTS'), gameCode });

const language = s.optional(s.enum(['zh-CN', 'en'] as const, { description: 'The language the game opens in; zh-CN when absent' }));

/** Collects a game into the member's favourites; collecting it again changes nothing. */
export const gameCollect = defineCall({
  name: 'gameCollect',
  group: 'games',
  path: '/game/v1/collect',
  style: 'json',
  auth: 'member',
  summary: 'Collect a game (add to favourites); idempotent',
  request: GameRef,
  response: s.object({ favourite: s.boolean() }),
});

/** Removes a game from the member's favourites; removing one not collected changes nothing. */
export const gameCancelCollect = defineCall({
  name: 'gameCancelCollect',
  group: 'games',
  path: '/game/v1/cancel_collect',
  style: 'json',
  auth: 'member',
  summary: 'Cancel collect (remove from favourites); idempotent',
  request: GameRef,
  response: s.object({ favourite: s.boolean() }),
});

/** The member's favourite games of the brand, last collected first. */
export const gameFavourites = defineCall({
  name: 'gameFavourites',
  group: 'games',
  path: '/game/v1/favourites',
  style: 'query',
  auth: 'member',
  summary: "The member's collected games, last collected first, paged",
  request: s.object({
    venueCode: s.optional(venueCode('Only this venue of the brand')),
    page,
    pageSize,
  }),
  response: GamePage,
});

export const VenueMaintenance = s.object({
  venueCode: s.string(),
  maintenance: s.boolean({ description: 'The whole venue is in maintenance' }),
  gamesInMaintenance: s.array(s.string(), { description: 'Codes of the venue\'s games in maintenance' }),
});

/** Maintenance status of the brand's venues (or one) and of their games. */
export const gameMaintenance = defineCall({
  name: 'gameMaintenance',
  group: 'games',
  path: '/game/v1/maintenance',
  style: 'query',
  auth: 'optional',
  summary: 'Maintenance status per venue and per game',
  request: s.object({ venueCode: s.optional(venueCode('Only this venue of the brand')) }),
  response: s.object({ venues: s.array(VenueMaintenance) }),
});

export const LaunchResponse = s.object({
  url: s.string({ description: 'Where the game runs (an iframe source)' }),
  expiresAt: s.string({ description: 'ISO 8601 time after which the launch token is refused' }),
  walletModel: s.enum(['transfer', 'seamless'] as const, {
    description: 'transfer: move money into the venue before play (auto transfer on /loading); seamless: play on the centre wallet',
  }),
  resumedRoundId: s.nullable(s.string({ description: 'The unfinished round a second launch resumed, if any' })),
});
export type LaunchResponse = Infer<typeof LaunchResponse>;

/** Launches a game for the member with a one-time launch token (120 s). */
export const gameLaunch = defineCall({
  name: 'gameLaunch',
  group: 'games',
  path: '/game/v1/launch',
  style: 'json',
  auth: 'member',
  summary: 'Launch a game (one-time token bound to member, game and CNY; 120 s)',
  request: s.object({
    venueCode: venueCode('Venue code of the brand'),
    gameCode,
    resume: s.optional(s.boolean({ description: 'Resume the unfinished round (second launch); false when absent' })),
    language,
  }),
  response: LaunchResponse,
});

/** Second launch: launches again and resumes the member's unfinished round of the game, if any. */
export const gameSecondLaunch = defineCall({
  name: 'gameSecondLaunch',
  group: 'games',
  path: '/game/v1/second_launch',
  style: 'json',
  auth: 'member',
  summary: "Second launch: launch again resuming the member's unfinished round",
  request: s.object({ venueCode: venueCode('Venue code of the brand'), gameCode, language }),
  response: LaunchResponse,
});

/** Freeavia (free play): a demo game for a visitor or member; fun money, no token, nothing moves. */
export const gameDemoLaunch = defineCall({
  name: 'gameDemoLaunch',
  group: 'games',
  path: '/game/v1/freeavia',
  style: 'json',
  auth: 'optional',
  summary: 'Freeavia: play a demo game for fun money (only games with demo)',
  request: s.object({ venueCode: venueCode('Venue code of the brand'), gameCode, language }),
  response: s.object({ url: s.string({ description: 'Where the demo game runs' }) }),
});

export const GameSyncVenue = s.object({
  venueCode: s.string(),
  ok: s.boolean({ description: 'false when the provider could not be asked; the catalogue of the venue is kept as it was' }),
  listed: s.integer({ minimum: 0, description: 'Games the provider lists' }),
  hidden: s.integer({ minimum: 0, description: 'Games hidden by this sync (no longer listed)' }),
  error: s.nullable(s.string()),
});

/** Operator: syncs the game catalogue of every venue of every brand now. */
export const opsGameSync = defineCall({
  name: 'opsGameSync',
  group: 'operator',
  path: '/ops/v1/games/sync',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: sync the game catalogue of every venue from its provider now',
  request: s.empty(),
  response: s.object({ venues: s.array(GameSyncVenue) }),
});
