import type { FastifyInstance } from 'fastify';
import {
  CASH_OUT_MARGIN_BP, IN_PLAY_DELAY_MS, MARKET_TYPES, SLIP_LEGS_MAX, SPORTS_BET_PAGE_SIZE_DEFAULT, SPORTS_ODDS_MAX, STAKE_LIMITS,
  sportsBetConfig, sportsBetDetail, sportsBetList, sportsBetPlace, sportsCashOut, sportsCashOutQuote, sportsOddsFormat, sportsOddsFormatSet,
  type OddsFormat, type SportsBet,
} from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { registerScopedProvider } from '../games/provider-router.js';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import type { SportsStore } from '../sports-feed/feed-api.js';
import { brandVenueLookup } from '../studio/index.js';
import { brandVenues, venueOf } from '../venues/index.js';
import { decidePendingBets } from './bet-delay.js';
import { betViewOf } from './bet-rules.js';
import { BET_COLUMNS, betOf, betsWithLegs, stepsOf } from './bets-repository.js';
import { cashOut, quoteOf } from './cash-out.js';
import { placeSlip, type SportsVenue } from './placement.js';
import { applyOutcome, sweepOutcomes } from './settlement.js';
import { kindOfCategory, SportsbookProvider } from './sportsbook-provider.js';
import { runWhileListening } from '../http/while-listening.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook (sportsbook/routes.ts): its provider and its sweeps, for tests and operators. */
    sportsbook: {
      provider: SportsbookProvider;
      /** Decides pending bets whose delay is over and settles outcomes the listener missed. */
      sweep(): Promise<void>;
    };
  }
}

/** How often each listening instance decides pending bets and sweeps missed outcomes. */
export const SPORTSBOOK_SWEEP_INTERVAL_MS = 1_000;

/** The member's bets as views, in the order of `betIds`. */
export async function betViews(q: Queryable, betIds: readonly string[]): Promise<SportsBet[]> {
  const rows = await betsWithLegs(q, betIds);
  const steps = await stepsOf(q, betIds);
  const byId = new Map(rows.map((r) => [r.bet.betId, betViewOf(r.bet, r.legs, steps.get(r.bet.betId) ?? [])]));
  return betIds.map((id) => byId.get(id)).filter((view): view is SportsBet => view !== undefined);
}

/**
 * The sportsbook's route group (issue 19; docs/SPORTSBOOK.md): the bet slip, the member's
 * bets, cash-out, odds format and slip config; the provider of the sports venues (bet
 * sync reads its feed); settlement on every market outcome the feed consumer reports.
 */
