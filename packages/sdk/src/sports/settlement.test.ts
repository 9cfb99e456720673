import { describe, expect, it } from 'vitest';
import { legFactor, lineResult, lineValidBetMinor, selectionResultFor, settleBet, settleLine, settlementDelta, type SelectionResult, type SettledLeg } from '@lobby/sdk';
import { describeSettlementProperties } from './settlement.fixture.js';

const won: SelectionResult = { outcome: 'won' };
const lost: SelectionResult = { outcome: 'lost' };
const voided: SelectionResult = { outcome: 'void' };
const score = (home: number, away: number) => ({ home, away });

describe('results from the final score', () => {
  it('settles 1X2, correct score and odd/even', () => {
    expect(selectionResultFor('1x2', undefined, 'home', score(2, 1))).toEqual(won);
    expect(selectionResultFor('1x2', undefined, 'draw', score(2, 1))).toEqual(lost);
    expect(selectionResultFor('1x2', undefined, 'draw', score(0, 0))).toEqual(won);
    expect(selectionResultFor('1x2', undefined, 'away', score(0, 3))).toEqual(won);
    expect(selectionResultFor('correct_score', undefined, '2-1', score(2, 1))).toEqual(won);
    expect(selectionResultFor('correct_score', undefined, '1-2', score(2, 1))).toEqual(lost);
    expect(selectionResultFor('odd_even', undefined, 'even', score(0, 0))).toEqual(won);
    expect(selectionResultFor('odd_even', undefined, 'odd', score(2, 1))).toEqual(won);
  });

  // Published quarter-line rules: Pinnacle, "What is the explanation for Asian handicap and
  // double totals?"; Unibet, "Asian Handicap - Full, Half & Quarter Lines".
  it.each([
    ['home -0.25 on a draw: half lost', -1, 'home', score(1, 1), 'half_lost'],
    ['home -0.25 winning: won', -1, 'home', score(1, 0), 'won'],
    ['away +0.25 on a draw: half won', -1, 'away', score(1, 1), 'half_won'],
    ['home -0.75 winning by one: half won', -3, 'home', score(2, 1), 'half_won'],
    ['home -0.75 winning by two: won', -3, 'home', score(3, 1), 'won'],
    ['home -0.75 on a draw: lost', -3, 'home', score(0, 0), 'lost'],
    ['away +0.75 losing by one: half lost', -3, 'away', score(1, 0), 'half_lost'],
    ['home 0 on a draw: void', 0, 'home', score(2, 2), 'void'],
    ['home -1 winning by one: void', -4, 'home', score(1, 0), 'void'],
    ['home -0.5 on a draw: lost', -2, 'home', score(1, 1), 'lost'],
    ['home +1.25 losing by one: half won', 5, 'home', score(0, 1), 'half_won'],
    ['away -1.5 (home +1.5) winning by two: won', 6, 'away', score(0, 2), 'won'],
  ] as const)('Asian handicap, %s', (_name, line, selection, final, outcome) => {
    expect(selectionResultFor('asian_handicap', line, selection, final).outcome).toBe(outcome);
  });

  it.each([
    ['over 2.25 with 2 goals: half lost', 9, 'over', score(1, 1), 'half_lost'],
    ['under 2.25 with 2 goals: half won', 9, 'under', score(2, 0), 'half_won'],
    ['over 2.75 with 3 goals: half won', 11, 'over', score(2, 1), 'half_won'],
    ['under 2.75 with 3 goals: half lost', 11, 'under', score(2, 1), 'half_lost'],
    ['over 2.5 with 2 goals: lost', 10, 'over', score(2, 0), 'lost'],
    ['over 2 with 2 goals: void', 8, 'over', score(1, 1), 'void'],
    ['under 5.25 with 5 goals: half won', 21, 'under', score(3, 2), 'half_won'],
  ] as const)('over/under, %s', (_name, line, selection, final, outcome) => {
    expect(selectionResultFor('over_under', line, selection, final).outcome).toBe(outcome);
  });

  it('refuses a selection, line or score it cannot settle', () => {
    expect(() => selectionResultFor('1x2', undefined, 'over', score(1, 0))).toThrow(/over is not a selection of a 1x2 market/);
    expect(() => selectionResultFor('asian_handicap', undefined, 'home', score(1, 0))).toThrow(/needs a line/);
    expect(() => selectionResultFor('correct_score', undefined, 'other', score(1, 0))).toThrow(RangeError);
    expect(() => selectionResultFor('odd_even', undefined, 'odd', score(-1, 0))).toThrow(/score/);
    expect(lineResult(0)).toEqual(voided);
  });
});

