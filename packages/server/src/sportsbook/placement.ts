import { randomBytes } from 'node:crypto';
import {
  IN_PLAY_DELAY_MS, STAKE_LIMITS, combinations, potentialPayout, priceLockDecision, tightestLimits, validateSlip,
  type SlipLimits, type SportKind, type SportsBet, type SportsBetPlaceRequest,
} from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { assertMayPlay } from '../responsible/guard.js';
import type { FixtureMarket, SportsStore } from '../sports-feed/feed-api.js';
import type { LegRow, LegShown, StoredKind } from './bets-repository.js';
import { lockBalances, stakeMove, walletKey } from './venue-books.js';

/** A sports venue of the member's brand and the kind of fixtures it offers. */
export interface SportsVenue {
  code: string;
  kind: SportKind;
}

export interface PlaceInput {
  memberId: number;
  venue: SportsVenue;
  request: SportsBetPlaceRequest;
}

export interface PlaceAnswer {
  slipId: string;
  bets: SportsBet[];
  balanceMinor: number;
}

/** Object keys sorted, so two equal slips give the same text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const SLIP_CODE: Partial<Record<string, 'sportsStakeTooLow' | 'sportsStakeTooHigh'>> = { stakeBelowMinimum: 'sportsStakeTooLow', stakeAboveMaximum: 'sportsStakeTooHigh' };

/** Refuses a market or selection a bet cannot be taken on, naming the leg. */
function refuseClosed(found: FixtureMarket | undefined, leg: SportsBetPlaceRequest['legs'][number], index: number, venue: SportsVenue): asserts found is FixtureMarket {
  const where = `selection ${index + 1} (${leg.fixtureId}/${leg.marketId}/${leg.selectionId})`;
  if (!found || found.fixture.kind !== venue.kind) throw new BusinessError('sportsMarketNotFound', `${where}: no such market at ${venue.code}`, { legIndex: index });
  if (found.fixture.status === 'ended' || found.fixture.status === 'cancelled') throw new BusinessError('sportsMarketClosed', `${where}: the match is ${found.fixture.status}`, { legIndex: index });
  if (found.market.status === 'suspended') throw new BusinessError('sportsMarketSuspended', `${where}: the market is suspended`, { legIndex: index });
  if (found.market.status !== 'active') throw new BusinessError('sportsMarketClosed', `${where}: the market is ${found.market.status}`, { legIndex: index });
  const selection = found.market.selections.find((s) => s.id === leg.selectionId);
  if (!selection) throw new BusinessError('sportsMarketNotFound', `${where}: no such selection`, { legIndex: index });
  if (!selection.active) throw new BusinessError('sportsSelectionClosed', `${where}: the selection is closed`, { legIndex: index });
}

function shownOf(found: FixtureMarket, selectionId: string): LegShown {
  const { fixture, market } = found;
  const selection = market.selections.find((s) => s.id === selectionId)!;
  return {
    sport: fixture.sport, leagueEn: fixture.leagueEn, leagueZh: fixture.leagueZh, homeEn: fixture.homeEn, homeZh: fixture.homeZh, awayEn: fixture.awayEn,
    awayZh: fixture.awayZh, startsAt: fixture.startsAt, marketType: market.type, line: market.line ?? null, selectionEn: selection.nameEn, selectionZh: selection.nameZh,
  };
}

/** Locks every market of the slip (in a fixed order, so two slips never wait on each other in a circle) and answers them by key. */
async function lockMarkets(tx: Queryable, store: SportsStore, legs: SportsBetPlaceRequest['legs']): Promise<Map<string, FixtureMarket | undefined>> {
  const keys = [...new Set(legs.map((l) => JSON.stringify([l.fixtureId, l.marketId])))].sort();
  const found = new Map<string, FixtureMarket | undefined>();
  for (const key of keys) {
    const [fixtureId, marketId] = JSON.parse(key) as [string, string];
    found.set(key, await store.lockMarket(tx, fixtureId, marketId));
  }
  return found;
}

