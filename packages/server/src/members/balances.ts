import type { Queryable } from '../db/database.js';

/**
 * A member's balances in integer minor units, as user info shows them: yuan in fen
 * (2 decimals), USDT in micro-USDT (6 decimals), the rate in 1e-5 yuan (spec: rate
 * precision 1e5).
 */
export interface MemberBalances {
  centerMinor: number;
  lockedMinor: number;
  usdtMinor: number;
  usdtLockedMinor: number;
  /** memberTotalBalance and AlltotalMoney, in fen. */
  totalMinor: number;
  /** Yuan per USDT times 1e5. */
  baseRateE5: number;
}

/**
 * Reads balances for user info. The server starts with the zero reader; the ledger
 * replaces it (`app.lobby.providers.balances = ledgerBalances`) once accounts exist.
 *
 * @example const balances = await app.lobby.providers.balances.read(db, memberId);
 */
export interface BalanceReader {
  read(db: Queryable, memberId: number): Promise<MemberBalances>;
}

/** Every balance zero: the reader before the ledger plugs in. */
export const zeroBalances: BalanceReader = {
  async read() {
    return { centerMinor: 0, lockedMinor: 0, usdtMinor: 0, usdtLockedMinor: 0, totalMinor: 0, baseRateE5: 0 };
  },
};
