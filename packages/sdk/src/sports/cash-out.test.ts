import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CASH_OUT_MARGIN_BP, cashOutBetValue, cashOutValue } from '@lobby/sdk';

describe('cash-out', () => {
  it('offers stake x placed odds / current odds less 5%: 1,000 at 2.00 now 1.50 is 1,266', () => {
    expect(DEFAULT_CASH_OUT_MARGIN_BP).toBe(500);
    expect(cashOutValue([{ placedOdds: 2000, currentOdds: 1500 }], 1000)).toBe(1266);
    expect(cashOutValue([{ placedOdds: 2000, currentOdds: 1500 }], 1000, 0)).toBe(1333);
    expect(cashOutValue([{ placedOdds: 2000, currentOdds: 4000 }], 1000)).toBe(475);
  });

  it('counts a settled leg of an accumulator at its settlement', () => {
    // 100 x 2.00 (won) x 3.00 / 2.00 = 300, less 5% = 285.
    expect(cashOutValue([{ placedOdds: 2000, result: { outcome: 'won' } }, { placedOdds: 3000, currentOdds: 2000 }], 100)).toBe(285);
    expect(cashOutValue([{ placedOdds: 2000, result: { outcome: 'void' } }, { placedOdds: 3000, currentOdds: 2000 }], 100)).toBe(142);
  });

  it('refuses while a leg is suspended, when the bet is lost, and when nothing is left open', () => {
    expect(cashOutValue([{ placedOdds: 2000 }], 1000)).toBeUndefined();
    expect(cashOutValue([{ placedOdds: 2000, currentOdds: 1500 }, { placedOdds: 1800 }], 1000)).toBeUndefined();
    expect(cashOutValue([{ placedOdds: 2000, result: { outcome: 'lost' } }, { placedOdds: 1800, currentOdds: 1500 }], 1000)).toBeUndefined();
    expect(cashOutValue([{ placedOdds: 2000, result: { outcome: 'won' } }], 1000)).toBeUndefined();
    expect(() => cashOutValue([{ placedOdds: 2000, currentOdds: 1500 }], 1000, 10_000)).toThrow(/margin/);
  });

  it('sums the lines of a system bet, each floored, and keeps the lines that can still win', () => {
    const trixie = { kind: 'system', system: 'trixie' } as const;
    const open = [1, 2, 3].map(() => ({ placedOdds: 2000, currentOdds: 2000 }));
    expect(cashOutBetValue(open, trixie, 100)).toBe(4 * 95);
    const oneLost = [{ placedOdds: 2000, result: { outcome: 'lost' as const } }, ...open.slice(1)];
    // Only the double of the two open legs is alive: 95.
    expect(cashOutBetValue(oneLost, trixie, 100)).toBe(95);
    expect(cashOutBetValue([...open.slice(0, 2), { placedOdds: 2000 }], trixie, 100)).toBeUndefined();
  });

  it('is the stake when nothing has moved and no margin is kept, and never grows as the current price lengthens', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1001, max: 20_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 500 }),
        (odds, stake, margin, lengthen) => {
          expect(cashOutValue(odds.map((price) => ({ placedOdds: price, currentOdds: price })), stake, 0)).toBe(stake);
          const now = cashOutValue(odds.map((price) => ({ placedOdds: price, currentOdds: price })), stake, margin) ?? 0;
          const later = cashOutValue(odds.map((price) => ({ placedOdds: price, currentOdds: price + lengthen })), stake, margin) ?? 0;
          expect(later).toBeLessThanOrEqual(now);
          expect(now).toBeLessThanOrEqual(stake);
        },
      ),
    );
  });
});
