import type { FastifyInstance } from 'fastify';
import {
  autoTransferStatus, fromMinor, oneClickRecycle, oneClickRecycleV2, setAutoTransferStatus, t, toMinor,
  venueBalanceRefresh, venueBalances, venueRecycleConfirmList, venueTransferIn, venueTransferOut,
} from '@lobby/sdk';
import type { Database } from '../db/database.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import {
  SandboxVenueProvider, brandVenues, claimThrottle, reconcilePendingTransfers, recycleVenues,
  transferVenueOf, transferWithVenue, updateWalletSettings, venueBooksOf, venueMoneyOf, venueOf, walletSettingsOf,
  type SyncVenueBets, type VenueProvider, type VenueRef,
} from './index.js';
import { balancesOf } from '../ledger/index.js';
import { venueSandboxDoors } from './sandbox-doors.js';
import { answerOrRefuse, transferResultOf } from './transfer-view.js';
import { runWhileListening } from '../http/while-listening.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The venue adapter (the sandbox venue unless a real one is plugged in). */
    venueProvider: VenueProvider;
  }
}

/** How often each instance reconciles venue transfers left pending by a venue timeout. */
export const VENUE_RECONCILE_INTERVAL_MS = 30_000;

/**
 * The venue wallet route group (spec section 7, "Games" transfers and balances; "Yuebao"
 * recycling; section 4, "Venue recycling"). Venue transfers span transactions (the venue
 * answers in between), so they declare the spanning idempotency guard.
 */
export function venueRoutes(app: FastifyInstance): void {
  const db = app.lobby.db;
  if (!app.hasDecorator('venueProvider')) app.decorate('venueProvider', new SandboxVenueProvider(db) as VenueProvider);
  const provider = app.venueProvider;
  venueSandboxDoors(app, provider);
  reconcileWhileListening(app, db, provider);

  registerCall(app, venueBalances, async (ctx) => ({ venueList: await booksList(ctx, provider, await venuesOf(ctx)) }));

  registerCall(app, venueBalanceRefresh, async (ctx) => {
    const member = ctx.requireMember();
    const venues = await venuesOf(ctx);
    const chosen = ctx.request.apiName === undefined ? venues : [venueOf(venues, ctx.request.apiName)];
    await claimThrottle(db, member.id, 'refresh', ctx.services.providers.clock.now());
    await reconcilePendingTransfers(db, provider, member.id);
    await syncFirst(app)?.(chosen.map((venue) => venue.code));
    const venueList = await Promise.all(chosen.map(async (venue) => venueMoneyOf(provider, venue, await provider.balance(venue.code, member.id))));
    return { message: t('amountRefreshed', undefined, 'en'), venueList };
  });

  registerCall(app, venueRecycleConfirmList, async (ctx) => {
    const venues = await venuesOf(ctx);
    // The list a recycle is confirmed from shows what the venues hold now: their settled bets are pulled first.
    await syncFirst(app)?.([...(await venueBooksOf(ctx.db, ctx.requireMember().id)).keys()]);
    const list = await booksList(ctx, provider, venues);
    return { venueList: list.filter((venue) => venue.money > 0) };
  });

  for (const [call, direction] of [[venueTransferIn, 'in'], [venueTransferOut, 'out']] as const) {
    registerCall(app, call, async (ctx) => {
      const member = ctx.requireMember();
      const body = ctx.request as { api_name: string; transferIntoVal?: number; transferOutVal?: number };
      const venue = transferVenueOf(await venuesOf(ctx), body.api_name);
      const amountMinor = toMinor(direction === 'in' ? body.transferIntoVal! : body.transferOutVal!, 2);
      const transfer = await transferWithVenue(ctx.db, provider, {
        memberId: member.id, venueCode: venue.code, direction, amountMinor, requestKey: `${call.name}:${ctx.idempotencyKey}`,
        at: new Date(ctx.services.providers.clock.now()),
      }, syncFirst(app));
      return answerOrRefuse(await transferResultOf(ctx.db, transfer));
    }, { idempotency: 'spanning' });
  }

  for (const call of [oneClickRecycle, oneClickRecycleV2]) {
    registerCall(app, call, async (ctx) => {
      const member = ctx.requireMember();
      const { apiNames, walletType } = ctx.request as { apiNames?: string[]; walletType?: 1 | 2 };
      const venues = await venuesOf(ctx);
      const chosen = apiNames === undefined ? venues : [...new Set(apiNames)].map((code) => venueOf(venues, code));
      const requestKey = `recycle:${ctx.idempotencyKey}`;
      const started = await ctx.db.query('SELECT 1 FROM venue_transfers WHERE member_id = $1 AND request_key = $2 LIMIT 1', [member.id, requestKey]);
      if (started.rows.length === 0) await claimThrottle(db, member.id, 'recycle', ctx.services.providers.clock.now());
      // Every venue of the sandbox holds RMB: walletType 2 (USDT) recycles USDT venues, of which there are none.
      const transfers = await recycleVenues(ctx.db, provider, { memberId: member.id, venues: (walletType ?? 1) === 1 ? chosen : [], requestKey }, syncFirst(app));
      const results = await Promise.all(transfers.map((transfer) => transferResultOf(ctx.db, transfer)));
      const state = results.some((r) => r.state === 'pending') ? ('pending' as const) : ('completed' as const);
      const failed = results.filter((r) => r.state === 'failed').map((r) => r.apiName);
      const message = state === 'pending' ? 'Some venues have not answered yet; recycling completes by itself'
        : failed.length > 0 ? `Recycling failed for ${failed.join(', ')}; their money stays in the venue` : 'Recovery successful!';
      const balances = await balancesOf(ctx.db, member.id);
      return { message, state, transfers: results, centerWalletBalance: fromMinor(balances.get('centre') ?? 0, 2) };
    }, { idempotency: 'spanning' });
  }

  registerCall(app, autoTransferStatus, async (ctx) => ({ status: (await walletSettingsOf(ctx.db, ctx.requireMember().id)).autoTransfer }));
  registerCall(app, setAutoTransferStatus, async (ctx) => ({
    status: (await updateWalletSettings(ctx.db, ctx.requireMember().id, { autoTransfer: ctx.request.status })).autoTransfer,
  }));
}

/** The bet sync's pull of some venues, when the app has bet sync (a route test may leave it out). */
function syncFirst(app: FastifyInstance): SyncVenueBets | undefined {
  return app.hasDecorator('betSync') ? (codes) => app.betSync.syncVenues(codes) : undefined;
}

async function venuesOf(ctx: CallContext<unknown>): Promise<VenueRef[]> {
  const brand = await ctx.services.brands.get(ctx.requireMember().siteId);
  return brandVenues(brand?.config.venues);
}

async function booksList(ctx: CallContext<unknown>, provider: VenueProvider, venues: readonly VenueRef[]) {
  const books = await venueBooksOf(ctx.db, ctx.requireMember().id);
  return Promise.all(venues.map((venue) => venueMoneyOf(provider, venue, books.get(venue.code) ?? 0)));
}

function reconcileWhileListening(app: FastifyInstance, db: Database, provider: VenueProvider): void {
  runWhileListening(app, { name: 'venue reconcile', everyMs: VENUE_RECONCILE_INTERVAL_MS, run: () => reconcilePendingTransfers(db, provider, null) });
}
