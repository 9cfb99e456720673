import { fromMinor, totalFundsMinor, type SiteBaseConfig, type VenueMoney, type WalletBalance } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { balancesOf, type BalancesByKind } from '../ledger/index.js';
import type { BalanceReader, MemberBalances } from '../members/balances.js';
import { FINANCE_DEFAULTS } from './finance-settings.js';

const minorOf = (balances: BalancesByKind, kind: string) => balances.get(kind) ?? 0;

/**
 * The member total in fen: every yuan the member holds on the site outside the venues
 * (centre, locked and yuebao wallets). USDT wallets are shown on their own.
 */
export function memberTotalMinor(balances: BalancesByKind): number {
  return minorOf(balances, 'centre') + minorOf(balances, 'locked') + minorOf(balances, 'yuebao');
}

/** Yuan per USDT as the wire number (6 decimals allowed, 5 used). */
export function baseRateOf(baseRateE5: number): number {
  return fromMinor(baseRateE5 * 10, 6);
}

/**
 * Spec section 3, "Wallet balance", from ledger balances and the brand's venues. Total
 * funds uses the sdk's own formula (integer math), so both ends agree to the fen. A venue
 * whose code is in `maintaining` is marked `maintenance: true` (the site shows 'Maintaining').
 *
 * @example walletBalanceOf(await balancesOf(db, id), brand.config.venues, settings.baseRateE5, new Set(['AG']))
 */
export function walletBalanceOf(
  balances: BalancesByKind,
  venues: SiteBaseConfig['venues'],
  baseRateE5: number,
  maintaining: ReadonlySet<string> = new Set(),
): WalletBalance {
  const venueList: VenueMoney[] = Object.values(venues)
    .flat()
    .map((venue) => ({
      enName: venue.enName,
      zhName: venue.zhName,
      gameType: venue.gameType,
      channelCode: venue.code,
      currency: 'RMB' as const,
      money: fromMinor(minorOf(balances, `venue:${venue.code}`), 2),
      maintenance: maintaining.has(venue.code),
    }));
  const wallet: Omit<WalletBalance, 'totalFunds'> = {
    centerWalletBalance: fromMinor(minorOf(balances, 'centre'), 2),
    lockedWalletBalance: fromMinor(minorOf(balances, 'locked'), 2),
    memberTotalBalance: fromMinor(memberTotalMinor(balances), 2),
    virtualCurrencyWalletBalance: fromMinor(minorOf(balances, 'usdt'), 6),
    virtualCurrencyLockWalletBalance: fromMinor(minorOf(balances, 'usdt_locked'), 6),
    coinWalletBalance: minorOf(balances, 'coin'),
    yebWalletBalance: fromMinor(minorOf(balances, 'yuebao'), 2),
    baseRate: baseRateOf(baseRateE5),
    venueList,
  };
  return { ...wallet, totalFunds: fromMinor(totalFundsMinor(wallet), 2) };
}

/**
 * The ledger-backed reader of user-info money fields, replacing the server's zero reader
 * (`app.lobby.providers.balances`).
 */
export const ledgerBalances: BalanceReader = {
  async read(db: Queryable, memberId: number): Promise<MemberBalances> {
    const balances = await balancesOf(db, memberId);
    return {
      centerMinor: minorOf(balances, 'centre'),
      lockedMinor: minorOf(balances, 'locked'),
      usdtMinor: minorOf(balances, 'usdt'),
      usdtLockedMinor: minorOf(balances, 'usdt_locked'),
      totalMinor: memberTotalMinor(balances),
      baseRateE5: FINANCE_DEFAULTS.baseRateE5,
    };
  },
};
