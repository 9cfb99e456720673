import { DEFAULT_LANGUAGE } from '../contract/limits.js';
import { toMinor, MoneyFormatError, type Decimals } from './money.js';

const numberFormats = new Map<string, { group: Intl.NumberFormat; decimal: string }>();

function numberFormatOf(language: string) {
  let format = numberFormats.get(language);
  if (!format) {
    const group = new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping: true });
    const decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    numberFormats.set(language, (format = { group, decimal }));
  }
  return format;
}

/**
 * An amount of integer minor units as text in a language: the whole part grouped by
 * Intl.NumberFormat, then exactly `decimals` decimals. The split into whole and fraction
 * is done on the digits (BigInt-safe), never by float division, so no amount is rounded.
 * Both of lobby's languages write 10,000.00.
 *
 * @example formatMoney(1_000_000, 2, 'en') // '10,000.00'
 */
export function formatMoney(minor: number | bigint, decimals: Decimals, language: string = DEFAULT_LANGUAGE): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer of minor units: ${minor}`);
  const value = BigInt(minor);
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const { group, decimal } = numberFormatOf(language);
  const whole = group.format(BigInt(digits.slice(0, digits.length - decimals)));
  const fraction = decimals === 0 ? '' : decimal + digits.slice(digits.length - decimals);
  return `${value < 0n ? '-' : ''}${whole}${fraction}`;
}

/**
 * A wire amount (a JSON number in the spec's units) as text in a language, through its
 * minor units.
 *
 * @example formatWireMoney(12345.5, 2, 'zh-CN') // '12,345.50'
 */
export function formatWireMoney(amount: number, decimals: Decimals, language: string = DEFAULT_LANGUAGE): string {
  return formatMoney(toMinor(amount, decimals), decimals, language);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as date and time (to the minute, 24-hour clock) in a language, by
 * Intl.DateTimeFormat in the browser's time zone.
 *
 * @example formatDateTime(Date.UTC(2025, 0, 2, 3, 4), 'en') // '01/02/2025, 03:04' in UTC
 */
export function formatDateTime(at: number | string | Date, language: string = DEFAULT_LANGUAGE): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateFormats.set(language, format);
  }
  return format.format(at instanceof Date ? at : new Date(at));
}
