import type { FastifyInstance } from 'fastify';
import {
  GAME_PAGE_SIZE_DEFAULT, gameCancelCollect, gameCollect, gameDemoLaunch, gameFavourites, gameHotList, gameLaunch, gameList,
  gameMaintenance, gameSearch, gameSecondLaunch, opsGameSync, type GameItem, type GamePage,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import { brandVenues, venueOf, type VenueRef } from '../venues/venue-wallets.js';
import { addFavourite, findGame, gamesInMaintenance, queryGames, removeFavourite, type GameQuery, type ListedGame } from './catalogue-repository.js';
import { CATALOGUE_SYNC_INTERVAL_MS, syncCatalogue } from './catalogue-sync.js';
import type { GameProvider } from './game-provider.js';
import { LAUNCH_TOKEN_TTL_MS, purgeLaunchTokens } from './launch-tokens.js';
import { launchDemo, launchGame } from './launch-service.js';
import { runWhileListening } from '../http/while-listening.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game provider adapter (the sandbox studio unless a real aggregator is plugged in). */
    gameProvider: GameProvider;
  }
}

/** Expired launch tokens are kept this long (so a late redeem answers `expired`), then purged. */
const LAUNCH_TOKEN_KEEP_MS = 24 * 60 * 60_000;

/**
 * The game catalogue and launch route group (spec section 7 "Games"; docs/GAMES.md). Listed
 * after the studio's group, which sets `app.gameProvider`. Syncs the catalogue when the
 * instance starts listening and every CATALOGUE_SYNC_INTERVAL_MS after.
 */
export function gameRoutes(app: FastifyInstance): void {
  const provider = (): GameProvider => {
    if (!app.hasDecorator('gameProvider')) throw new BusinessError('gameLaunchFailed', 'no game provider is configured');
    return app.gameProvider;
  };
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());
  syncWhileListening(app, provider);

  registerCall(app, gameList, async (ctx) => {
    const { venueCode, category, sort, page, pageSize } = ctx.request;
    return listPage(app, ctx, { venueCode, category, sort: sort ?? 'hot', page, pageSize });
  });

  registerCall(app, gameHotList, async (ctx) => {
    const { venueCode, category, page, pageSize } = ctx.request;
    return listPage(app, ctx, { venueCode, category, sort: 'new', hotOnly: true, page, pageSize });
  });

  registerCall(app, gameSearch, async (ctx) => {
    const { keyword, venueCode, category, page, pageSize } = ctx.request;
    return listPage(app, ctx, { venueCode, category, keyword, sort: 'name', page, pageSize });
  });

  registerCall(app, gameFavourites, async (ctx) => {
    ctx.requireMember();
    const { venueCode, page, pageSize } = ctx.request;
    return listPage(app, ctx, { venueCode, sort: 'collected', favouritesOnly: true, page, pageSize });
  });

  registerCall(app, gameCollect, async (ctx) => {
    const member = ctx.requireMember();
    const venue = venueOf(await venuesOf(ctx), ctx.request.venueCode);
    const game = await findGame(ctx.db, venue.code, ctx.request.gameCode);
    if (!game || game.hidden) throw new BusinessError('gameNotFound', `no game ${ctx.request.gameCode} at ${venue.code}`);
    const added = await addFavourite(ctx.db, member.id, venue.code, game.gameCode, now(ctx));
    if (added === 'full') throw new BusinessError('gameFavouritesFull', 'the favourites list is full; cancel collect of a game first');
    return { favourite: true };
  });

  registerCall(app, gameCancelCollect, async (ctx) => {
    const member = ctx.requireMember();
    const venue = venueOf(await venuesOf(ctx), ctx.request.venueCode);
    await removeFavourite(ctx.db, member.id, venue.code, ctx.request.gameCode);
    return { favourite: false };
  });

  registerCall(app, gameMaintenance, async (ctx) => {
    const venues = await chosenVenues(ctx, ctx.request.venueCode);
    const inMaintenance = await venueMaintenanceOf(app, venues);
    const games = await gamesInMaintenance(ctx.db, venues.map((venue) => venue.code));
    return {
      venues: venues.map((venue) => ({ venueCode: venue.code, maintenance: inMaintenance.has(venue.code), gamesInMaintenance: games.get(venue.code) ?? [] })),
    };
  });

  registerCall(app, gameLaunch, async (ctx) => {
    const member = ctx.requireMember();
    const { venueCode, gameCode, resume, language } = ctx.request;
    return launchAnswer(await launchGame(ctx.db, app.venueProvider, provider(), { venues: await venuesOf(ctx), venueCode, gameCode, language: language ?? 'zh-CN' }, member.id, resume ?? false, now(ctx)));
  });

  registerCall(app, gameSecondLaunch, async (ctx) => {
    const member = ctx.requireMember();
    const { venueCode, gameCode, language } = ctx.request;
    return launchAnswer(await launchGame(ctx.db, app.venueProvider, provider(), { venues: await venuesOf(ctx), venueCode, gameCode, language: language ?? 'zh-CN' }, member.id, true, now(ctx)));
  });

  registerCall(app, gameDemoLaunch, async (ctx) => {
    const { venueCode, gameCode, language } = ctx.request;
    return launchDemo(ctx.db, app.venueProvider, provider(), { venues: await venuesOf(ctx), venueCode, gameCode, language: language ?? 'zh-CN' });
  });

  registerCall(app, opsGameSync, async (ctx) => ({ venues: await syncCatalogue(ctx.db, provider(), now(ctx)) }));
}

