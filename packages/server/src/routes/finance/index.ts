import type { FastifyInstance } from 'fastify';
import { fromMinor, usdtWalletBalance, walletBalance, type SiteBaseConfig } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { databaseIdempotencyGuard, purgeIdempotencyKeys } from '../../idempotency/index.js';
import { financeSettings } from './finance-settings.js';
import { readCachesOf } from '../../http/read-caches.js';
import type { LobbyServices } from '../../http/services.js';
import { balancesOf, baseRateOf, ledgerBalances, walletBalanceOf, type BalancesByKind } from './wallet-view.js';

/** How often each instance deletes idempotency keys past their 24 hours. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The finance route group (spec section 7, "Finance"): wallet balances from the ledger.
 * It also plugs the ledger into the server core: the idempotency guard for every call
 * that moves money, and the ledger-backed balances of user info.
 */
export function financeRoutes(app: FastifyInstance): void {
  app.lobby.idempotency ??= databaseIdempotencyGuard(app.lobby.db);
  app.lobby.providers.balances = ledgerBalances;
  purgeKeysWhileListening(app);
  // Sessions and balances served from memory while this instance listens to the
  // database's notifications (http/read-caches.ts, docs/WALLET.md "Read path caches").
  const caches = readCachesOf(app.lobby.db);
  app.addHook('onReady', () => caches.start());
  app.addHook('onClose', () => caches.stop());

  registerCall(app, walletBalance, async (ctx) => {
    const member = ctx.requireMember();
    const brand = await ctx.services.brands.get(member.siteId);
    const balances = await cachedBalancesOf(ctx.services, member.id);
    const venues = brand?.config.venues ?? { ty: [], dj: [], dz: [], by: [], zr: [], cp: [], qp: [] };
    return walletBalanceOf(balances, venues, financeSettings(member.siteId).baseRateE5, await maintainingVenues(app, venues));
  });

  registerCall(app, usdtWalletBalance, async (ctx) => {
    const member = ctx.requireMember();
    const balances = await cachedBalancesOf(ctx.services, member.id);
    return {
      virtualCurrencyWalletBalance: fromMinor(balances.get('usdt') ?? 0, 6),
      virtualCurrencyLockWalletBalance: fromMinor(balances.get('usdt_locked') ?? 0, 6),
      baseRate: baseRateOf(financeSettings(member.siteId).baseRateE5),
    };
  });
}

/** The brand's venues in maintenance, asked of the venue adapter (none when no venue route group is served). */
async function maintainingVenues(app: FastifyInstance, venues: SiteBaseConfig['venues']): Promise<Set<string>> {
  if (!app.hasDecorator('venueProvider')) return new Set();
  const codes = [...new Set(Object.values(venues).flat().map((venue) => venue.code))];
  const flags = await Promise.all(codes.map((code) => app.venueProvider.inMaintenance(code)));
  return new Set(codes.filter((_, i) => flags[i]));
}

function purgeKeysWhileListening(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      purgeIdempotencyKeys(app.lobby.db).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency purge failed'));
    }, IDEMPOTENCY_PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * A member's balances through the balance cache (http/read-caches.ts), keyed by the
 * member id of the caller's own session: dropped when the ledger moves that member's
 * money on any instance, and before this instance answers the member's own money call.
 */
async function cachedBalancesOf(services: LobbyServices, memberId: number): Promise<BalancesByKind> {
  const nowMs = services.providers.clock.now();
  return (await readCachesOf(services.db).balances.get(memberId, nowMs, () => balancesOf(services.db, memberId)))!;
}
