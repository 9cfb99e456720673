import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { appendFeedEntry, applyMove, lockVenueBalance } from '../venue-wallet.js';

/** A bet on a shared round as the wallet sees it. */
export interface TableBetMoney {
  /** Unique per bet: `<tableId>:<roundNo>:<memberId>:<requestId>`. */
  betId: string;
  /**
   * The round id bet records and the verify view name: the bet id, since members share a
   * table round but each verifies their own bet (table-detail.ts).
   */
  roundId: string;
  venueCode: string;
  gameCode: string;
  memberId: number;
  stakeMinor: number;
  placedAt: Date;
}

/**
 * Where a shared round's money goes. `stake` runs inside the transaction that stores the
 * bet (a refusal rolls the bet back); `pay` inside the one that settles it, once per bet,
 * with the payout (0 for a lost bet) and the result line.
 */
export interface TableWallet {
  stake(tx: Queryable, bet: TableBetMoney, now: Date): Promise<void>;
  pay(tx: Queryable, bet: TableBetMoney, payoutMinor: number, result: string, now: Date): Promise<void>;
}

/**
 * The transfer model, the same path as the studio's instant rounds (studio/venue-wallet.ts):
 * the member's balance at the sandbox venue pays the stake (a `stake` move) and takes the
 * payout (a `payout` move); the settled bet joins the venue's bet-record feed, which lobby's
 * bet sync posts to its ledger. Each move applies once per bet.
 */
export const transferTableWallet: TableWallet = {
  async stake(tx, bet, now) {
    const balanceMinor = await lockVenueBalance(tx, bet.venueCode, bet.memberId);
    if (balanceMinor < bet.stakeMinor) {
      throw new BusinessError('studioBalanceTooLow', `stake: the balance at ${bet.venueCode} (${balanceMinor} fen) does not cover ${bet.stakeMinor} fen`, { balanceMinor });
    }
    await applyMove(tx, { betId: bet.betId, kind: 'stake', venueCode: bet.venueCode, memberId: bet.memberId, deltaMinor: -bet.stakeMinor }, now);
  },
  async pay(tx, bet, payoutMinor, result, now) {
    const fresh = await applyMove(tx, { betId: bet.betId, kind: 'payout', venueCode: bet.venueCode, memberId: bet.memberId, deltaMinor: payoutMinor }, now);
    if (!fresh) return;
    await appendFeedEntry(tx, {
      venueCode: bet.venueCode, betId: bet.betId, roundId: bet.roundId, version: 1, memberId: bet.memberId, gameCode: bet.gameCode,
      stakeMinor: bet.stakeMinor, payoutMinor, status: 'settled', result, placedAt: bet.placedAt, settledAt: now,
    });
  },
};