export function sportsbookRoutes(app: FastifyInstance): void {
  const db = app.lobby.db;
  const clock = app.lobby.providers.clock;
  const now = () => new Date(clock.now());
  const maintenance = (code: string) => (app.hasDecorator('venueProvider') ? app.venueProvider.inMaintenance(code) : Promise.resolve(false));
  const provider = new SportsbookProvider(db, brandVenueLookup(db, () => clock.now()), maintenance);
  registerScopedProvider(app, provider);
  const store = (): SportsStore => {
    if (!app.hasDecorator('sportsFeed')) throw new BusinessError('sportsMarketNotFound', 'the sports feed is not running');
    return app.sportsFeed.store;
  };
  const sweep = async () => {
    if (!app.hasDecorator('sportsFeed')) return;
    await decidePendingBets(db, store(), now());
    await sweepOutcomes(db, (since, limit) => store().outcomesSince(db, since, limit), now());
  };
  app.decorate('sportsbook', { provider, sweep });
  app.addHook('onReady', async () => {
    if (app.hasDecorator('sportsFeed')) app.sportsFeed.onOutcome(async (outcome) => void (await applyOutcome(db, outcome, now())));
  });
  sweepWhileListening(app, sweep);

  const sportsVenueOf = async (ctx: CallContext<unknown>, code: string): Promise<SportsVenue> => {
    const member = ctx.requireMember();
    const venue = venueOf(brandVenues((await ctx.services.brands.get(member.siteId))?.config.venues), code);
    const kind = kindOfCategory(venue.gameType);
    if (!kind || venue.walletModel !== 'transfer') throw new BusinessError('sportsVenueNotSports', `venueCode: ${code} is not a sports or e-sports venue`);
    if (await maintenance(code)) throw new BusinessError('venueMaintaining', `${code} is in maintenance`);
    return { code: venue.code, kind };
  };

  registerCall(app, sportsBetPlace, async (ctx) => {
    const member = ctx.requireMember();
    const venue = await sportsVenueOf(ctx, ctx.request.venueCode);
    return placeSlip(db, store(), { memberId: member.id, venue, request: ctx.request }, now(), betViews);
  });

  registerCall(app, sportsBetList, async (ctx) => {
    const member = ctx.requireMember();
    if (app.hasDecorator('sportsFeed')) await decidePendingBets(db, store(), now(), member.id);
    const page = ctx.request.page ?? 1;
    const pageSize = ctx.request.pageSize ?? SPORTS_BET_PAGE_SIZE_DEFAULT;
    const statuses = ctx.request.state === 'open' ? ['pending', 'open'] : ['settled', 'void', 'rejected', 'cashed_out'];
    const params = [member.id, statuses, ctx.request.venueCode ?? null];
    const where = 'member_id = $1 AND status = ANY($2::text[]) AND ($3::text IS NULL OR venue_code = $3)';
    const { rows } = await db.query(`SELECT ${BET_COLUMNS} FROM sportsbook_bets WHERE ${where} ORDER BY placed_at DESC, bet_id LIMIT $4 OFFSET $5`, [...params, pageSize, (page - 1) * pageSize]);
    const total = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM sportsbook_bets WHERE ${where}`, params);
    return { bets: await betViews(db, rows.map((r) => betOf(r).betId)), total: Number(total.rows[0]!.n), page, pageSize };
  });

  registerCall(app, sportsBetDetail, async (ctx) => {
    const member = ctx.requireMember();
    if (app.hasDecorator('sportsFeed')) await decidePendingBets(db, store(), now(), member.id);
    const [view] = await betViews(db, [ctx.request.betId]);
    const owner = await db.query<{ member_id: string | number }>('SELECT member_id FROM sportsbook_bets WHERE bet_id = $1', [ctx.request.betId]);
    if (!view || Number(owner.rows[0]?.member_id) !== member.id) throw new BusinessError('sportsBetNotFound', `betId: no such bet of yours (${ctx.request.betId})`);
    return view;
  });

  registerCall(app, sportsCashOutQuote, async (ctx) => {
    const member = ctx.requireMember();
    const [found] = await betsWithLegs(db, [ctx.request.betId]);
    if (!found || found.bet.memberId !== member.id) throw new BusinessError('sportsBetNotFound', `betId: no such bet of yours (${ctx.request.betId})`);
    const quote = await quoteOf(found.bet, found.legs, (fixtureId, marketId) => store().market(db, fixtureId, marketId));
    return quote.available
      ? { betId: found.bet.betId, available: true, valueMinor: quote.valueMinor, reason: null }
      : { betId: found.bet.betId, available: false, valueMinor: 0, reason: quote.reason };
  });

  registerCall(app, sportsCashOut, async (ctx) => {
    const member = ctx.requireMember();
    const { betId, quotedValueMinor, oddsChangePolicy } = ctx.request;
    const feed = store();
    const done = await cashOut(db, (tx, fixtureId, marketId) => feed.lockMarket(tx, fixtureId, marketId), {
      memberId: member.id, betId, quotedValueMinor, policy: oddsChangePolicy ?? 'accept_none',
    }, now());
    const [bet] = await betViews(db, [betId]);
    return { bet: bet!, ...done };
  });

  registerCall(app, sportsOddsFormat, async (ctx) => {
    const member = ctx.requireMember();
    const { rows } = await db.query<{ odds_format: OddsFormat }>('SELECT odds_format FROM sportsbook_member_settings WHERE member_id = $1', [member.id]);
    return { format: rows[0]?.odds_format ?? 'decimal' };
  });

  registerCall(app, sportsOddsFormatSet, async (ctx) => {
    const member = ctx.requireMember();
    await db.query(
      'INSERT INTO sportsbook_member_settings (member_id, odds_format) VALUES ($1, $2) ON CONFLICT (member_id) DO UPDATE SET odds_format = excluded.odds_format',
      [member.id, ctx.request.format],
    );
    return { format: ctx.request.format };
  });

  registerCall(app, sportsBetConfig, async () => ({
    limits: MARKET_TYPES.flatMap((marketType) => [false, true].map((live) => ({ marketType, live, ...STAKE_LIMITS[marketType][live ? 'live' : 'preMatch'] }))),
    inPlayDelayMs: IN_PLAY_DELAY_MS,
    legsMax: SLIP_LEGS_MAX,
    cashOutMarginBasisPoints: CASH_OUT_MARGIN_BP,
    oddsMax: SPORTS_ODDS_MAX,
  }));
}

function sweepWhileListening(app: FastifyInstance, sweep: () => Promise<void>): void {
  runWhileListening(app, { name: 'sportsbook sweep', everyMs: SPORTSBOOK_SWEEP_INTERVAL_MS, run: sweep });
}
