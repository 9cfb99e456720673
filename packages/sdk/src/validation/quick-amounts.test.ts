import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_QUICK_AMOUNT_COUNT, depositQuickAmounts, withRandomSuffix } from '@lobby/sdk';

/** A random source that replays fixed values. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

describe('deposit quick amounts (spec section 5)', () => {
  it('uses the channel\'s own amounts when it has some', () => {
    expect(depositQuickAmounts({ channelAmounts: [100, 200, 300, 400, 500, 600], minYuan: 1, maxYuan: 1000 })).toEqual([100, 200, 300, 400, 500]);
  });

  it('defaults: 1, 5, 10, 20, 49 with a random 2-digit suffix (odd tails like 101 and 503)', () => {
    expect(withRandomSuffix(5, () => 0.03)).toBe(503);
    expect(depositQuickAmounts({ minYuan: 100, maxYuan: 50_000, random: () => 0 })).toEqual([101, 501, 1001, 2001, 4901]);
    expect(depositQuickAmounts({ channelAmounts: [], minYuan: 100, maxYuan: 50_000, random: () => 0.999 })).toEqual([199, 599, 1099, 2099, 4999]);
  });

  it('big recharge: 500, 800, 1000, 1500, 1999 with a suffix', () => {
    expect(depositQuickAmounts({ minYuan: 100, maxYuan: 500_000, bigRecharge: true, random: sequence(0.1) })).toEqual([50010, 80010, 100010, 150010, 199910]);
  });

  it('replaces an amount outside min and max with a random one inside', () => {
    const amounts = depositQuickAmounts({ minYuan: 1000, maxYuan: 3000, random: sequence(0.5, 0.25, 0.75, 0.1, 0.9) });
    expect(amounts).toHaveLength(5);
    for (const amount of amounts) expect(amount).toBeGreaterThanOrEqual(1000);
    for (const amount of amounts) expect(amount).toBeLessThanOrEqual(3000);
  });

  it('always gives distinct whole amounts within min and max, ascending (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.infiniteStream(fc.double({ min: 0, max: 0.9999999, noNaN: true })), (min, width, stream) => {
        const iterator = stream[Symbol.iterator]();
        const amounts = depositQuickAmounts({ minYuan: min, maxYuan: min + width, random: () => iterator.next().value as number });
        expect(amounts).toHaveLength(Math.min(DEPOSIT_QUICK_AMOUNT_COUNT, width + 1));
        expect(new Set(amounts).size).toBe(amounts.length);
        expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
        for (const amount of amounts) {
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(min);
          expect(amount).toBeLessThanOrEqual(min + width);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives nothing for an empty range', () => {
    expect(depositQuickAmounts({ minYuan: 10, maxYuan: 5 })).toEqual([]);
  });
});
