import { defineCall } from '../call.js';
import { WalletBalance } from '../entities.js';
import { s } from '../schema.js';

/**
 * Finance calls of spec section 7 ("Finance"), served under /finance/. Every amount on
 * the wire is in the spec's units (yuan: 2 decimals, USDT: 6); the server keeps integer
 * minor units and converts at the edge.
 */

/** Spec section 3, "Wallet balance": every wallet, the venue list and total funds. */
export const walletBalance = defineCall({
  name: 'walletBalance',
  group: 'finance',
  path: '/finance/v1/wallet_balance',
  style: 'json',
  auth: 'member',
  summary: 'Wallet balance: centre, locked, USDT, coin and yuebao wallets, venues and total funds',
  request: s.empty(),
  response: WalletBalance,
  readOnly: true,
});

export const UsdtWalletBalance = s.object({
  virtualCurrencyWalletBalance: s.money({ decimals: 6 }),
  virtualCurrencyLockWalletBalance: s.money({ decimals: 6 }),
  baseRate: s.money({ decimals: 6, description: 'Yuan per USDT, 5 decimals used (rate precision 1e5)' }),
});

/** The USDT wallet and its locked part, with the rate. */
export const usdtWalletBalance = defineCall({
  name: 'usdtWalletBalance',
  group: 'finance',
  path: '/finance/v1/usdt_wallet_balance',
  style: 'json',
  auth: 'member',
  summary: 'USDT wallet balance and locked USDT',
  request: s.empty(),
  response: UsdtWalletBalance,
  readOnly: true,
});
