/**
 * The settlement properties of issue 19 (docs/SPORTS-RULES.md, "Properties"), shared by the
 * unit file (few runs) and the walk file (many runs).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  combinations, legFactor, potentialPayout, selectionResultFor, settleBet, settleLine, settlementDelta,
  type BetKind, type BetSettlement, type SelectionResult, type SettledLeg,
} from '@lobby/sdk';
import { addRational, multiplyRational, rational } from './exact.js';

export const resultArbitrary: fc.Arbitrary<SelectionResult> = fc.oneof(
  fc.record({ outcome: fc.constant('won' as const), deadHeatFactor: fc.constantFrom(undefined, 1000, 500, 333, 250) }, { requiredKeys: ['outcome'] }),
  fc.constant({ outcome: 'lost' as const }),
  fc.constant({ outcome: 'half_won' as const }),
  fc.constant({ outcome: 'half_lost' as const }),
  fc.record({ outcome: fc.constant('void' as const), voidFactor: fc.constantFrom(undefined, 1000, 500) }, { requiredKeys: ['outcome'] }),
);

export const legArbitrary: fc.Arbitrary<SettledLeg> = fc.record({ odds: fc.integer({ min: 1001, max: 20_000 }), result: resultArbitrary });

const betArbitrary: fc.Arbitrary<{ bet: BetKind; legCount: number }> = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map((legCount) => ({ bet: { kind: 'single' } as BetKind, legCount })),
  fc.integer({ min: 2, max: 8 }).map((legCount) => ({ bet: { kind: 'accumulator' } as BetKind, legCount })),
  fc.constant({ bet: { kind: 'system', system: 'trixie' } as BetKind, legCount: 3 }),
  fc.constant({ bet: { kind: 'system', system: 'yankee' } as BetKind, legCount: 4 }),
  fc.constant({ bet: { kind: 'system', system: 'lucky15' } as BetKind, legCount: 4 }),
  fc
    .integer({ min: 2, max: 7 })
    .chain((m) => fc.integer({ min: 2, max: m }).map((size) => ({ bet: { kind: 'system', system: 'n_from_m', size } as BetKind, legCount: m }))),
);

/** A random bet: its kind, legs with results, and a stake per line. */
export const slipArbitrary = betArbitrary.chain(({ bet, legCount }) =>
  fc.record({ bet: fc.constant(bet), legs: fc.array(legArbitrary, { minLength: legCount, maxLength: legCount }), stakePerLineMinor: fc.integer({ min: 1, max: 1_000_000 }) }),
);

/** The member's and the house's accounts, moved as the ledger would post a bet. */
interface Books {
  member: number;
  house: number;
  payout: number;
  turnover: number;
}

function post(books: Books, delta: { payoutMinor: number; validBetMinor: number }): Books {
  return { member: books.member + delta.payoutMinor, house: books.house - delta.payoutMinor, payout: books.payout + delta.payoutMinor, turnover: books.turnover + delta.validBetMinor };
}

function placed(stakeMinor: number): Books {
  return { member: -stakeMinor, house: stakeMinor, payout: 0, turnover: 0 };
}

const settle = (books: Books, settlement: BetSettlement) => post(books, settlementDelta(undefined, settlement));
const rollBack = (books: Books, settlement: BetSettlement) => post(books, settlementDelta(settlement, undefined));

