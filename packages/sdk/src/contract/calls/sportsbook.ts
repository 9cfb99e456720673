import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';
import { MARKET_TYPES, ODDS_CHANGE_POLICIES, ODDS_FORMATS } from '../../sports/types.js';
import { MAX_ACCUMULATOR_LEGS } from '../../sports/slip.js';
import { DEFAULT_CASH_OUT_MARGIN_BP } from '../../sports/cash-out.js';

/**
 * The sportsbook (issue 19; docs/SPORTSBOOK.md): the bet slip a member places at a sports
 * or e-sports venue (LBSPORT, LBESPORT, AUSPORT), its open and settled bets, full cash-out
 * and the member's odds format. Served under /sports/v1/. Money is integer fen (`*Minor`),
 * odds integer thousandths of decimal odds (`OddsMilli`: 1.950 is 1950). A stake leaves the
 * member's balance AT the venue (money is moved in with the venue transfer calls first).
 */

/** The legs a slip holds at most (the sdk's accumulator maximum; "n from m" takes at most MAX_SYSTEM_LEGS). */
export const SLIP_LEGS_MAX = MAX_ACCUMULATOR_LEGS;
/** An in-play bet waits this long before it is accepted (bet delay; a suspension meanwhile rejects it). */
export const IN_PLAY_DELAY_MS = 5_000;
/** Cash-out pays the bet's fair value at the feed's current odds less this margin (basis points: 500 = 5%). */
export const CASH_OUT_MARGIN_BP = DEFAULT_CASH_OUT_MARGIN_BP;
/** Bets a list page shows unless `pageSize` says otherwise, and the most it shows. */
export const SPORTS_BET_PAGE_SIZE_DEFAULT = 10;
export const SPORTS_BET_PAGE_SIZE_MAX = 50;
/** The largest odds a price carries: 1000.000. */
export const SPORTS_ODDS_MAX = 1_000_000;

/** Stake limits per line (fen) by market type, pre-match and in play (operator choices, docs/SPORTSBOOK.md). */
export interface StakeLimit {
  minStakeMinor: number;
  maxStakeMinor: number;
}
const limit = (min: number, max: number): StakeLimit => ({ minStakeMinor: min, maxStakeMinor: max });
/** Minimum 1.00 yuan a line everywhere; maximums lower in play and on the thin markets (correct score, odd/even). */
export const STAKE_LIMITS: Readonly<Record<(typeof MARKET_TYPES)[number], { preMatch: StakeLimit; live: StakeLimit }>> = {
  '1x2': { preMatch: limit(1_00, 50_000_00), live: limit(1_00, 20_000_00) },
  asian_handicap: { preMatch: limit(1_00, 50_000_00), live: limit(1_00, 20_000_00) },
  over_under: { preMatch: limit(1_00, 50_000_00), live: limit(1_00, 20_000_00) },
  correct_score: { preMatch: limit(1_00, 5_000_00), live: limit(1_00, 2_000_00) },
  odd_even: { preMatch: limit(1_00, 10_000_00), live: limit(1_00, 5_000_00) },
};

const venueCode = s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'A sports or e-sports venue of the brand (LBSPORT, LBESPORT, AUSPORT)' });
const feedId = (description: string) => s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:+-]+$', description });
const betId = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The bet id' });
const odds = (description: string) => s.integer({ minimum: 1001, maximum: SPORTS_ODDS_MAX, description });
const fen = (description: string) => s.integer({ minimum: 0, description });
const policy = s.enum(ODDS_CHANGE_POLICIES, { description: 'accept_any: any new price; accept_higher: only a better price; accept_none: only the price seen' });

/** One selection of a slip, with the price and market version the member saw (the price lock the server checks). */
export const SlipLegInput = s.object({
  fixtureId: feedId('The fixture id'),
  marketId: feedId("The market id within the fixture, e.g. '1x2', 'ah:-1'"),
  selectionId: feedId("The selection id within the market, e.g. 'home', 'over', '2-1'"),
  odds: odds('The odds the member saw, in thousandths (1.950 = 1950)'),
  marketVersion: s.integer({ minimum: 0, maximum: INT4_MAX, description: 'The market version the member saw' }),
});

/** The bet kind, as the sdk's `BetKind`: one bet per leg, one accumulator, or a system of combinations. */
export const BetKindInput = s.union(
  s.object({ kind: s.literal('single') }),
  s.object({ kind: s.literal('accumulator') }),
  s.object({
    kind: s.literal('system'),
    system: s.enum(['trixie', 'yankee', 'lucky15', 'n_from_m'] as const, { description: 'trixie (3 legs), yankee (4), lucky15 (4, singles included), n_from_m (size legs each)' }),
    size: s.optional(s.integer({ minimum: 2, maximum: SLIP_LEGS_MAX, description: 'n_from_m only: legs per combination, 2..legs' })),
  }),
);