const marketKey = (leg: { fixtureId: string; marketId: string }) => JSON.stringify([leg.fixtureId, leg.marketId]);

/** A taken leg: the price it is taken at, its market's version, live or not, and its names (a leg row before its bet exists). */
type TakenLeg = Omit<LegRow, 'betId' | 'legIndex'>;

/** Checks each leg's market and price lock by the policy; answers the legs as taken (at the price now, when the policy takes a change). */
function takeLegs(request: SportsBetPlaceRequest, markets: Map<string, FixtureMarket | undefined>, venue: SportsVenue): TakenLeg[] {
  const taken: TakenLeg[] = [];
  const changed: { legIndex: number; fixtureId: string; marketId: string; selectionId: string; odds: number; marketVersion: number }[] = [];
  for (const [index, leg] of request.legs.entries()) {
    const found = markets.get(marketKey(leg));
    refuseClosed(found, leg, index, venue);
    const now = { odds: found.market.selections.find((s) => s.id === leg.selectionId)!.odds, marketVersion: found.market.version };
    if (priceLockDecision(request.oddsChangePolicy, { odds: leg.odds, marketVersion: leg.marketVersion }, now) === 'refuse') {
      changed.push({ legIndex: index, fixtureId: leg.fixtureId, marketId: leg.marketId, selectionId: leg.selectionId, ...now });
    }
    taken.push({ ...leg, ...now, live: found.fixture.status === 'live', shown: shownOf(found, leg.selectionId) });
  }
  if (changed.length > 0) {
    throw new BusinessError('sportsOddsChanged', `selection ${changed[0]!.legIndex + 1}: the price changed to ${changed[0]!.odds} (market version ${changed[0]!.marketVersion})`, { legs: changed });
  }
  return taken;
}

function limitsOf(legs: readonly TakenLeg[]): SlipLimits {
  return tightestLimits(legs.map((leg) => STAKE_LIMITS[leg.shown.marketType][leg.live ? 'live' : 'preMatch']));
}

/** The bets a slip makes: one per leg for singles, else one bet of every leg. */
function betsOf(request: SportsBetPlaceRequest, legs: readonly TakenLeg[]): { kind: StoredKind; size: number | null; legs: TakenLeg[]; lines: number[][] }[] {
  const kind = request.betKind;
  if (kind.kind === 'single') return legs.map((leg) => ({ kind: 'single', size: null, legs: [leg], lines: [[0]] }));
  const stored: StoredKind = kind.kind === 'accumulator' ? 'accumulator' : kind.system;
  return [{ kind: stored, size: kind.kind === 'system' && kind.system === 'n_from_m' ? kind.size ?? null : null, legs: [...legs], lines: combinations(legs.length, kind) }];
}

async function insertBet(tx: Queryable, input: PlaceInput, bet: ReturnType<typeof betsOf>[number], now: Date): Promise<string> {
  const betId = `sb${randomBytes(10).toString('hex')}`;
  const { request, venue, memberId } = input;
  const stakeMinor = bet.lines.length * request.stakePerLineMinor;
  const live = bet.legs.some((leg) => leg.live);
  const potential = potentialPayout(bet.legs.map((leg) => leg.odds), bet.lines, request.stakePerLineMinor);
  await tx.query(
    `INSERT INTO sportsbook_bets (bet_id, slip_id, member_id, venue_code, game_code, kind, size, lines, line_count, stake_per_line_minor, stake_minor,
       potential_payout_minor, policy, status, placed_at, accept_at, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'Placed')`,
    [
      betId, request.slipId, memberId, venue.code, bet.legs[0]!.shown.sport, bet.kind, bet.size, JSON.stringify(bet.lines), bet.lines.length, request.stakePerLineMinor,
      stakeMinor, potential, request.oddsChangePolicy, live ? 'pending' : 'open', now, live ? new Date(now.getTime() + IN_PLAY_DELAY_MS) : null,
    ],
  );
  const col = <T>(pick: (leg: TakenLeg) => T) => bet.legs.map(pick);
  await tx.query(
    `INSERT INTO sportsbook_legs (bet_id, leg_index, fixture_id, market_id, selection_id, odds, market_version, live, shown)
     SELECT $1, i - 1, f, m, s, o, v, l, sh FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::boolean[], $8::jsonb[]) WITH ORDINALITY AS t(f, m, s, o, v, l, sh, i)`,
    [betId, col((l) => l.fixtureId), col((l) => l.marketId), col((l) => l.selectionId), col((l) => l.odds), col((l) => l.marketVersion), col((l) => l.live), col((l) => JSON.stringify(l.shown))],
  );
  await stakeMove(tx, { betId, kind: 'stake', venueCode: venue.code, memberId, deltaMinor: -stakeMinor }, now);
  return betId;
}

