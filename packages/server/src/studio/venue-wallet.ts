import type { Queryable } from '../db/database.js';

/**
 * The studio's side of a transfer venue (docs/STUDIO.md, "Wallet models"): the member's
 * balance at the venue is the sandbox venue's `sandbox_venue_wallets` row, which transfers
 * in and out (venues/sandbox-venue-provider.ts) also move. Every move of a bet is a
 * `studio_wallet_moves` row keyed by (bet, kind, version), so a move applies at most once.
 * Callers run these inside one transaction that first locked the row (`lockVenueBalance`).
 */

export type MoveKind = 'stake' | 'payout' | 'refund' | 'correction';

/** The member's balance at the venue, row-locked until the transaction ends (made at 0 when missing). */
export async function lockVenueBalance(tx: Queryable, venueCode: string, memberId: number): Promise<number> {
  await tx.query('INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [venueCode, memberId]);
  const { rows } = await tx.query<{ balance_minor: string | number }>(
    'SELECT balance_minor FROM sandbox_venue_wallets WHERE venue_code = $1 AND member_id = $2 FOR UPDATE',
    [venueCode, memberId],
  );
  return Number(rows[0]!.balance_minor);
}

/**
 * Applies one move of a bet to the venue balance: `deltaMinor` negative takes (a stake),
 * positive gives (a payout, refund or correction up). Answers false when this move was
 * applied before (nothing changes). The balance row's CHECK refuses going below zero.
 */
export async function applyMove(
  tx: Queryable,
  move: { betId: string; kind: MoveKind; version?: number; venueCode: string; memberId: number; deltaMinor: number },
  now: Date,
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO studio_wallet_moves (bet_id, kind, version, venue_code, member_id, amount_minor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [move.betId, move.kind, move.version ?? 1, move.venueCode, move.memberId, move.deltaMinor, now],
  );
  if (inserted.rowCount === 0) return false;
  if (move.deltaMinor !== 0) {
    await tx.query('UPDATE sandbox_venue_wallets SET balance_minor = balance_minor + $3 WHERE venue_code = $1 AND member_id = $2', [
      move.venueCode, move.memberId, move.deltaMinor,
    ]);
  }
  return true;
}

/** One settled, void or cancelled bet as the venue's feed reports it (a correction is the same bet with a higher version). */
export interface FeedEntry {
  venueCode: string;
  betId: string;
  roundId: string;
  version: number;
  memberId: number;
  gameCode: string;
  stakeMinor: number;
  payoutMinor: number;
  status: 'settled' | 'void' | 'cancelled';
  result: string;
  placedAt: Date;
  settledAt: Date;
}

/**
 * Appends an entry to the venue's bet-record feed with the next sequence (gap-free: the
 * venue's head row is locked until the transaction ends). Answers the sequence.
 */
export async function appendFeedEntry(tx: Queryable, entry: FeedEntry): Promise<number> {
  await tx.query('INSERT INTO studio_feed_heads (venue_code) VALUES ($1) ON CONFLICT DO NOTHING', [entry.venueCode]);
  const { rows } = await tx.query<{ last_sequence: string | number }>(
    'UPDATE studio_feed_heads SET last_sequence = last_sequence + 1 WHERE venue_code = $1 RETURNING last_sequence',
    [entry.venueCode],
  );
  const sequence = Number(rows[0]!.last_sequence);
  const validBetMinor = entry.status === 'settled' ? entry.stakeMinor : 0;
  await tx.query(
    `INSERT INTO studio_bet_feed (venue_code, sequence, bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
       payout_minor, status, result, placed_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      entry.venueCode, sequence, entry.betId, entry.roundId, entry.version, entry.memberId, entry.gameCode, entry.stakeMinor, validBetMinor,
      entry.payoutMinor, entry.status, entry.result, entry.placedAt, entry.settledAt,
    ],
  );
  return sequence;
}

/**
 * A transfer venue's bet taken and settled in one go (an instant round): stake out, payout
 * in, feed entry, all in the caller's transaction. Answers the balance after it, or
 * undefined when the balance does not cover the stake (nothing changes).
 */
export async function settleInstantBet(tx: Queryable, entry: FeedEntry, now: Date): Promise<number | undefined> {
  const balance = await lockVenueBalance(tx, entry.venueCode, entry.memberId);
  if (balance < entry.stakeMinor) return undefined;
  const fresh = await applyMove(tx, { betId: entry.betId, kind: 'stake', venueCode: entry.venueCode, memberId: entry.memberId, deltaMinor: -entry.stakeMinor }, now);
  if (!fresh) return balance;
  await applyMove(tx, { betId: entry.betId, kind: 'payout', venueCode: entry.venueCode, memberId: entry.memberId, deltaMinor: entry.payoutMinor }, now);
  await appendFeedEntry(tx, entry);
  return balance - entry.stakeMinor + entry.payoutMinor;
}
