/** Exact arithmetic for prices and money: BigInt fractions, rounded once where a rule says. */
import { rational, type Rational } from '../games/rational.js';

export { rational, addRational, multiplyRational } from '../games/rational.js';
export type { Rational } from '../games/rational.js';

/** The largest integer <= value. */
export function floorRational(value: Rational): bigint {
  const quotient = value.numerator / value.denominator;
  return value.numerator < 0n && quotient * value.denominator !== value.numerator ? quotient - 1n : quotient;
}

/** The value times 10^decimals, rounded half away from zero to an integer. */
export function roundHalfAwayFromZero(value: Rational, decimals: number): bigint {
  const scale = 10n ** BigInt(decimals);
  const magnitude = value.numerator < 0n ? -value.numerator : value.numerator;
  const rounded = (2n * magnitude * scale + value.denominator) / (2n * value.denominator);
  return value.numerator < 0n ? -rounded : rounded;
}

/** Whether value times 10^decimals is a whole number. */
export function isWholeAt(value: Rational, decimals: number): boolean {
  return (value.numerator * 10n ** BigInt(decimals)) % value.denominator === 0n;
}

/** An integer of minor units (or thousandths) as a JavaScript number, refusing one beyond 2^53. */
export function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} is beyond a safe integer`);
  return number;
}

/** Thousandths (odds, dead-heat and void factors) as an exact fraction. */
export function fromThousandths(value: number): Rational {
  return rational(BigInt(value), 1000n);
}

/** The product of fractions (1 for none). */
export function productOf(values: readonly Rational[]): Rational {
  return values.reduce((product, value) => rational(product.numerator * value.numerator, product.denominator * value.denominator), rational(1n));
}

/** 1 - value. */
export function complement(value: Rational): Rational {
  return rational(value.denominator - value.numerator, value.denominator);
}