/**
 * Places a slip in ONE transaction (docs/SPORTSBOOK.md, "Placement"): claims the slip id
 * (a repeat answers the first answer, another slip under it is refused), locks every
 * market (FOR SHARE: a bet stop waits for this bet, and a bet after it sees it), refuses
 * closed markets and changed prices by the policy, checks the slip's rules and stake limits
 * and the member's balance at the venue, writes the bets and takes the stakes. `view`
 * reads the new bets back for the answer.
 */
export async function placeSlip(
  db: Database,
  store: SportsStore,
  input: PlaceInput,
  now: Date,
  view: (tx: Queryable, betIds: string[]) => Promise<SportsBet[]>,
): Promise<PlaceAnswer> {
  const { request, memberId, venue } = input;
  const fingerprint = canonical(request);
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'INSERT INTO sportsbook_slips (member_id, slip_id, venue_code, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [memberId, request.slipId, venue.code, fingerprint, now],
    );
    if (claimed.rowCount === 0) {
      const { rows } = await tx.query<{ fingerprint: string; answer: PlaceAnswer | null }>('SELECT fingerprint, answer FROM sportsbook_slips WHERE member_id = $1 AND slip_id = $2', [memberId, request.slipId]);
      if (rows[0]?.fingerprint !== fingerprint || !rows[0].answer) throw new BusinessError('sportsSlipReused', `slipId: ${request.slipId} was placed with another slip`);
      return rows[0].answer;
    }
    const legs = takeLegs(request, await lockMarkets(tx, store, request.legs), venue);
    const problem = validateSlip(request.legs, request.betKind, request.stakePerLineMinor, limitsOf(legs));
    if (problem) throw new BusinessError(SLIP_CODE[problem.key] ?? 'sportsSlipInvalid', problem.message, { key: problem.key, legIndex: problem.legIndex ?? null, ...limitsOf(legs) });
    const bets = betsOf(request, legs);
    const totalMinor = bets.reduce((sum, bet) => sum + bet.lines.length * request.stakePerLineMinor, 0);
    // Responsible play (issue 22): exclusion, session time and the stake, wager and loss limits, before the stakes move.
    await assertMayPlay(tx, { memberId, door: 'sportsBet', amountMinor: totalMinor, at: now });
    const balanceMinor = (await lockBalances(tx, [{ venueCode: venue.code, memberId }])).get(walletKey(venue.code, memberId)) ?? 0;
    if (balanceMinor < totalMinor) throw new BusinessError('sportsBalanceTooLow', `stake: the balance at ${venue.code} (${balanceMinor} fen) does not cover ${totalMinor} fen`, { balanceMinor });
    const betIds: string[] = [];
    for (const bet of bets) betIds.push(await insertBet(tx, input, bet, now));
    const answer: PlaceAnswer = { slipId: request.slipId, bets: await view(tx, betIds), balanceMinor: balanceMinor - totalMinor };
    await tx.query('UPDATE sportsbook_slips SET answer = $3 WHERE member_id = $1 AND slip_id = $2', [memberId, request.slipId, JSON.stringify(answer)]);
    return answer;
  });
}
