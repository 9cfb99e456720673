import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';

/** A bet on a shared round as the wallet sees it. */
export interface TableBetMoney {
  /** Unique per bet: `<tableId>:<roundNo>:<memberId>:<requestId>`. */
  betId: string;
  /** The round, as game_bets and bet records name it: `<tableId>:<roundNo>`. */
  roundId: string;
  venueCode: string;
  gameCode: string;
  memberId: number;
  stakeMinor: number;
}

/**
 * Where a shared round's money goes: the same wallet paths as the studio's other rounds.
 * `stake` runs inside the transaction that stores the bet (a refusal rolls the bet back);
 * `pay` inside the one that settles it, once per bet, with the payout (0 for a lost bet)
 * and the result line. Transfer venues play against `sandbox_venue_wallets`
 * (`sandboxTableWallet`); seamless venues plug in the studio's seamless client here.
 */
export interface TableWallet {
  stake(tx: Queryable, bet: TableBetMoney): Promise<void>;
  pay(tx: Queryable, bet: TableBetMoney, payoutMinor: number, result: string): Promise<void>;
}

/**
 * The transfer model: the member's balance at the sandbox venue (money moved in by
 * lobby's venue transfer) pays the stake and takes the payout, in the bet's transaction.
 *
 * @example new SharedTables(db, clock, sandboxTableWallet)
 */
export const sandboxTableWallet: TableWallet = {
  async stake(tx, bet) {
    const { rowCount } = await tx.query(
      'UPDATE sandbox_venue_wallets SET balance_minor = balance_minor - $3 WHERE venue_code = $1 AND member_id = $2 AND balance_minor >= $3',
      [bet.venueCode, bet.memberId, bet.stakeMinor],
    );
    if (rowCount === 0) throw new BusinessError('studioBalanceTooLow', `stake: the balance at ${bet.venueCode} is below ${bet.stakeMinor} fen`);
  },
  async pay(tx, bet, payoutMinor) {
    if (payoutMinor === 0) return;
    await tx.query(
      `INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) VALUES ($1, $2, $3)
       ON CONFLICT (venue_code, member_id) DO UPDATE SET balance_minor = sandbox_venue_wallets.balance_minor + EXCLUDED.balance_minor`,
      [bet.venueCode, bet.memberId, payoutMinor],
    );
  },
};
