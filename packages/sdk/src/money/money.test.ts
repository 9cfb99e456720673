import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromMinor, toMinor } from './money.js';

describe('money at the edge', () => {
  it('converts wire amounts to minor units exactly, where float multiplication would not', () => {
    expect(toMinor(0.29, 2)).toBe(29); // 0.29 * 100 === 28.999999999999996
    expect(toMinor(1.005, 6)).toBe(1_005_000);
    expect(toMinor(10000, 2)).toBe(1_000_000);
    expect(toMinor('12.30', 2)).toBe(1230);
    expect(toMinor(1e-6, 6)).toBe(1);
  });

  it('refuses amounts with more decimals than the unit allows', () => {
    expect(() => toMinor(1.001, 2)).toThrow(/more than 2 decimals/);
    expect(() => toMinor(Number.NaN, 2)).toThrow(/finite/);
    expect(() => toMinor('1,00', 2)).toThrow(/not a decimal/);
  });

  it('round-trips every integer of minor units through the wire number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, 2, 5, 6), (minor, decimals) => {
        expect(toMinor(fromMinor(minor, decimals as 0 | 2 | 5 | 6), decimals as 0 | 2 | 5 | 6)).toBe(minor);
      }),
    );
  });
});
