/**
 * Odds formats (issue 19 item 2; docs/SPORTS-RULES.md, "Odds formats"). A price is held as
 * decimal odds in thousandths (`OddsMilli`); every other format is an exact fraction of it,
 * rounded only for display.
 */
import { isWholeAt, rational, roundHalfAwayFromZero, toSafeNumber, type Rational } from './exact.js';
import type { OddsFormat, OddsMilli } from './types.js';

/** The smallest price a market may carry: 1.001. */
export const MIN_ODDS_MILLI: OddsMilli = 1001;

/** Whether a value is a price: an integer of thousandths >= 1001 (1.001). */
export function isOddsMilli(value: unknown): value is OddsMilli {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= MIN_ODDS_MILLI;
}

function checkOdds(odds: OddsMilli): void {
  if (!isOddsMilli(odds)) throw new RangeError(`odds must be an integer of thousandths >= ${MIN_ODDS_MILLI}, got ${odds}`);
}

/**
 * A price in a format as an exact fraction: decimal d; Hong Kong d-1; Malay d-1 up to 2.00,
 * else -1/(d-1); Indonesian -1/(d-1) below 2.00, else d-1; American +(d-1)x100 from 2.00,
 * else -100/(d-1).
 *
 * @example oddsToFormat(2500, 'malay') // { numerator: -2n, denominator: 3n }
 */
export function oddsToFormat(odds: OddsMilli, format: OddsFormat): Rational {
  checkOdds(odds);
  const profit = BigInt(odds) - 1000n; // (d - 1) in thousandths
  switch (format) {
    case 'decimal':
      return rational(BigInt(odds), 1000n);
    case 'hongkong':
      return rational(profit, 1000n);
    case 'malay':
      return odds <= 2000 ? rational(profit, 1000n) : rational(-1000n, profit);
    case 'indonesian':
      return odds < 2000 ? rational(-1000n, profit) : rational(profit, 1000n);
    case 'american':
      return odds >= 2000 ? rational(profit, 10n) : rational(-100_000n, profit);
  }
}

/** The decimal price of a value in a format, exact, or undefined when the value is not a price in that format. */
function decimalOf(value: Rational, format: OddsFormat): Rational | undefined {
  const { numerator: n, denominator: d } = value;
  switch (format) {
    case 'decimal':
      return n > d ? value : undefined;
    case 'hongkong':
      return n > 0n ? rational(n + d, d) : undefined;
    case 'malay':
      if (n > 0n && n <= d) return rational(n + d, d);
      return n < 0n && -n <= d ? rational(n - d, n) : undefined;
    case 'indonesian':
      if (n >= d) return rational(n + d, d);
      return n <= -d ? rational(n - d, n) : undefined;
    case 'american':
      if (n >= 100n * d) return rational(n + 100n * d, 100n * d);
      return n <= -100n * d ? rational(n - 100n * d, n) : undefined;
  }
}

/**
 * The price of an exact value in a format, or undefined when the value is no price in that
 * format or its decimal price is not a whole number of thousandths >= 1.001.
 *
 * @example oddsFromFormat({ numerator: -2n, denominator: 1n }, 'indonesian') // 1500
 */
export function oddsFromFormat(value: Rational, format: OddsFormat): OddsMilli | undefined {
  const decimal = decimalOf(rational(value.numerator, value.denominator), format);
  if (!decimal || !isWholeAt(decimal, 3)) return undefined;
  const odds = Number((decimal.numerator * 1000n) / decimal.denominator);
  return isOddsMilli(odds) ? odds : undefined;
}

const NUMBER_TEXT = /^([+-]?)(\d{1,9})(?:\.(\d{1,6}))?$/;

/** A decimal number written in text as an exact fraction, or undefined. */
function parseNumber(text: string): Rational | undefined {
  const match = NUMBER_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const magnitude = BigInt(`${whole}${fraction}`);
  return rational(sign === '-' ? -magnitude : magnitude, 10n ** BigInt(fraction.length));
}

/**
 * A price typed in a format, the inverse of `formatOdds`: exact when the decimal price is a
 * whole number of thousandths, else rounded half away from zero to the nearest thousandth.
 * Undefined when the text is no number, not a price in that format (Malay beyond ±1,
 * Indonesian between -1 and 1, American between -100 and +100) or below 1.001.
 *
 * @example parseOdds('-0.67', 'malay') // 2493 (the display rounded; 2.500 shows as -0.67)
 */
export function parseOdds(text: string, format: OddsFormat): OddsMilli | undefined {
  const value = parseNumber(text);
  const decimal = value && decimalOf(value, format);
  if (!decimal) return undefined;
  const odds = toSafeNumber(roundHalfAwayFromZero(decimal, 3));
  return isOddsMilli(odds) ? odds : undefined;
}

/** Digits of value x 10^decimals (an integer) as text with `decimals` decimals and a sign. */
function fixed(scaled: bigint, decimals: number, plusSign: boolean): string {
  const magnitude = scaled < 0n ? -scaled : scaled;
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const body = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return `${scaled < 0n ? '-' : plusSign ? '+' : ''}${body}`;
}

/**
 * A price as a member reads it in a format. A value exact in thousandths (always for
 * decimal, Hong Kong and the d-1 sides of Malay and Indonesian) shows exactly with 2
 * decimals, or 3 when the third is not 0; any other value (the reciprocal sides) rounds half
 * away from zero to 2 decimals, or to two significant digits when smaller (Malay above
 * 11.00: 150.000 is -0.0067). American shows a signed integer when exact, else 2 decimals
 * rounded half away from zero.
 *
 * @example formatOdds(2500, 'hongkong') // '1.50'; formatOdds(2500, 'malay') // '-0.67'; formatOdds(1500, 'american') // '-200'
 */
export function formatOdds(odds: OddsMilli, format: OddsFormat): string {
  const value = oddsToFormat(odds, format);
  if (format === 'american') {
    return isWholeAt(value, 0) ? fixed(value.numerator, 0, true) : fixed(roundHalfAwayFromZero(value, 2), 2, true);
  }
  if (isWholeAt(value, 2)) return fixed(roundHalfAwayFromZero(value, 2), 2, false);
  if (isWholeAt(value, 3)) return fixed(roundHalfAwayFromZero(value, 3), 3, false);
  let decimals = 2;
  while (decimals < MAX_SHOWN_DECIMALS && abs(value.numerator) * 10n ** BigInt(decimals) < 10n * value.denominator) decimals += 1;
  return fixed(roundHalfAwayFromZero(value, decimals), decimals, false);
}

/** A small reciprocal (Malay above 11.00) shows at least two significant digits, up to this many decimals. */
const MAX_SHOWN_DECIMALS = 6;

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
