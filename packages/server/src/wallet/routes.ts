import type { FastifyInstance } from 'fastify';
import { fromMinor, usdtWalletBalance, walletBalance, type SiteBaseConfig, type WalletBalance } from '@lobby/sdk';
import { frozenAnswer } from '../http/frozen-answers.js';
import { registerCall } from '../http/register-call.js';
import { purgeIdempotencyKeys } from '../idempotency/index.js';
import { balancesOf, type BalancesByKind } from '../ledger/index.js';
import { financeSettings } from './finance-settings.js';
import { readCachesOf } from '../members/read-caches.js';
import type { LobbyServices } from '../services.js';
import { baseRateOf, ledgerBalances, walletBalanceOf } from './wallet-view.js';
import { runWhileListening } from '../http/while-listening.js';

const NO_VENUES: SiteBaseConfig['venues'] = { ty: [], dj: [], dz: [], by: [], zr: [], cp: [], qp: [] };
const NONE_MAINTAINING: ReadonlySet<string> = new Set();

/**
 * walletBalance answers memoized by the balance entry they were built from: a new entry
 * (money moved, cache dropped or off) gets a new answer, and the memo goes with its entry.
 */
const answersByBalances = new WeakMap<
  BalancesByKind,
  { venues: SiteBaseConfig['venues']; maintaining: ReadonlySet<string>; rateE5: number; answer: WalletBalance }
>();

/** How often each instance deletes idempotency keys past their 24 hours. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The wallet route group (spec section 7, "Finance"): wallet balances from the ledger.
 * It also plugs the ledger into the server core: the ledger-backed balances of user info,
 * and the hourly purge of idempotency keys past their 24 hours.
 */
export function walletRoutes(app: FastifyInstance): void {
  app.lobby.providers.balances = ledgerBalances;
  purgeKeysWhileListening(app);
  // Sessions and balances served from memory while this instance listens to the
  // database's notifications (members/read-caches.ts, docs/WALLET.md "Read path caches").
  const caches = readCachesOf(app.lobby.db);
  app.addHook('onReady', () => caches.start());
  app.addHook('onClose', () => caches.stop());

  registerCall(app, walletBalance, async (ctx) => {
    const member = ctx.requireMember();
    const brand = await ctx.services.brands.get(member.siteId);
    const balances = await cachedBalancesOf(ctx.services, member.id);
    const venues = brand?.config.venues ?? NO_VENUES;
    const rateE5 = financeSettings(member.siteId).baseRateE5;
    const maintaining = await maintainingVenues(app, venues);
    // One answer per cached balance entry while the venues, their maintenance set (the same
    // object while no flag changes) and the rate stay the same: frozen, so registerCall
    // serializes it once (http/frozen-answers.ts).
    const memo = answersByBalances.get(balances);
    if (memo && memo.venues === venues && memo.maintaining === maintaining && memo.rateE5 === rateE5) return memo.answer;
    const answer = frozenAnswer(walletBalanceOf(balances, venues, rateE5, maintaining));
    answersByBalances.set(balances, { venues, maintaining, rateE5, answer });
    return answer;
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

/**
 * Per brand venue config: its distinct venue codes, and the set of those in maintenance as
 * last asked, kept while the provider's maintenanceVersion holds (the same set object, so
 * readers can compare it by identity).
 */
const venueStates = new WeakMap<SiteBaseConfig['venues'], { codes: string[]; provider?: object; version?: number; maintaining?: ReadonlySet<string> }>();

/** The brand's venues in maintenance, asked of the venue adapter (none when no venue route group is served). */
async function maintainingVenues(app: FastifyInstance, venues: SiteBaseConfig['venues']): Promise<ReadonlySet<string>> {
  if (!app.hasDecorator('venueProvider')) return NONE_MAINTAINING;
  let state = venueStates.get(venues);
  if (!state) {
    state = { codes: [...new Set(Object.values(venues).flat().map((venue) => venue.code))] };
    venueStates.set(venues, state);
  }
  const provider = app.venueProvider;
  const version = provider.maintenanceVersion?.();
  if (version !== undefined && state.maintaining && state.provider === provider && state.version === version) return state.maintaining;
  const { codes } = state;
  const flags = await Promise.all(codes.map((code) => provider.inMaintenance(code)));
  const maintaining = new Set(codes.filter((_, i) => flags[i]));
  if (version !== undefined) Object.assign(state, { provider, version, maintaining });
  return maintaining;
}

function purgeKeysWhileListening(app: FastifyInstance): void {
  runWhileListening(app, { name: 'idempotency purge', everyMs: IDEMPOTENCY_PURGE_INTERVAL_MS, run: () => purgeIdempotencyKeys(app.lobby.db) });
}

/**
 * A member's balances through the balance cache (members/read-caches.ts), keyed by the
 * member id of the caller's own session: dropped when the ledger moves that member's
 * money on any instance, and before this instance answers the member's own money call.
 */
async function cachedBalancesOf(services: LobbyServices, memberId: number): Promise<BalancesByKind> {
  const nowMs = services.providers.clock.now();
  const { balances } = readCachesOf(services.db);
  return balances.peek(memberId, nowMs) ?? (await balances.get(memberId, nowMs, () => balancesOf(services.db, memberId)))!;
}
