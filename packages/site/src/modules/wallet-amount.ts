import { $language, formatMoney, formatWireMoney, toMinor, type Decimals } from '@lobby/sdk';

/** Why a typed amount was refused; each has its text in app/wallet/wallet-texts.ts. */
export type AmountProblem = 'amountEmpty' | 'amountNotNumber' | 'amountTooManyDecimals' | 'amountNotPositive' | 'amountOverBalance' | 'amountTooLarge';

export type AmountCheck = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/** The wire's upper bound for a yuan amount (the contract's maximum, 100,000,000 yuan). */
export const AMOUNT_MAX_YUAN = 100_000_000;

/**
 * Reads an amount the member typed, exactly (decimal text to integer minor units, no float
 * arithmetic): not empty, a plain decimal number, at most `decimals` decimals, above zero,
 * at most `maxMinor` (the balance the money comes from) when given.
 *
 * @example parseAmount('12.5', { decimals: 2, maxMinor: 10_000 }) // { ok: true, minor: 1250 }
 */
export function parseAmount(text: string, { decimals, maxMinor }: { decimals: Decimals; maxMinor?: number }): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'amountEmpty' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, problem: trimmed.startsWith('-') && /^-\d*\.?\d*$/.test(trimmed) ? 'amountNotPositive' : 'amountNotNumber' };
  if ((match[2] ?? '').replace(/0+$/, '').length > decimals) return { ok: false, problem: 'amountTooManyDecimals' };
  const normalised = `${match[1] || '0'}${match[2] ? `.${match[2]}` : ''}`;
  let minor: number;
  try {
    minor = toMinor(normalised, decimals);
  } catch {
    // Only an amount beyond a safe integer of minor units gets here.
    return { ok: false, problem: 'amountTooLarge' };
  }
  if (minor <= 0) return { ok: false, problem: 'amountNotPositive' };
  if (minor > AMOUNT_MAX_YUAN * 10 ** decimals) return { ok: false, problem: 'amountTooLarge' };
  if (maxMinor !== undefined && minor > maxMinor) return { ok: false, problem: 'amountOverBalance' };
  return { ok: true, minor };
}

/**
 * An amount in minor units as a page shows it: the sdk's one money format (grouped whole
 * part, exactly `decimals` decimals) in the member's chosen language. Not for input
 * fields, which keep what the member types.
 *
 * @example formatMinor(123456, 2) // '1,234.56'
 */
export function formatMinor(minor: number, decimals: Decimals, language: string = $language.get()): string {
  return formatMoney(minor, decimals, language);
}

/**
 * A wire amount (a JSON number in yuan or USDT) as a page shows it, by the sdk's
 * formatWireMoney in the member's chosen language.
 *
 * @example formatWire(50000, 2) // '50,000.00'
 */
export function formatWire(amount: number, decimals: Decimals, language: string = $language.get()): string {
  return formatWireMoney(amount, decimals, language);
}

/**
 * What a conversion gives, as the server computes it (docs/VENUE-WALLETS.md): USDT to
 * yuan, fen = floor(micro-USDT x rate / 1e9); yuan to USDT, micro-USDT = floor(fen x 1e9 /
 * rate); the rate in 1e-5 yuan units. Both round down, in BigInt.
 *
 * @example convertedMinor('usdtToRmb', 1_000_000, 715000n) // 715 (7.15 yuan for 1 USDT)
 */
export function convertedMinor(direction: 'usdtToRmb' | 'rmbToUsdt', amountMinor: number, rateE5: bigint): number {
  if (rateE5 <= 0n) return 0;
  const amount = BigInt(amountMinor);
  return Number(direction === 'usdtToRmb' ? (amount * rateE5) / 10n ** 9n : (amount * 10n ** 9n) / rateE5);
}