describe('what a leg and a line pay', () => {
  it('returns per unit: won odds, lost 0, half won (1 + odds) / 2, half lost 1/2, void 1', () => {
    expect(legFactor(1900, won)).toEqual({ numerator: 19n, denominator: 10n });
    expect(legFactor(1900, lost)).toEqual({ numerator: 0n, denominator: 1n });
    expect(legFactor(1900, { outcome: 'half_won' })).toEqual({ numerator: 29n, denominator: 20n });
    expect(legFactor(1900, { outcome: 'half_lost' })).toEqual({ numerator: 1n, denominator: 2n });
    expect(legFactor(1900, voided)).toEqual({ numerator: 1n, denominator: 1n });
  });

  it('pays the worked examples: 100 at 1.90 on -0.25 drawn 50, on -0.75 won by one 145', () => {
    expect(settleLine([{ odds: 1900, result: selectionResultFor('asian_handicap', -1, 'home', score(0, 0)) }], 100)).toBe(50);
    expect(settleLine([{ odds: 1900, result: selectionResultFor('asian_handicap', -3, 'home', score(1, 0)) }], 100)).toBe(145);
    expect(settleLine([{ odds: 1850, result: selectionResultFor('over_under', 9, 'over', score(2, 0)) }], 100)).toBe(50);
  });

  // Dead heat: the stake is divided by the number tied and settled at the normal odds
  // (Sportradar Unified Odds, IOutcomeSettlement.DeadHeatFactor).
  it('pays a dead heat of 2 tied selections at 5.00 on 100 as 250', () => {
    expect(settleLine([{ odds: 5000, result: { outcome: 'won', deadHeatFactor: 500 } }], 100)).toBe(250);
  });

  it('multiplies exactly and floors once per line', () => {
    // 333 x 1.955 x 1.955 x 1.955 = 2488.19...; flooring after each leg would give 2486.
    const legs: SettledLeg[] = [1955, 1955, 1955].map((odds) => ({ odds, result: won }));
    expect(settleLine(legs, 333)).toBe(2488);
    expect(settleLine([{ odds: 1001, result: { outcome: 'half_won' } }], 1)).toBe(1);
  });

  it('counts turnover without the void part: a void line 0, a half result half, a line with one void leg in full', () => {
    expect(lineValidBetMinor([{ odds: 2000, result: voided }], 100)).toBe(0);
    expect(lineValidBetMinor([{ odds: 2000, result: { outcome: 'half_lost' } }], 100)).toBe(50);
    expect(lineValidBetMinor([{ odds: 2000, result: voided }, { odds: 2000, result: lost }], 100)).toBe(100);
    expect(lineValidBetMinor([{ odds: 2000, result: { outcome: 'half_won' } }, { odds: 2000, result: { outcome: 'half_lost' } }], 100)).toBe(75);
  });
});

describe('bets', () => {
  it('settles an accumulator with a cancelled leg on the other legs (odds 1)', () => {
    const legs: SettledLeg[] = [{ odds: 2000, result: won }, { odds: 3000, result: voided }, { odds: 1500, result: won }];
    expect(settleBet(legs, { kind: 'accumulator' }, 100)).toEqual({ stakeMinor: 100, payoutMinor: 300, validBetMinor: 100, outcome: 'won' });
  });

  it('settles a Trixie with one void leg: 200 + 300 + 150 + 300 back on 400', () => {
    const legs: SettledLeg[] = [{ odds: 2000, result: won }, { odds: 3000, result: voided }, { odds: 1500, result: won }];
    expect(settleBet(legs, { kind: 'system', system: 'trixie' }, 100)).toEqual({ stakeMinor: 400, payoutMinor: 950, validBetMinor: 400, outcome: 'won' });
  });

  it('settles a Lucky 15 with a lost leg: only the 7 lines without it pay, 2,900 on 1,500', () => {
    const legs: SettledLeg[] = [{ odds: 2000, result: won }, { odds: 3000, result: won }, { odds: 1500, result: won }, { odds: 4000, result: lost }];
    expect(settleBet(legs, { kind: 'system', system: 'lucky15' }, 100)).toEqual({ stakeMinor: 1500, payoutMinor: 2900, validBetMinor: 1500, outcome: 'won' });
  });

  it('names the outcome: lost, void, partial', () => {
    expect(settleBet([{ odds: 2000, result: lost }], { kind: 'single' }, 100).outcome).toBe('lost');
    expect(settleBet([{ odds: 2000, result: voided }, { odds: 2500, result: voided }], { kind: 'accumulator' }, 100)).toEqual({
      stakeMinor: 100, payoutMinor: 100, validBetMinor: 0, outcome: 'void',
    });
    expect(settleBet([{ odds: 2000, result: { outcome: 'half_lost' } }], { kind: 'single' }, 100)).toEqual({ stakeMinor: 100, payoutMinor: 50, validBetMinor: 50, outcome: 'partial' });
  });

  it('posts a rollback and a resettlement as compensating amounts', () => {
    const first = settleBet([{ odds: 2500, result: won }], { kind: 'single' }, 100);
    const corrected = settleBet([{ odds: 2500, result: lost }], { kind: 'single' }, 100);
    expect(settlementDelta(first, undefined)).toEqual({ payoutMinor: -250, validBetMinor: -100 });
    expect(settlementDelta(undefined, corrected)).toEqual({ payoutMinor: 0, validBetMinor: 100 });
    expect(settlementDelta(first, corrected)).toEqual({ payoutMinor: -250, validBetMinor: 0 });
  });
});

describeSettlementProperties(100);
