/**
 * The bet slip's rules (issue 19 item 3; docs/SPORTS-RULES.md, "The bet slip"): the lines a
 * bet kind makes, the checks a slip must pass, the odds-change policy and the potential
 * payout. Pure: the site shows the same answers the server enforces.
 */
import { floorRational, fromThousandths, productOf, rational, toSafeNumber } from './exact.js';
import { isOddsMilli } from './odds.js';
import type { BetKind, OddsChangePolicy, OddsMilli, SlipLeg, SystemKind } from './types.js';

/** Legs of an accumulator: 2 to 20, one per fixture. */
export const MIN_ACCUMULATOR_LEGS = 2;
export const MAX_ACCUMULATOR_LEGS = 20;
/** A slip of singles holds at most this many legs. */
export const MAX_SINGLES = 20;
/** An "n from m" system bet takes at most 12 legs (4,095 lines at most for 2 from 12 up to 12 from 12). */
export const MAX_SYSTEM_LEGS = 12;
/** The legs each fixed system takes. */
export const SYSTEM_LEG_COUNTS: Readonly<Record<Exclude<SystemKind, 'n_from_m'>, number>> = { trixie: 3, yankee: 4, lucky15: 4 };

/** Every set of `size` indices out of 0..count-1, in lexicographic order. */
function choose(count: number, size: number): number[][] {
  const sets: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === size) return void sets.push(chosen);
    for (let index = start; index <= count - (size - chosen.length); index += 1) pick(index + 1, [...chosen, index]);
  };
  pick(0, []);
  return sets;
}

/** Combinations of each size in `sizes`, smaller sizes first. */
function chooseSizes(count: number, sizes: number[]): number[][] {
  return sizes.flatMap((size) => choose(count, size));
}

/**
 * The lines of a bet, as sets of leg indices: single = each leg alone, accumulator = all legs,
 * Trixie = 3 doubles + 1 treble, Yankee = 6 doubles + 4 trebles + 1 four-fold, Lucky 15 =
 * Yankee + 4 singles, "n from m" = every `size` legs out of m. Throws a RangeError when the
 * leg count does not fit the kind (`validateSlip` names that problem to a member).
 *
 * @example combinations(3, { kind: 'system', system: 'trixie' }) // [[0,1],[0,2],[1,2],[0,1,2]]
 */
export function combinations(legCount: number, bet: BetKind): number[][] {
  const problem = legCountProblem(legCount, bet);
  if (problem) throw new RangeError(problem.message);
  if (bet.kind === 'single') return chooseSizes(legCount, [1]);
  if (bet.kind === 'accumulator') return chooseSizes(legCount, [legCount]);
  switch (bet.system) {
    case 'trixie':
      return chooseSizes(legCount, [2, 3]);
    case 'yankee':
      return chooseSizes(legCount, [2, 3, 4]);
    case 'lucky15':
      return chooseSizes(legCount, [1, 2, 3, 4]);
    case 'n_from_m':
      return chooseSizes(legCount, [bet.size ?? 0]);
  }
}

/** The stake of the whole bet: the stake per line times its lines. */
export function totalStakeMinor(legCount: number, bet: BetKind, stakePerLineMinor: number): number {
  return combinations(legCount, bet).length * stakePerLineMinor;
}

/** The stake limits of a slip, in minor units per line, and the most a bet may pay back (stake included). */
export interface SlipLimits {
  minStakeMinor: number;
  maxStakeMinor: number;
  maxPayoutMinor?: number;
}

/** The limits of a slip whose legs come from markets with these limits: the tightest of them. */
export function tightestLimits(marketLimits: readonly SlipLimits[]): SlipLimits {
  const payoutCaps = marketLimits.flatMap((limits) => (limits.maxPayoutMinor === undefined ? [] : [limits.maxPayoutMinor]));
  return {
    minStakeMinor: Math.max(...marketLimits.map((limits) => limits.minStakeMinor)),
    maxStakeMinor: Math.min(...marketLimits.map((limits) => limits.maxStakeMinor)),
    ...(payoutCaps.length > 0 ? { maxPayoutMinor: Math.min(...payoutCaps) } : {}),
  };
}

