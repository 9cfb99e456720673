import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inRange, isNonInteger } from '@lobby/sdk';

describe('amount helpers (spec section 5)', () => {
  it('non-integer: a decimal point anywhere, leading or trailing', () => {
    expect(isNonInteger('10.5')).toBe(true);
    expect(isNonInteger('.5')).toBe(true);
    expect(isNonInteger('5.')).toBe(true);
    expect(isNonInteger('105')).toBe(false);
    expect(isNonInteger(12)).toBe(false);
  });

  it('range: non-empty and min <= x <= max, inclusive', () => {
    expect(inRange('', 1, 10)).toBe(false);
    expect(inRange('  ', 1, 10)).toBe(false);
    expect(inRange('1', 1, 10)).toBe(true);
    expect(inRange('10', 1, 10)).toBe(true);
    expect(inRange('10.01', 1, 10)).toBe(false);
    expect(inRange('0.99', 1, 10)).toBe(false);
    expect(inRange('.5', 0.5, 1)).toBe(true);
    expect(inRange('abc', 1, 10)).toBe(false);
    expect(inRange(0.3, 0.1, 0.3)).toBe(true);
  });

  it('compares exactly where floats would not (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (fen) => {
        const text = `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
        expect(inRange(text, text, text)).toBe(true);
        expect(inRange(text, `${text}1`, '9'.repeat(30))).toBe(false);
      }),
    );
  });
});
