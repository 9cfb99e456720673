import type { FastifyInstance } from 'fastify';
import { opsBetSync } from '@lobby/sdk';
import type { GameProvider } from '../games/game-provider.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { BetSync, venuesToSync } from './bet-sync-service.js';
import { runWhileListening } from '../http/while-listening.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pulls transfer venues' bet records into lobby's books (bet-sync/). */
    betSync: BetSync;
  }
}

/** How often each listening instance pulls every transfer venue's bet records. */
export const BET_SYNC_INTERVAL_MS = 5_000;

/**
 * The bet sync group (issue 18): decorates `app.betSync`, which pulls each transfer
 * venue's bet records from `app.gameProvider` (the sandbox studio unless a real provider
 * is plugged in) into `game_bets` and the ledger. Venue transfers, recycling, refresh and
 * the audit pull a venue first; every listening instance pulls every venue each
 * BET_SYNC_INTERVAL_MS; the operator pulls now with `opsBetSync` (`npm run ops -- bet-sync`).
 */
export function betSyncRoutes(app: FastifyInstance): void {
  // Read at each pull: the studio's group may decorate the provider after this one.
  const provider = () => (app as FastifyInstance & { gameProvider?: GameProvider }).gameProvider;
  if (!app.hasDecorator('betSync')) app.decorate('betSync', new BetSync(app.lobby.db, provider));
  syncWhileListening(app);

  registerCall(app, opsBetSync, async (ctx) => {
    const { venueCode } = ctx.request;
    const venues = await venuesToSync(ctx.db);
    // A venue nobody holds a wallet at has no feed to pull: refused, and no position row is made for it.
    if (venueCode !== undefined && !venues.includes(venueCode)) throw new BusinessError('venueNotFound', `no member holds a wallet at venue ${venueCode}`);
    const outcomes = await app.betSync.syncVenues(venueCode === undefined ? venues : [venueCode]);
    return { venues: outcomes.map(({ venueCode: code, applied, pages, reachedEnd, stoppedBy, lastSequence }) => ({ venueCode: code, applied, pages, reachedEnd, stoppedBy, lastSequence })) };
  });
}

function syncWhileListening(app: FastifyInstance): void {
  runWhileListening(app, {
    name: 'bet sync',
    everyMs: BET_SYNC_INTERVAL_MS,
    run: async () => {
      for (const outcome of await app.betSync.syncAll()) if (outcome.stoppedBy) app.log.warn({ venue: outcome.venueCode, stoppedBy: outcome.stoppedBy }, 'bet sync stopped short');
    },
  });
}