export type SlipProblemKey =
  | 'slipHasNoLegs'
  | 'legOddsInvalid'
  | 'legVersionInvalid'
  | 'selectionRepeated'
  | 'tooManySingles'
  | 'accumulatorLegCount'
  | 'systemUnknown'
  | 'systemLegCount'
  | 'systemSizeInvalid'
  | 'correlatedLegs'
  | 'stakeMustBeWholeMinor'
  | 'stakeBelowMinimum'
  | 'stakeAboveMaximum'
  | 'payoutAboveMaximum';

/** Why a slip cannot be placed: a code-like key, an English message naming the problem, the leg at fault if one. */
export interface SlipProblem {
  key: SlipProblemKey;
  message: string;
  legIndex?: number;
}

function problem(key: SlipProblemKey, message: string, legIndex?: number): SlipProblem {
  return legIndex === undefined ? { key, message } : { key, message, legIndex };
}

function legCountProblem(legCount: number, bet: BetKind): SlipProblem | undefined {
  if (!Number.isSafeInteger(legCount) || legCount < 1) return problem('slipHasNoLegs', 'the slip must hold at least one selection');
  if (bet.kind === 'single') {
    return legCount > MAX_SINGLES ? problem('tooManySingles', `a slip holds at most ${MAX_SINGLES} singles, got ${legCount}`) : undefined;
  }
  if (bet.kind === 'accumulator') {
    return legCount < MIN_ACCUMULATOR_LEGS || legCount > MAX_ACCUMULATOR_LEGS
      ? problem('accumulatorLegCount', `an accumulator takes ${MIN_ACCUMULATOR_LEGS} to ${MAX_ACCUMULATOR_LEGS} selections, got ${legCount}`)
      : undefined;
  }
  if (bet.system === 'n_from_m') {
    if (legCount < 2 || legCount > MAX_SYSTEM_LEGS) return problem('systemLegCount', `an "n from m" bet takes 2 to ${MAX_SYSTEM_LEGS} selections, got ${legCount}`);
    const size = bet.size;
    return size === undefined || !Number.isSafeInteger(size) || size < 2 || size > legCount
      ? problem('systemSizeInvalid', `an "n from ${legCount}" bet takes n from 2 to ${legCount}, got ${size ?? 'none'}`)
      : undefined;
  }
  const wanted = SYSTEM_LEG_COUNTS[bet.system];
  if (wanted === undefined) return problem('systemUnknown', `${String(bet.system)} is not a system bet (trixie, yankee, lucky15, n_from_m)`);
  return legCount === wanted ? undefined : problem('systemLegCount', `a ${bet.system} takes exactly ${wanted} selections, got ${legCount}`);
}

function legsProblem(legs: readonly SlipLeg[], combined: boolean): SlipProblem | undefined {
  const selections = new Set<string>();
  const fixtures = new Map<string, number>();
  for (const [index, leg] of legs.entries()) {
    if (!isOddsMilli(leg.odds)) return problem('legOddsInvalid', `selection ${index + 1}: odds must be an integer of thousandths >= 1001, got ${leg.odds}`, index);
    if (!Number.isSafeInteger(leg.marketVersion) || leg.marketVersion < 0) {
      return problem('legVersionInvalid', `selection ${index + 1}: the market version must be a whole number, got ${leg.marketVersion}`, index);
    }
    const selection = JSON.stringify([leg.fixtureId, leg.marketId, leg.selectionId]);
    if (selections.has(selection)) return problem('selectionRepeated', `selection ${index + 1} is already on the slip`, index);
    selections.add(selection);
    const sameFixture = fixtures.get(leg.fixtureId);
    if (combined && sameFixture !== undefined) {
      return problem('correlatedLegs', `selections ${sameFixture + 1} and ${index + 1} are on the same match and cannot be combined`, index);
    }
    fixtures.set(leg.fixtureId, index);
  }
  return undefined;
}

function stakeProblem(stakePerLineMinor: number, limits: SlipLimits): SlipProblem | undefined {
  if (!Number.isSafeInteger(stakePerLineMinor)) return problem('stakeMustBeWholeMinor', `the stake must be a whole number of fen, got ${stakePerLineMinor}`);
  if (stakePerLineMinor < limits.minStakeMinor) return problem('stakeBelowMinimum', `the stake per line must be at least ${limits.minStakeMinor} fen, got ${stakePerLineMinor}`);
  if (stakePerLineMinor > limits.maxStakeMinor) return problem('stakeAboveMaximum', `the stake per line must be at most ${limits.maxStakeMinor} fen, got ${stakePerLineMinor}`);
  return undefined;
}

