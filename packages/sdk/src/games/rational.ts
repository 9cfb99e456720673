/** Exact fractions in BigInt, for return-to-player figures computed from a game's tables. */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The fraction numerator / denominator in lowest terms. */
export function rational(numerator: bigint | number, denominator: bigint | number = 1n): Rational {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('denominator must not be zero');
  const divisor = gcd(n, d) || 1n;
  const sign = d < 0n ? -1n : 1n;
  return { numerator: (sign * n) / divisor, denominator: (sign * d) / divisor };
}

export function addRational(a: Rational, b: Rational): Rational {
  return rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function multiplyRational(a: Rational, b: Rational): Rational {
  return rational(a.numerator * b.numerator, a.denominator * b.denominator);
}

/** The fraction in basis points (1/10000), rounded half up: 0.96504 → 9650. */
export function toBasisPoints(value: Rational): number {
  return Number((value.numerator * 20000n + value.denominator) / (2n * value.denominator));
}
