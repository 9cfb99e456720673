/**
 * Money crosses the wire as JSON numbers in the spec's units (yuan with at most 2
 * decimals, USDT with at most 6, coins as integers) and lives everywhere else as an
 * integer of minor units. These two functions are the only crossing; they work on the
 * number's decimal text, never by float multiplication.
 *
 * @example toMinor(12.34, 2) // 1234
 * @example fromMinor(1234, 2) // 12.34
 */
export type Decimals = 0 | 2 | 5 | 6;

export class MoneyFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyFormatError';
  }
}

/** Converts a wire amount to integer minor units; throws when it has too many decimals. */
export function toMinor(amount: number | string, decimals: Decimals): number {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new MoneyFormatError(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) throw new MoneyFormatError(`more than ${decimals} decimals: ${text}`);
  const minor = Number(whole! + trimmed.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`amount too large: ${text}`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** Converts integer minor units to the wire number. */
export function fromMinor(minor: number, decimals: Decimals): number {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return Number(decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`);
}

/** True when a wire number has at most `decimals` decimals. */
export function hasAtMostDecimals(amount: number, decimals: Decimals): boolean {
  try {
    toMinor(amount, decimals);
    return true;
  } catch {
    return false;
  }
}

/** The shortest decimal text of a finite number, without exponent notation. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyFormatError(`not a finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent form only appears for very small or very large magnitudes.
  const [mantissa, exponentText] = text.split(/e/i) as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [intPart, fracPart = ''] = mantissa.replace('-', '').split('.') as [string, string?];
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  const body =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + body;
}
