import { COIN_DEFAULT_AMOUNT, sanitizeCoinAmount } from '@lobby/sdk';

/** The amount field and quick pick of the coin modal (spec section 5). */
export interface AmountState {
  /** Whole yuan, null when the field is empty. */
  amountYuan: number | null;
  /** The chosen quick amount, null after typing. */
  quickPick: number | null;
  /** 'amountUpTo500000' when the typed amount was cut down. */
  message: 'amountUpTo500000' | null;
}

/** Quick amount 1 is chosen when the modal opens. */
export const INITIAL_AMOUNT: AmountState = { amountYuan: COIN_DEFAULT_AMOUNT, quickPick: COIN_DEFAULT_AMOUNT, message: null };

/**
 * Choosing a quick amount sets the amount and the pick.
 *
 * @example pickQuickAmount(188) // { amountYuan: 188, quickPick: 188, message: null }
 */
export function pickQuickAmount(amountYuan: number): AmountState {
  return { amountYuan, quickPick: amountYuan, message: null };
}

/**
 * Typing: digits only, empty clears, below 1 becomes 1, above 500000 becomes 500000 with
 * the message; the quick pick is always cleared.
 *
 * @example typeAmount('12a3') // { amountYuan: 123, quickPick: null, message: null }
 */
export function typeAmount(input: string): AmountState {
  const sanitized = sanitizeCoinAmount(input);
  return { amountYuan: sanitized.amountYuan, quickPick: null, message: sanitized.message ?? null };
}
