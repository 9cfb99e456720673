/**
 * Settlement as pure functions (issue 19 item 4; docs/SPORTS-RULES.md, "Settlement"): a
 * selection's result from the final score, the return of one leg as an exact fraction, a
 * line and a bet settled exactly and floored to a minor unit once per line.
 */
import { addRational, complement, floorRational, fromThousandths, productOf, rational, toSafeNumber, type Rational } from './exact.js';
import { isOddsMilli } from './odds.js';
import { combinations } from './slip.js';
import type { BetKind, BetSettlement, LineQuarters, MarketType, OddsMilli, Score, SelectionResult } from './types.js';

/** The sign of an adjusted margin: won, push (stake back) or lost. */
type HalfResult = 1 | 0 | -1;

function sideOf(margin: number): HalfResult {
  return margin > 0 ? 1 : margin < 0 ? -1 : 0;
}

/**
 * The result of a line bet from its adjusted margin in quarters (the selection's side of the
 * score, handicap or total applied). An even margin is a whole or half line: won, void or
 * lost. An odd margin is a quarter line: the stake is split over the two neighbouring lines
 * (margin - 1 and margin + 1), giving half won or half lost when one half is a push.
 */
export function lineResult(marginQuarters: number): SelectionResult {
  const halves: HalfResult[] = marginQuarters % 2 === 0 ? [sideOf(marginQuarters), sideOf(marginQuarters)] : [sideOf(marginQuarters - 1), sideOf(marginQuarters + 1)];
  const sum = halves[0]! + halves[1]!;
  if (sum === 2) return { outcome: 'won' };
  if (sum === -2) return { outcome: 'lost' };
  if (sum === 1) return { outcome: 'half_won' };
  if (sum === -1) return { outcome: 'half_lost' };
  return { outcome: 'void' };
}

function checkScore(score: Score): void {
  for (const goals of [score.home, score.away]) {
    if (!Number.isSafeInteger(goals) || goals < 0) throw new RangeError(`a score is whole numbers >= 0, got ${score.home}-${score.away}`);
  }
}

function checkLine(line: LineQuarters | undefined, marketType: MarketType): number {
  if (line === undefined || !Number.isSafeInteger(line)) throw new RangeError(`a ${marketType} market needs a line in quarters, got ${line}`);
  return line;
}

function unknownSelection(marketType: MarketType, selectionId: string): never {
  throw new RangeError(`${selectionId} is not a selection of a ${marketType} market`);
}

const won: SelectionResult = { outcome: 'won' };
const lost: SelectionResult = { outcome: 'lost' };
const CORRECT_SCORE = /^(\d{1,3})-(\d{1,3})$/;

/**
 * A selection's result from the final score. Asian handicap: `line` is the home side's
 * handicap in quarters (home -0.25 is -1), the away side takes its opposite. Over/under:
 * `line` is the total in quarters. Selections: 1x2 home/draw/away, asian_handicap home/away,
 * over_under over/under, correct_score "h-a", odd_even odd/even (0 goals is even).
 *
 * @example selectionResultFor('asian_handicap', -1, 'home', { home: 1, away: 1 }) // { outcome: 'half_lost' }
 */
export function selectionResultFor(marketType: MarketType, line: LineQuarters | undefined, selectionId: string, score: Score): SelectionResult {
  checkScore(score);
  const difference = score.home - score.away;
  const total = score.home + score.away;
  switch (marketType) {
    case '1x2': {
      const winner = difference > 0 ? 'home' : difference < 0 ? 'away' : 'draw';
      if (!['home', 'draw', 'away'].includes(selectionId)) unknownSelection(marketType, selectionId);
      return selectionId === winner ? won : lost;
    }
    case 'asian_handicap': {
      const handicap = checkLine(line, marketType);
      if (selectionId === 'home') return lineResult(4 * difference + handicap);
      if (selectionId === 'away') return lineResult(-4 * difference - handicap);
      return unknownSelection(marketType, selectionId);
    }
    case 'over_under': {
      const totalLine = checkLine(line, marketType);
      if (selectionId === 'over') return lineResult(4 * total - totalLine);
      if (selectionId === 'under') return lineResult(totalLine - 4 * total);
      return unknownSelection(marketType, selectionId);
    }
    case 'correct_score': {
      const match = CORRECT_SCORE.exec(selectionId);
      if (!match) return unknownSelection(marketType, selectionId);
      return Number(match[1]) === score.home && Number(match[2]) === score.away ? won : lost;
    }
    case 'odd_even': {
      if (selectionId !== 'odd' && selectionId !== 'even') return unknownSelection(marketType, selectionId);
      return (total % 2 === 1) === (selectionId === 'odd') ? won : lost;
    }
  }
}

function checkThousandths(name: string, value: number): Rational {
  if (!Number.isSafeInteger(value) || value < 0 || value > 1000) throw new RangeError(`${name} must be thousandths from 0 to 1000, got ${value}`);
  return fromThousandths(value);
}