const launchAnswer = (outcome: Awaited<ReturnType<typeof launchGame>>) => ({ ...outcome, expiresAt: outcome.expiresAt.toISOString() });

/** The venues of the caller's brand (the member's brand when signed in). */
async function venuesOf(ctx: CallContext<unknown>): Promise<VenueRef[]> {
  const brand = await ctx.services.brands.get(ctx.member?.siteId ?? ctx.siteId);
  return brandVenues(brand?.config.venues);
}

/** The brand's venues, or only `venueCode` (refused with venueNotFound when not the brand's). */
async function chosenVenues(ctx: CallContext<unknown>, venueCode: string | undefined): Promise<VenueRef[]> {
  const venues = await venuesOf(ctx);
  return venueCode === undefined ? venues : [venueOf(venues, venueCode)];
}

async function venueMaintenanceOf(app: FastifyInstance, venues: readonly VenueRef[]): Promise<Set<string>> {
  const flags = await Promise.all(venues.map(async (venue) => [venue.code, await app.venueProvider.inMaintenance(venue.code)] as const));
  return new Set(flags.filter(([, on]) => on).map(([code]) => code));
}

interface ListInput {
  venueCode: string | undefined;
  category?: number | undefined;
  keyword?: string | undefined;
  hotOnly?: boolean;
  favouritesOnly?: boolean;
  sort: GameQuery['sort'];
  page: number | undefined;
  pageSize: number | undefined;
}

async function listPage(app: FastifyInstance, ctx: CallContext<unknown>, input: ListInput): Promise<GamePage> {
  const venues = await chosenVenues(ctx, input.venueCode);
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? GAME_PAGE_SIZE_DEFAULT;
  const { games, total } = await queryGames(ctx.db, {
    venueCodes: venues.map((venue) => venue.code),
    category: input.category,
    hotOnly: input.hotOnly ?? false,
    keyword: input.keyword,
    favouritesOnly: input.favouritesOnly ?? false,
    memberId: ctx.member?.id ?? null,
    sort: input.sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const inMaintenance = await venueMaintenanceOf(app, venues.filter((venue) => games.some((game) => game.venueCode === venue.code)));
  return { games: games.map((game) => itemOf(game, inMaintenance.has(game.venueCode))), total, page, pageSize };
}

function itemOf(game: ListedGame, venueInMaintenance: boolean): GameItem {
  return {
    venueCode: game.venueCode, gameCode: game.gameCode, nameZh: game.nameZh, nameEn: game.nameEn, category: game.category,
    imageUrl: game.imageUrl, studio: game.studio, rtpBasisPoints: game.rtpBasisPoints, volatility: game.volatility, demo: game.demo,
    hot: game.hot, releasedAt: game.releasedAt.toISOString(), maintenance: game.maintenance || venueInMaintenance, favourite: game.favourite,
  };
}

/** Syncs the catalogue when the instance starts listening, then every few minutes; purges old launch tokens. */
function syncWhileListening(app: FastifyInstance, provider: () => GameProvider): void {
  const db = app.lobby.db;
  runWhileListening(app, {
    name: 'game catalogue sync',
    everyMs: CATALOGUE_SYNC_INTERVAL_MS,
    atStart: true,
    run: async () => {
      if (!app.hasDecorator('gameProvider')) return;
      const now = new Date(app.lobby.providers.clock.now());
      for (const result of await syncCatalogue(db, provider(), now)) {
        if (result.error) app.log.warn({ venue: result.venueCode, ok: result.ok, error: result.error }, 'game catalogue sync');
      }
      await purgeLaunchTokens(db, new Date(now.getTime() - LAUNCH_TOKEN_TTL_MS - LAUNCH_TOKEN_KEEP_MS));
    },
  });
}
