import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** A bet as the tests write it into game_bets (what the seamless wallet and bet sync write). */
export interface BetFixture {
  memberId: number;
  venueCode?: string;
  gameCode?: string;
  roundId?: string;
  stakeMinor: number;
  validBetMinor?: number;
  payoutMinor?: number;
  status?: 'open' | 'settled' | 'void' | 'cancelled';
  result?: string;
  placedAt: Date;
}

/**
 * Inserts one bet and answers its lobby id. Settled bets count their stake as valid bet
 * unless told; void and cancelled bets count none.
 *
 * @example await insertBet(db, { memberId, stakeMinor: 10_00, payoutMinor: 19_50, placedAt: new Date() })
 */
export async function insertBet(db: Queryable, bet: BetFixture): Promise<number> {
  const status = bet.status ?? 'settled';
  const validBetMinor = bet.validBetMinor ?? (status === 'settled' ? bet.stakeMinor : 0);
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO game_bets (venue_code, provider_bet_id, round_id, member_id, game_code, stake_minor, valid_bet_minor, payout_minor, status, result, placed_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [bet.venueCode ?? 'STUDIO', randomUUID(), bet.roundId ?? randomUUID(), bet.memberId, bet.gameCode ?? 'dice3', bet.stakeMinor, validBetMinor,
      bet.payoutMinor ?? 0, status, bet.result ?? '', bet.placedAt, status === 'open' ? null : bet.placedAt],
  );
  return Number(rows[0]!.id);
}