export function describeSettlementProperties(numRuns: number): void {
  describe(`settlement properties (${numRuns} runs each)`, () => {
    it('a fully void leg refunds exactly its stake share: a line settles as if the leg were not there', () => {
      fc.assert(
        fc.property(fc.array(legArbitrary, { minLength: 1, maxLength: 6 }), fc.nat({ max: 6 }), fc.integer({ min: 1, max: 1_000_000 }), (legs, at, stake) => {
          const withVoid = [...legs.slice(0, at), { odds: 3000, result: { outcome: 'void' as const } }, ...legs.slice(at)];
          expect(settleLine(withVoid, stake)).toBe(settleLine(legs, stake));
          expect(settleLine([{ odds: 5000, result: { outcome: 'void' } }], stake)).toBe(stake);
        }),
        { numRuns },
      );
    });

    it('a partly void single returns its void share as stake and settles the rest at the result', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1001, max: 50_000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1_000_000 }), (odds, voidFactor, stake) => {
          expect(settleLine([{ odds, result: { outcome: 'void', voidFactor } }], stake)).toBe(Math.floor((stake * voidFactor) / 1000));
          const wonPart = BigInt(stake) * (BigInt(voidFactor) * 1000n + BigInt(1000 - voidFactor) * BigInt(odds));
          expect(settleLine([{ odds, result: { outcome: 'won', voidFactor } }], stake)).toBe(Number(wonPart / 1_000_000n));
        }),
        { numRuns },
      );
    });

    it('every leg void makes the whole bet void: the stake back, no turnover', () => {
      fc.assert(
        fc.property(slipArbitrary, ({ bet, legs, stakePerLineMinor }) => {
          const voided = legs.map((leg) => ({ ...leg, result: { outcome: 'void' as const } }));
          const settlement = settleBet(voided, bet, stakePerLineMinor);
          expect(settlement).toEqual({ stakeMinor: settlement.stakeMinor, payoutMinor: settlement.stakeMinor, validBetMinor: 0, outcome: 'void' });
        }),
        { numRuns },
      );
    });

    it('a quarter line pays the mean of its two neighbouring lines (the stake split in halves)', () => {
      fc.assert(
        fc.property(
          fc.constantFrom('asian_handicap' as const, 'over_under' as const),
          fc.integer({ min: -20, max: 20 }).map((half) => 2 * half + 1),
          fc.record({ home: fc.nat({ max: 6 }), away: fc.nat({ max: 6 }) }),
          fc.boolean(),
          fc.integer({ min: 1001, max: 20_000 }),
          (market, quarterLine, score, first, odds) => {
            const line = market === 'over_under' ? Math.abs(quarterLine) : quarterLine;
            const selection = market === 'over_under' ? (first ? 'over' : 'under') : first ? 'home' : 'away';
            const factorAt = (at: number) => legFactor(odds, selectionResultFor(market, at, selection, score));
            const mean = multiplyRational(addRational(factorAt(line - 1), factorAt(line + 1)), rational(1n, 2n));
            expect(factorAt(line)).toEqual(mean);
          },
        ),
        { numRuns },
      );
    });

    it('half results and dead heats are the void and dead-heat factors of the feeds', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1001, max: 50_000 }), fc.constantFrom(1, 2, 4, 5, 8, 10), (odds, tied) => {
          expect(legFactor(odds, { outcome: 'half_won' })).toEqual(legFactor(odds, { outcome: 'won', voidFactor: 500 }));
          expect(legFactor(odds, { outcome: 'half_lost' })).toEqual(legFactor(odds, { outcome: 'lost', voidFactor: 500 }));
          expect(legFactor(odds, { outcome: 'won', deadHeatFactor: 1000 / tied })).toEqual(rational(BigInt(odds), 1000n * BigInt(tied)));
        }),
        { numRuns },
      );
    });

    it('the member and the house sum to zero, and a bet pays between nothing and its potential payout', () => {
      fc.assert(
        fc.property(slipArbitrary, ({ bet, legs, stakePerLineMinor }) => {
          const settlement = settleBet(legs, bet, stakePerLineMinor);
          const books = settle(placed(settlement.stakeMinor), settlement);
          expect(books.member + books.house).toBe(0);
          expect(books.member).toBe(settlement.payoutMinor - settlement.stakeMinor);
          expect(settlement.stakeMinor).toBe(combinations(legs.length, bet).length * stakePerLineMinor);
          expect(settlement.payoutMinor).toBeGreaterThanOrEqual(0);
          expect(settlement.payoutMinor).toBeLessThanOrEqual(potentialPayout(legs.map((leg) => leg.odds), combinations(legs.length, bet), stakePerLineMinor));
          expect(settlement.validBetMinor).toBeGreaterThanOrEqual(0);
          expect(settlement.validBetMinor).toBeLessThanOrEqual(settlement.stakeMinor);
          if (settlement.payoutMinor === 0) expect(settlement.outcome).toBe('lost');
          if (settlement.outcome === 'won') expect(settlement.payoutMinor).toBeGreaterThan(settlement.stakeMinor);
        }),
        { numRuns },
      );
    });

    it('a rollback and a resettlement bring the books to the state the corrected settlement gives at once', () => {
      fc.assert(
        fc.property(slipArbitrary, fc.array(resultArbitrary, { minLength: 20, maxLength: 20 }), ({ bet, legs, stakePerLineMinor }, corrections) => {
          const first = settleBet(legs, bet, stakePerLineMinor);
          const corrected = settleBet(legs.map((leg, index) => ({ ...leg, result: corrections[index]! })), bet, stakePerLineMinor);
          const start = placed(first.stakeMinor);
          const settledOnce = settle(start, first);
          expect(rollBack(settledOnce, first)).toEqual(start);
          expect(settle(rollBack(settledOnce, first), first)).toEqual(settledOnce);
          const resettled = settle(rollBack(settledOnce, first), corrected);
          expect(resettled).toEqual(settle(start, corrected));
          expect(post(settledOnce, settlementDelta(first, corrected))).toEqual(resettled);
          expect(resettled.member + resettled.house).toBe(0);
        }),
        { numRuns },
      );
    });
  });
}
