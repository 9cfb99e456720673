import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ODDS_FORMATS, formatOdds, oddsFromFormat, oddsToFormat, parseOdds, type OddsFormat } from '@lobby/sdk';

/** Worked prices in every format (docs/SPORTS-RULES.md, "Odds formats"). */
const TABLE: [number, Record<OddsFormat, string>][] = [
  [1500, { decimal: '1.50', hongkong: '0.50', malay: '0.50', indonesian: '-2.00', american: '-200' }],
  [2500, { decimal: '2.50', hongkong: '1.50', malay: '-0.67', indonesian: '1.50', american: '+150' }],
  [2000, { decimal: '2.00', hongkong: '1.00', malay: '1.00', indonesian: '1.00', american: '+100' }],
  [3000, { decimal: '3.00', hongkong: '2.00', malay: '-0.50', indonesian: '2.00', american: '+200' }],
  [1955, { decimal: '1.955', hongkong: '0.955', malay: '0.955', indonesian: '-1.05', american: '-104.71' }],
  [1909, { decimal: '1.909', hongkong: '0.909', malay: '0.909', indonesian: '-1.10', american: '-110.01' }],
  [2555, { decimal: '2.555', hongkong: '1.555', malay: '-0.64', indonesian: '1.555', american: '+155.50' }],
  [9000, { decimal: '9.00', hongkong: '8.00', malay: '-0.125', indonesian: '8.00', american: '+800' }],
  [1256, { decimal: '1.256', hongkong: '0.256', malay: '0.256', indonesian: '-3.91', american: '-390.63' }],
  [1001, { decimal: '1.001', hongkong: '0.001', malay: '0.001', indonesian: '-1000.00', american: '-100000' }],
];

describe('odds formats', () => {
  it.each(TABLE)('shows %i in every format as the worked table says', (odds, shown) => {
    for (const format of ODDS_FORMATS) expect(formatOdds(odds, format), format).toBe(shown[format]);
  });

  it('shows a small Malay reciprocal to two significant digits rather than as -0.00', () => {
    expect(formatOdds(150_000, 'malay')).toBe('-0.0067');
    expect([formatOdds(150_000, 'hongkong'), formatOdds(150_000, 'indonesian'), formatOdds(150_000, 'american')]).toEqual(['149.00', '149.00', '+14900']);
    expect(formatOdds(11_527, 'malay')).toBe('-0.095');
    expect(formatOdds(1_000_000, 'malay')).toBe('-0.0010');
    expect(parseOdds('-0.0067', 'malay')).toBe(150_254);
  });

  it('holds each format as an exact fraction of the decimal price', () => {
    expect(oddsToFormat(2500, 'malay')).toEqual({ numerator: -2n, denominator: 3n });
    expect(oddsToFormat(1500, 'indonesian')).toEqual({ numerator: -2n, denominator: 1n });
    expect(oddsToFormat(1955, 'american')).toEqual({ numerator: -20000n, denominator: 191n });
    expect(oddsToFormat(2555, 'american')).toEqual({ numerator: 311n, denominator: 2n });
    expect(oddsToFormat(1950, 'decimal')).toEqual({ numerator: 39n, denominator: 20n });
  });

  it('reads typed prices back, exact where the decimal price is a thousandth and rounded to the nearest one otherwise', () => {
    expect(parseOdds('1.50', 'hongkong')).toBe(2500);
    expect(parseOdds('+150', 'american')).toBe(2500);
    expect(parseOdds('150', 'american')).toBe(2500);
    expect(parseOdds('-200', 'american')).toBe(1500);
    expect(parseOdds('-2', 'indonesian')).toBe(1500);
    expect(parseOdds(' 1.955 ', 'decimal')).toBe(1955);
    expect(parseOdds('-0.5', 'malay')).toBe(3000);
    expect(parseOdds('1', 'malay')).toBe(2000);
    expect(parseOdds('-1', 'malay')).toBe(2000);
    // 2.500 shows as -0.67 Malay; typed back, -0.67 is 1 + 1/0.67 = 2.4925... -> 2.493.
    expect(parseOdds('-0.67', 'malay')).toBe(2493);
    expect(parseOdds('-390.63', 'american')).toBe(1256);
    expect(parseOdds('1.0005', 'decimal')).toBe(1001);
  });

  it('refuses text that is no price in the format', () => {
    const refused: [string, OddsFormat][] = [
      ['abc', 'decimal'], ['', 'decimal'], ['1', 'decimal'], ['1.0004', 'decimal'], ['1e3', 'decimal'], ['0', 'hongkong'], ['-0.5', 'hongkong'],
      ['1.5', 'malay'], ['-1.5', 'malay'], ['0', 'malay'], ['0.5', 'indonesian'], ['-0.5', 'indonesian'], ['50', 'american'], ['-99', 'american'],
      ['1.2.3', 'decimal'], ['+-2', 'american'],
    ];
    for (const [text, format] of refused) expect(parseOdds(text, format), `${text} ${format}`).toBeUndefined();
  });

  it('refuses a price that is not thousandths >= 1.001', () => {
    expect(() => formatOdds(1000, 'decimal')).toThrow(RangeError);
    expect(() => oddsToFormat(1500.5, 'hongkong')).toThrow(/thousandths/);
    expect(oddsFromFormat({ numerator: 1n, denominator: 3n }, 'hongkong')).toBeUndefined();
  });

  it('turns every price 1.001..1000.000 into each format and back to the same price, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), fc.constantFrom(...ODDS_FORMATS), (odds, format) => {
        expect(oddsFromFormat(oddsToFormat(odds, format), format)).toBe(odds);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads back its own display exactly whenever the display is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 1_000_000 }), fc.constantFrom(...ODDS_FORMATS), (odds, format) => {
        const value = oddsToFormat(odds, format);
        const shownDecimals = format === 'american' ? 100n : 1000n;
        if ((value.numerator * shownDecimals) % value.denominator === 0n) expect(parseOdds(formatOdds(odds, format), format)).toBe(odds);
      }),
      { numRuns: 5000 },
    );
  });
});