export const SportsBetPlaceRequest = s.object({
  slipId: s.string({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Made once per slip by the client; a repeat answers the first answer, another slip under it is refused' }),
  venueCode,
  legs: s.array(SlipLegInput, { minItems: 1, maxItems: SLIP_LEGS_MAX }),
  betKind: BetKindInput,
  stakePerLineMinor: s.integer({ minimum: 1, maximum: 100_000_000_00, description: 'Stake of each line in fen (a single: of each bet; a system: of each combination)' }),
  oddsChangePolicy: policy,
});
export type SportsBetPlaceRequest = Infer<typeof SportsBetPlaceRequest>;

/** Where a bet is: pending (in-play delay), open, or final (settled, void, rejected by the delay check, cashed out). */
export const SPORTS_BET_STATUSES = ['pending', 'open', 'settled', 'void', 'rejected', 'cashed_out'] as const;
/** A leg's state: open until its market's outcome, then its selection's result. */
export const SPORTS_LEG_STATES = ['open', 'won', 'lost', 'half_won', 'half_lost', 'void'] as const;

export const SportsBetLeg = s.object({
  fixtureId: s.string(),
  marketId: s.string(),
  selectionId: s.string(),
  sport: s.string({ description: 'football, basketball, esoccer, moba' }),
  leagueEn: s.string(),
  leagueZh: s.string(),
  homeEn: s.string(),
  homeZh: s.string(),
  awayEn: s.string(),
  awayZh: s.string(),
  startsAt: s.string({ description: 'ISO 8601 kick-off' }),
  marketType: s.enum(MARKET_TYPES),
  line: s.nullable(s.integer({ description: 'Handicap or total in quarters (-1 = -0.25), null for lineless markets' })),
  selectionEn: s.string(),
  selectionZh: s.string(),
  odds: s.integer({ description: 'The odds taken, in thousandths' }),
  live: s.boolean({ description: 'Taken in play' }),
  state: s.enum(SPORTS_LEG_STATES),
  deadHeatFactor: s.nullable(s.integer({ description: 'Thousandths of the stake a dead-heat win pays on, when not whole' })),
});

/** One step of a bet's history: placement, acceptance, settlement, each resettlement, with the feed's reason. */
export const SportsBetStep = s.object({
  version: s.integer({ minimum: 1 }),
  status: s.enum(SPORTS_BET_STATUSES),
  payoutMinor: fen('What the bet pays back at this step (0 while open)'),
  reason: s.string({ description: 'Why, e.g. "Settled", "Resettled: score corrected", "Rolled back: settlement withdrawn"' }),
  at: s.string({ description: 'ISO 8601 time' }),
});

export const SportsBet = s.object({
  betId: s.string(),
  slipId: s.string(),
  venueCode: s.string(),
  betKind: s.enum(['single', 'accumulator', 'trixie', 'yankee', 'lucky15', 'n_from_m'] as const),
  /** n_from_m: legs per combination; otherwise the legs of one line (1 for a single, all for an accumulator), null for named systems. */
  size: s.nullable(s.integer({ minimum: 1 })),
  lines: s.integer({ minimum: 1, description: 'Combinations (1 for a single or an accumulator)' }),
  stakePerLineMinor: fen('Stake of each line'),
  stakeMinor: fen('The whole stake (lines x stake per line)'),
  potentialPayoutMinor: fen('What the bet pays if every leg wins at the odds taken'),
  payoutMinor: s.nullable(fen('What it paid (stake included); null while pending or open')),
  validBetMinor: fen('The stake that counts as turnover (0 until settled; void parts excluded)'),
  outcome: s.nullable(s.enum(['won', 'lost', 'void', 'partial'] as const, { description: 'Settled bets: won, lost, void or partial (some lines void or half)' })),
  status: s.enum(SPORTS_BET_STATUSES),
  oddsChangePolicy: policy,
  placedAt: s.string({ description: 'ISO 8601' }),
  acceptAt: s.nullable(s.string({ description: 'Pending in-play bets: when the delay ends (ISO 8601)' })),
  settledAt: s.nullable(s.string({ description: 'The last settlement, void, rejection or cash-out (ISO 8601)' })),
  version: s.integer({ minimum: 1, description: 'Grows with each step; a resettled bet has several settlement steps' }),
  reason: s.string({ description: 'The latest step\'s reason (shown with a resettled bet)' }),
  resettled: s.boolean({ description: 'The bet was settled more than once (rollback or correction)' }),
  legs: s.array(SportsBetLeg),
  history: s.array(SportsBetStep),
});
export type SportsBet = Infer<typeof SportsBet>;

/**
 * Places a slip at a sports venue: a single (one bet per leg), an accumulator or a system
 * bet (Trixie, Yankee, Lucky 15, n from m). The server locks the markets, checks status,
 * the price lock by the member's policy, stake limits and the venue balance, then takes the
 * stake. In-play bets come back `pending` for IN_PLAY_DELAY_MS. Refusals name the leg:
 * sportsOddsChanged carries `data.legs` with the current prices and versions.
 */
export const sportsBetPlace = defineCall({
  name: 'sportsBetPlace',
  group: 'sportsbook',
  path: '/sports/v1/bet/place',
  style: 'json',
  auth: 'member',
  summary: 'Place a bet slip (singles, accumulator, system) at a sports venue; idempotent per slipId',
  request: SportsBetPlaceRequest,
  response: s.object({
    slipId: s.string(),
    bets: s.array(SportsBet),
    balanceMinor: fen("The member's balance at the venue after the stakes"),
  }),
});

/** The member's sport bets, newest first: `open` (pending and open) or `settled` (every final bet). */
export const sportsBetList = defineCall({
  name: 'sportsBetList',
  group: 'sportsbook',
  path: '/sports/v1/bet/list',
  style: 'query',
  auth: 'member',
  summary: "The member's sport bets, open or settled, newest first, paged, with legs and history",
  request: s.object({
    state: s.enum(['open', 'settled'] as const, { description: 'open: pending and open bets; settled: settled, void, rejected and cashed-out bets' }),
    venueCode: s.optional(venueCode),
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    pageSize: s.optional(s.integer({ minimum: 1, maximum: SPORTS_BET_PAGE_SIZE_MAX })),
  }),
  response: s.object({
    bets: s.array(SportsBet),
    total: s.integer({ minimum: 0 }),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
  }),
});

/** One of the member's sport bets; another member's id answers sportsBetNotFound. */
export const sportsBetDetail = defineCall({
  name: 'sportsBetDetail',
  group: 'sportsbook',
  path: '/sports/v1/bet/detail',
  style: 'query',
  auth: 'member',
  summary: "One of the member's sport bets with legs and history",
  request: s.object({ betId }),
  response: SportsBet,
});

export const SportsCashOutQuote = s.object({
  betId: s.string(),
  available: s.boolean({ description: 'Cash-out is offered now' }),
  valueMinor: fen('What cash-out pays now (0 when not available)'),
  reason: s.nullable(s.enum(['notOpen', 'suspended', 'marketClosed'] as const, { description: 'Why it is not available' })),
});

/** What cash-out pays now for one of the member's open bets, from the feed's current odds. */
export const sportsCashOutQuote = defineCall({
  name: 'sportsCashOutQuote',
  group: 'sportsbook',
  path: '/sports/v1/cashout/quote',
  style: 'query',
  auth: 'member',
  summary: 'Cash-out value of an open bet at the current odds, or why none is offered',
  request: s.object({ betId }),
  response: SportsCashOutQuote,
});

/**
 * Cashes a whole open bet out at the current value; the member names the value quoted and
 * the policy takes a changed one (accept_any, accept_higher; accept_none by default).
 * Refused while an open leg's market is suspended. A repeat for a cashed-out bet answers
 * the same cash-out.
 */
export const sportsCashOut = defineCall({
  name: 'sportsCashOut',
  group: 'sportsbook',
  path: '/sports/v1/cashout',
  style: 'json',
  auth: 'member',
  summary: 'Cash out an open bet (full) at the quoted value; idempotent per bet',
  request: s.object({
    betId,
    quotedValueMinor: s.integer({ minimum: 0, maximum: 100_000_000_000_00, description: 'The value the member accepted (from the quote)' }),
    oddsChangePolicy: s.optional(policy),
  }),
  response: s.object({
    bet: SportsBet,
    valueMinor: fen('What was paid'),
    balanceMinor: fen("The member's balance at the venue after it"),
  }),
});

const oddsFormat = s.enum(ODDS_FORMATS, { description: 'decimal, hongkong, malay, indonesian or american' });

/** The member's odds format (decimal until chosen). */
export const sportsOddsFormat = defineCall({
  name: 'sportsOddsFormat',
  group: 'sportsbook',
  path: '/sports/v1/odds_format',
  style: 'query',
  auth: 'member',
  summary: "The member's odds format",
  request: s.empty(),
  response: s.object({ format: oddsFormat }),
});

/** Keeps the member's odds format. */
export const sportsOddsFormatSet = defineCall({
  name: 'sportsOddsFormatSet',
  group: 'sportsbook',
  path: '/sports/v1/odds_format/set',
  style: 'json',
  auth: 'member',
  summary: "Choose the member's odds format (kept server-side)",
  request: s.object({ format: oddsFormat }),
  response: s.object({ format: oddsFormat }),
});

/** What the slip needs to know: stake limits, in-play delay, legs, cash-out margin. */
export const sportsBetConfig = defineCall({
  name: 'sportsBetConfig',
  group: 'sportsbook',
  path: '/sports/v1/bet/config',
  style: 'query',
  auth: 'optional',
  summary: 'Bet slip configuration: stake limits per market type and live or pre-match, delay, legs, cash-out margin',
  request: s.empty(),
  response: s.object({
    limits: s.array(s.object({
      marketType: s.enum(MARKET_TYPES),
      live: s.boolean(),
      minStakeMinor: s.integer({ minimum: 1 }),
      maxStakeMinor: s.integer({ minimum: 1 }),
    })),
    inPlayDelayMs: s.integer({ minimum: 0 }),
    legsMax: s.integer({ minimum: 1 }),
    cashOutMarginBasisPoints: s.integer({ minimum: 0, maximum: 10_000, description: 'Cash-out pays the fair value less this margin (500 = 5%)' }),
    oddsMax: s.integer({ minimum: 1001 }),
  }),
});
