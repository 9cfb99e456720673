/**
 * Cash-out (issue 19 item 4; docs/SPORTS-RULES.md, "Cash-out"): the house buys a bet back
 * before its end at the fair value of the feed's current prices, less a margin.
 */
import { floorRational, fromThousandths, productOf, rational, toSafeNumber, type Rational } from './exact.js';
import { isOddsMilli } from './odds.js';
import { legFactor } from './settlement.js';
import { combinations } from './slip.js';
import type { BetKind, OddsMilli, SelectionResult } from './types.js';

/** The house's cash-out margin unless the operator sets another: 500 basis points (5%). */
export const DEFAULT_CASH_OUT_MARGIN_BP = 500;

/** A leg of a bet offered for cash-out: the odds taken, the feed's price now, and its result once settled. */
export interface CashOutLeg {
  placedOdds: OddsMilli;
  /** The selection's price now; absent while its market is suspended or closed. */
  currentOdds?: OddsMilli;
  result?: SelectionResult;
}

/** The fair value per unit of stake of one line, or undefined while an open leg has no price. */
function fairFactor(legs: readonly CashOutLeg[]): Rational | undefined {
  const factors: Rational[] = [];
  for (const leg of legs) {
    if (leg.result) {
      factors.push(legFactor(leg.placedOdds, leg.result));
      continue;
    }
    if (!isOddsMilli(leg.currentOdds)) return undefined;
    factors.push(productOf([fromThousandths(leg.placedOdds), rational(1000n, BigInt(leg.currentOdds))]));
  }
  return productOf(factors);
}

function checkMargin(marginBasisPoints: number): Rational {
  if (!Number.isSafeInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints >= 10_000) {
    throw new RangeError(`a cash-out margin is whole basis points from 0 to 9999, got ${marginBasisPoints}`);
  }
  return rational(BigInt(10_000 - marginBasisPoints), 10_000n);
}

function lineValue(legs: readonly CashOutLeg[], stakeMinor: number, keep: Rational): number | undefined {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0) throw new RangeError(`a stake is a whole number of minor units >= 0, got ${stakeMinor}`);
  const fair = fairFactor(legs);
  return fair && toSafeNumber(floorRational(productOf([rational(BigInt(stakeMinor)), fair, keep])));
}

/**
 * The cash-out offer of a single or an accumulator: stake x placed odds / current odds per
 * open leg (a settled leg counts its settlement factor), less the margin, floored to a minor
 * unit. Undefined (refused) while an open leg is suspended, when no leg is still open, or
 * when the bet is already lost.
 *
 * @example cashOutValue([{ placedOdds: 2000, currentOdds: 1500 }], 1000) // 1266 (1333.33 less 5%)
 */
export function cashOutValue(legs: readonly CashOutLeg[], stakeMinor: number, marginBasisPoints = DEFAULT_CASH_OUT_MARGIN_BP): number | undefined {
  const keep = checkMargin(marginBasisPoints);
  if (legs.every((leg) => leg.result)) return undefined;
  const value = lineValue(legs, stakeMinor, keep);
  return value === 0 ? undefined : value;
}

/**
 * The cash-out offer of any bet kind: the sum of its lines' offers (each floored). Undefined
 * while any open leg is suspended, when no leg is still open, or when every line is lost.
 *
 * @example cashOutBetValue(legs, { kind: 'system', system: 'trixie' }, 100)
 */
export function cashOutBetValue(
  legs: readonly CashOutLeg[],
  bet: BetKind,
  stakePerLineMinor: number,
  marginBasisPoints = DEFAULT_CASH_OUT_MARGIN_BP,
): number | undefined {
  const keep = checkMargin(marginBasisPoints);
  if (legs.every((leg) => leg.result)) return undefined;
  let total = 0;
  for (const combo of combinations(legs.length, bet)) {
    const value = lineValue(combo.map((index) => legs[index]!), stakePerLineMinor, keep);
    if (value === undefined) return undefined;
    total += value;
  }
  return total === 0 ? undefined : total;
}
