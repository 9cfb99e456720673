import { atom, computed } from 'nanostores';
import type { WalletBalance } from '../contract/index.js';
import { totalFundsMinor } from './total-funds.js';
import { updateStore, type UpdateResult } from './update.js';

/**
 * The member's wallet balance as the server sent it (wire numbers), null when logged out.
 *
 * @example $wallet.get()?.centerWalletBalance
 */
export const $wallet = atom<WalletBalance | null>(null);

/**
 * Total funds in fen by the formula of spec section 3 (see {@link totalFundsMinor}); null
 * without a wallet.
 *
 * @example fromMinor($totalFundsMinor.get() ?? 0, 2) // 1712.35
 */
export const $totalFundsMinor = computed($wallet, (wallet) => {
  if (wallet === null) return null;
  try {
    return totalFundsMinor(wallet);
  } catch {
    return null;
  }
});

/**
 * Stores a wallet balance. A balance whose amounts do not convert exactly (too many
 * decimals, out of range) leaves the state unchanged and returns the error.
 *
 * @example setWallet(await client.call(walletBalance, {}))
 */
export function setWallet(wallet: WalletBalance): UpdateResult {
  return updateStore($wallet, () => {
    totalFundsMinor(wallet);
    return wallet;
  });
}

/** Forgets the wallet (logout). @example resetWallet() */
export function resetWallet(): void {
  $wallet.set(null);
}