/** The part of a leg's stake returned as void: the void factor, 1/2 for half results, else 0. */
export function voidShare(result: SelectionResult): Rational {
  const fallback = result.outcome === 'void' ? 1000 : result.outcome === 'half_won' || result.outcome === 'half_lost' ? 500 : 0;
  const voidFactor = 'voidFactor' in result && result.voidFactor !== undefined ? result.voidFactor : fallback;
  return checkThousandths('voidFactor', voidFactor);
}

/**
 * The return of one unit of stake on a leg, stake included, as an exact fraction. The void
 * share comes back as stake; the rest is settled at the odds when the selection won (times
 * the dead-heat factor) or lost: won odds x dead heat, lost 0, half won (1 + odds) / 2,
 * half lost 1/2, void 1.
 *
 * @example legFactor(2000, { outcome: 'half_won' }) // { numerator: 3n, denominator: 2n }
 */
export function legFactor(odds: OddsMilli, result: SelectionResult): Rational {
  if (!isOddsMilli(odds)) throw new RangeError(`odds must be an integer of thousandths >= 1001, got ${odds}`);
  const refunded = voidShare(result);
  const winning = result.outcome === 'won' || result.outcome === 'half_won';
  const deadHeat = result.outcome === 'won' && result.deadHeatFactor !== undefined ? checkThousandths('deadHeatFactor', result.deadHeatFactor) : rational(1n);
  const settled = winning ? productOf([fromThousandths(odds), deadHeat]) : rational(0n);
  return addRational(refunded, productOf([complement(refunded), settled]));
}

/** A leg as settlement reads it: the odds taken and the selection's result. */
export interface SettledLeg {
  odds: OddsMilli;
  result: SelectionResult;
}

function checkStake(stakeMinor: number): bigint {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0) throw new RangeError(`a stake is a whole number of minor units >= 0, got ${stakeMinor}`);
  return BigInt(stakeMinor);
}

/**
 * What one line pays back (stake included): the stake times the product of its legs'
 * factors, exact, floored to a minor unit once at the end. A void leg counts as odds 1.
 *
 * @example settleLine([{ odds: 2000, result: { outcome: 'won' } }, { odds: 3000, result: { outcome: 'void' } }], 100) // 200
 */
export function settleLine(legs: readonly SettledLeg[], stakeMinor: number): number {
  const stake = rational(checkStake(stakeMinor));
  return toSafeNumber(floorRational(productOf([stake, ...legs.map((leg) => legFactor(leg.odds, leg.result))])));
}

/**
 * The turnover of one line: its stake less the part void on every leg (the product of the
 * legs' void shares), floored. A fully void line counts 0; a half-lost single counts half.
 */
export function lineValidBetMinor(legs: readonly SettledLeg[], stakeMinor: number): number {
  const stake = rational(checkStake(stakeMinor));
  const voided = productOf(legs.map((leg) => voidShare(leg.result)));
  return toSafeNumber(floorRational(productOf([stake, complement(voided)])));
}

function fullyVoid(legs: readonly SettledLeg[]): boolean {
  const voided = productOf(legs.map((leg) => voidShare(leg.result)));
  return voided.numerator === voided.denominator;
}

/**
 * A bet settled: every line of its kind settled on its legs, payouts and turnover summed.
 * Outcome: lost when nothing comes back, void when every line is fully void, won when the
 * payout exceeds the stake, else partial.
 *
 * @example settleBet(legs, { kind: 'system', system: 'trixie' }, 100) // { stakeMinor: 400, payoutMinor: ..., validBetMinor: ..., outcome: ... }
 */
export function settleBet(legs: readonly SettledLeg[], bet: BetKind, stakePerLineMinor: number): BetSettlement {
  const lines = combinations(legs.length, bet).map((combo) => combo.map((index) => legs[index]!));
  const stakeMinor = lines.length * toSafeNumber(checkStake(stakePerLineMinor));
  const payoutMinor = lines.reduce((sum, line) => sum + settleLine(line, stakePerLineMinor), 0);
  const validBetMinor = lines.reduce((sum, line) => sum + lineValidBetMinor(line, stakePerLineMinor), 0);
  const outcome =
    payoutMinor === 0 ? 'lost' : lines.every(fullyVoid) ? 'void' : payoutMinor > stakeMinor ? 'won' : 'partial';
  return { stakeMinor, payoutMinor, validBetMinor, outcome };
}

/** The amounts a settlement posts to the member (payout) and to the turnover records. */
export interface SettlementPosting {
  payoutMinor: number;
  validBetMinor: number;
}

/**
 * What to post to move a bet from one settlement to another, as compensating amounts:
 * `corrected - posted`, undefined meaning unsettled (open). Rolling back is
 * `settlementDelta(posted, undefined)`; resettling after it, `settlementDelta(undefined, corrected)`.
 *
 * @example settlementDelta({ payoutMinor: 250, validBetMinor: 100, ... }, undefined) // { payoutMinor: -250, validBetMinor: -100 }
 */
export function settlementDelta(posted: BetSettlement | undefined, corrected: BetSettlement | undefined): SettlementPosting {
  return {
    payoutMinor: (corrected?.payoutMinor ?? 0) - (posted?.payoutMinor ?? 0),
    validBetMinor: (corrected?.validBetMinor ?? 0) - (posted?.validBetMinor ?? 0),
  };
}
