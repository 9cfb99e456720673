import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  combinations, oddsChangeDecision, potentialPayout, priceLockDecision, tightestLimits, totalStakeMinor, validateSlip,
  type BetKind, type SlipLeg,
} from '@lobby/sdk';

const leg = (fixtureId: string, odds = 2000, selectionId = 'home', marketId = '1x2'): SlipLeg => ({ fixtureId, marketId, selectionId, odds, marketVersion: 3 });
const legs = (count: number) => Array.from({ length: count }, (_, index) => leg(`f${index}`));
const limits = { minStakeMinor: 100, maxStakeMinor: 500_000 };
const trixie: BetKind = { kind: 'system', system: 'trixie' };
const yankee: BetKind = { kind: 'system', system: 'yankee' };
const lucky15: BetKind = { kind: 'system', system: 'lucky15' };

function binomial(n: number, k: number): number {
  let result = 1;
  for (let index = 1; index <= k; index += 1) result = (result * (n - k + index)) / index;
  return result;
}

describe('the lines of a bet', () => {
  it('makes singles of each leg and one accumulator line of all legs', () => {
    expect(combinations(3, { kind: 'single' })).toEqual([[0], [1], [2]]);
    expect(combinations(4, { kind: 'accumulator' })).toEqual([[0, 1, 2, 3]]);
  });

  it('makes a Trixie of 3 doubles and a treble, a Yankee of 11 lines, a Lucky 15 of 15 with the singles', () => {
    expect(combinations(3, trixie)).toEqual([[0, 1], [0, 2], [1, 2], [0, 1, 2]]);
    const yankeeLines = combinations(4, yankee);
    expect(yankeeLines).toHaveLength(11);
    expect(yankeeLines.map((line) => line.length)).toEqual([2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
    const lucky = combinations(4, lucky15);
    expect(lucky).toHaveLength(15);
    expect(lucky.slice(0, 4)).toEqual([[0], [1], [2], [3]]);
    expect(totalStakeMinor(4, lucky15, 100)).toBe(1500);
  });

  it('makes every "n from m" line once: C(m, n) distinct sets of n legs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }).chain((m) => fc.tuple(fc.constant(m), fc.integer({ min: 2, max: m }))), ([m, n]) => {
        const lines = combinations(m, { kind: 'system', system: 'n_from_m', size: n });
        expect(lines).toHaveLength(binomial(m, n));
        expect(new Set(lines.map((line) => line.join())).size).toBe(lines.length);
        for (const line of lines) {
          expect(line).toHaveLength(n);
          expect(line.every((index, position) => index >= 0 && index < m && (position === 0 || index > line[position - 1]!))).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a leg count the kind does not take', () => {
    expect(() => combinations(4, trixie)).toThrow(/trixie takes exactly 3/);
    expect(() => combinations(1, { kind: 'accumulator' })).toThrow(RangeError);
    expect(() => combinations(13, { kind: 'system', system: 'n_from_m', size: 2 })).toThrow(RangeError);
  });
});

describe('slip checks', () => {
  it('accepts well-formed singles, accumulators and system bets', () => {
    expect(validateSlip(legs(3), { kind: 'single' }, 100, limits)).toBeUndefined();
    expect(validateSlip(legs(20), { kind: 'accumulator' }, 500_000, limits)).toBeUndefined();
    expect(validateSlip(legs(3), trixie, 1000, limits)).toBeUndefined();
    expect(validateSlip(legs(4), lucky15, 1000, limits)).toBeUndefined();
    expect(validateSlip(legs(6), { kind: 'system', system: 'n_from_m', size: 3 }, 1000, limits)).toBeUndefined();
  });

  it('allows two singles on one match but never combines them (correlated)', () => {
    const sameMatch = [leg('f1', 2000, 'home'), leg('f1', 1900, 'over', 'ou:10'), leg('f2')];
    expect(validateSlip(sameMatch, { kind: 'single' }, 100, limits)).toBeUndefined();
    expect(validateSlip(sameMatch, { kind: 'accumulator' }, 100, limits)).toMatchObject({ key: 'correlatedLegs', legIndex: 1 });
    expect(validateSlip(sameMatch, trixie, 100, limits)?.message).toBe('selections 1 and 2 are on the same match and cannot be combined');
  });

  it('names each problem', () => {
    const cases: [SlipLeg[], BetKind, number, string][] = [
      [[], { kind: 'single' }, 100, 'slipHasNoLegs'],
      [legs(21), { kind: 'single' }, 100, 'tooManySingles'],
      [legs(1), { kind: 'accumulator' }, 100, 'accumulatorLegCount'],
      [legs(21), { kind: 'accumulator' }, 100, 'accumulatorLegCount'],
      [legs(4), trixie, 100, 'systemLegCount'],
      [legs(3), yankee, 100, 'systemLegCount'],
      [legs(13), { kind: 'system', system: 'n_from_m', size: 2 }, 100, 'systemLegCount'],
      [legs(5), { kind: 'system', system: 'n_from_m' }, 100, 'systemSizeInvalid'],
      [legs(5), { kind: 'system', system: 'n_from_m', size: 6 }, 100, 'systemSizeInvalid'],
      [legs(5), { kind: 'system', system: 'n_from_m', size: 1 }, 100, 'systemSizeInvalid'],
      [[leg('f1', 1000)], { kind: 'single' }, 100, 'legOddsInvalid'],
      [[leg('f1', 1950.5)], { kind: 'single' }, 100, 'legOddsInvalid'],
      [[{ ...leg('f1'), marketVersion: -1 }], { kind: 'single' }, 100, 'legVersionInvalid'],
      [[leg('f1'), leg('f1')], { kind: 'single' }, 100, 'selectionRepeated'],
      [legs(2), { kind: 'single' }, 99, 'stakeBelowMinimum'],
      [legs(2), { kind: 'single' }, 500_001, 'stakeAboveMaximum'],
      [legs(2), { kind: 'single' }, 100.5, 'stakeMustBeWholeMinor'],
      [legs(3), { kind: 'system', system: 'heinz' } as unknown as BetKind, 100, 'systemUnknown'],
    ];
    for (const [slipLegs, bet, stake, key] of cases) {
      const problem = validateSlip(slipLegs, bet, stake, limits);
      expect(problem?.key, key).toBe(key);
      expect(problem?.message.length).toBeGreaterThan(10);
    }
    expect(validateSlip(legs(2), { kind: 'single' }, 99, limits)?.message).toBe('the stake per line must be at least 100 fen, got 99');
  });

  it('refuses a bet that could pay more than the limit, even beyond a safe integer', () => {
    const capped = { ...limits, maxPayoutMinor: 1_000_000 };
    expect(validateSlip(legs(2), { kind: 'accumulator' }, 250_000, capped)).toBeUndefined();
    expect(validateSlip(legs(2), { kind: 'accumulator' }, 250_001, capped)).toMatchObject({ key: 'payoutAboveMaximum' });
    const huge = Array.from({ length: 20 }, (_, index) => leg(`f${index}`, 1_000_000));
    expect(validateSlip(huge, { kind: 'accumulator' }, 100, capped)?.message).toMatch(/^the bet could pay 1(0){62} fen, more than/);
  });

  it('takes the tightest stake limits of the markets on the slip', () => {
    expect(tightestLimits([limits, { minStakeMinor: 200, maxStakeMinor: 1_000_000 }, { minStakeMinor: 50, maxStakeMinor: 20_000 }])).toEqual({
      minStakeMinor: 200,
      maxStakeMinor: 20_000,
    });
    expect(tightestLimits([{ ...limits, maxPayoutMinor: 9_000 }, { ...limits, maxPayoutMinor: 5_000 }, limits]).maxPayoutMinor).toBe(5_000);
  });
});

describe('odds changes and the price lock', () => {
  it('takes or refuses a changed price by the member policy', () => {
    expect(oddsChangeDecision('accept_any', 2000, 1500)).toBe('take');
    expect(oddsChangeDecision('accept_higher', 2000, 2100)).toBe('take');
    expect(oddsChangeDecision('accept_higher', 2000, 2000)).toBe('take');
    expect(oddsChangeDecision('accept_higher', 2000, 1999)).toBe('refuse');
    expect(oddsChangeDecision('accept_none', 2000, 2001)).toBe('refuse');
    expect(oddsChangeDecision('accept_none', 2000, 2000)).toBe('take');
  });

  it('needs the market version seen unless the policy accepts the change', () => {
    const seen = { odds: 1900, marketVersion: 4 };
    expect(priceLockDecision('accept_none', seen, { odds: 1900, marketVersion: 4 })).toBe('take');
    expect(priceLockDecision('accept_none', seen, { odds: 1900, marketVersion: 5 })).toBe('refuse');
    expect(priceLockDecision('accept_higher', seen, { odds: 1900, marketVersion: 5 })).toBe('take');
    expect(priceLockDecision('accept_higher', seen, { odds: 1850, marketVersion: 5 })).toBe('refuse');
    expect(priceLockDecision('accept_any', seen, { odds: 1500, marketVersion: 9 })).toBe('take');
  });
});

describe('potential payout', () => {
  it('floors each line once and sums the lines', () => {
    expect(potentialPayout([1500, 2000], [[0, 1]], 1000)).toBe(3000);
    // 333 x 1.955 x 1.955 = 1272.72... -> 1272; singles 651.0 + 651.0
    expect(potentialPayout([1955, 1955], [[0, 1]], 333)).toBe(1272);
    expect(potentialPayout([1955, 1955], combinations(2, { kind: 'single' }), 333)).toBe(1302);
    // Trixie at 2.00 each: 3 doubles x 4 + 1 treble x 8 on 100 each.
    expect(potentialPayout([2000, 2000, 2000], combinations(3, trixie), 100)).toBe(2000);
  });

  it('is exact for 20 legs at 1000.000 (beyond a float) until it passes a safe integer', () => {
    expect(potentialPayout(Array<number>(5).fill(1_000_000), [[0, 1, 2, 3, 4]], 1)).toBe(1e15);
    expect(() => potentialPayout(Array<number>(20).fill(1_000_000), [Array.from({ length: 20 }, (_, index) => index)], 100)).toThrow(/safe integer/);
  });
});