/**
 * The first problem of a slip, or undefined when it can be placed: legs well formed and not
 * repeated, the leg count the bet kind takes, no two legs of one fixture combined in an
 * accumulator or system bet (correlated), the stake per line a whole number within limits,
 * the potential payout within the limit when there is one.
 *
 * @example validateSlip(legs, { kind: 'accumulator' }, 1000, { minStakeMinor: 100, maxStakeMinor: 500_000 }) // undefined
 */
export function validateSlip(legs: readonly SlipLeg[], bet: BetKind, stakePerLineMinor: number, limits: SlipLimits): SlipProblem | undefined {
  return (
    legCountProblem(legs.length, bet) ??
    legsProblem(legs, bet.kind !== 'single') ??
    stakeProblem(stakePerLineMinor, limits) ??
    payoutProblem(legs, bet, stakePerLineMinor, limits.maxPayoutMinor)
  );
}

function payoutProblem(legs: readonly SlipLeg[], bet: BetKind, stakePerLineMinor: number, maxPayoutMinor: number | undefined): SlipProblem | undefined {
  if (maxPayoutMinor === undefined) return undefined;
  const payout = exactPotentialPayout(legs.map((slipLeg) => slipLeg.odds), combinations(legs.length, bet), stakePerLineMinor);
  return payout > BigInt(maxPayoutMinor)
    ? problem('payoutAboveMaximum', `the bet could pay ${payout} fen, more than the most a bet may pay, ${maxPayoutMinor} fen`)
    : undefined;
}

/**
 * Whether a bet is taken at the price now offered, by the member's policy: accept_any takes
 * every change, accept_higher takes the same or a better price, accept_none only the same.
 *
 * @example oddsChangeDecision('accept_higher', 1900, 1950) // 'take'
 */
export function oddsChangeDecision(policy: OddsChangePolicy, seen: OddsMilli, now: OddsMilli): 'take' | 'refuse' {
  if (policy === 'accept_any') return 'take';
  if (policy === 'accept_higher') return now >= seen ? 'take' : 'refuse';
  return now === seen ? 'take' : 'refuse';
}

/** A price as locked on the slip or as the market has it now. */
export interface LockedPrice {
  odds: OddsMilli;
  marketVersion: number;
}

/**
 * The price lock the server checks per leg: the market version and odds the member saw. An
 * unchanged version takes; a changed version takes only when the member's policy accepts
 * the price now (accept_none refuses any change of the market, even back to the same odds).
 *
 * @example priceLockDecision('accept_none', { odds: 1900, marketVersion: 4 }, { odds: 1900, marketVersion: 5 }) // 'refuse'
 */
export function priceLockDecision(policy: OddsChangePolicy, seen: LockedPrice, now: LockedPrice): 'take' | 'refuse' {
  if (seen.marketVersion === now.marketVersion && seen.odds === now.odds) return 'take';
  if (policy === 'accept_none') return 'refuse';
  return oddsChangeDecision(policy, seen.odds, now.odds);
}

/**
 * What a bet pays back if every leg wins (stake included): per line the stake times the
 * product of its legs' odds, floored to a minor unit, summed over lines.
 *
 * @example potentialPayout([1500, 2000], [[0, 1]], 1000) // 3000
 */
export function potentialPayout(legsOdds: readonly OddsMilli[], combos: readonly (readonly number[])[], stakePerLineMinor: number): number {
  return toSafeNumber(exactPotentialPayout(legsOdds, combos, stakePerLineMinor));
}

function exactPotentialPayout(legsOdds: readonly OddsMilli[], combos: readonly (readonly number[])[], stakePerLineMinor: number): bigint {
  let total = 0n;
  for (const combo of combos) {
    const odds = combo.map((index) => {
      const price = legsOdds[index];
      if (price === undefined) throw new RangeError(`line names leg ${index}, the slip has ${legsOdds.length}`);
      return fromThousandths(price);
    });
    total += floorRational(productOf([rational(BigInt(stakePerLineMinor)), ...odds]));
  }
  return total;
}
