/**
 * Amount helpers of spec section 5. They compare decimal text exactly (scaled BigInt),
 * never through float arithmetic.
 */

/**
 * True when an amount is not a whole number: it has a decimal point, including a leading
 * or trailing one ('.5', '5.').
 *
 * @example isNonInteger('10.') // true
 */
export function isNonInteger(amount: string | number): boolean {
  return String(amount).includes('.');
}

interface Decimal {
  digits: bigint;
  scale: number;
}

/** Parses '12', '-1.5', '.5' or '5.' exactly; null for anything else. */
export function parseDecimal(value: string | number): Decimal | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? plainNumberText(value) : '') : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { digits: sign === '-' ? -digits : digits, scale: fraction.length };
}

function plainNumberText(value: number): string {
  const text = String(value);
  // Exponent notation only appears far outside any money range; fixed notation keeps it exact enough to compare.
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** -1, 0 or 1 as a < b, a = b, a > b. @example compareDecimal(parseDecimal('1.50')!, parseDecimal('1.5')!) // 0 */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.digits * 10n ** BigInt(scale - a.scale);
  const right = b.digits * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The range check of spec section 5: the amount is not empty, is a number, and
 * min <= amount <= max (inclusive).
 *
 * @example inRange('100', 100, 50000) // true
 */
export function inRange(amount: string | number, min: number | string, max: number | string): boolean {
  const value = parseDecimal(amount);
  const low = parseDecimal(min);
  const high = parseDecimal(max);
  if (!value || !low || !high) return false;
  return compareDecimal(value, low) >= 0 && compareDecimal(value, high) <= 0;
}
