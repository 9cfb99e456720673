import type { Queryable } from '../db/database.js';
import type { BusinessError } from '../http/errors.js';
import { exclusionRefusal } from './exclusion/exclusion-guard.js';
import { limitAllowance, limitRefusal } from './limits/limit-guard.js';
import { lockMember } from './member-lock.js';
import { sessionRefusal } from './sessions/session-guard.js';

export { lockMember };

/**
 * Responsible play where money moves (issue 22; docs/RESPONSIBLE-PLAY.md): every door that
 * takes a member's money into play asks this guard inside the same transaction that moves
 * the money. The guard takes the member's responsible-play lock (`lockMember`, a transaction
 * advisory lock) first, so two requests of one member racing a limit are serialised and never
 * pass it together. Wins, settlements, recycles and withdrawals never ask.
 *
 * Two doors apply these rules in SQL too, in their one statement (migration 1030,
 * docs/RESPONSIBLE-PLAY.md "Where money moves"): the coin purchase and the seamless bet.
 * `rp_in_break_of` repeats the identity keys of exclusion/exclusion-service.ts; `rp_door_clear`
 * (migration 1150, one member) and `rp_purchases_clear` (migration 1200, a purchase batch) repeat
 * limit-guard.ts's kinds per door, and `rp_windows_use` (1160) windows.ts's sums: first on the
 * member's hourly totals (`rp_hours`, which never count less than the rows put in or wagered,
 * nor more got back), then on the rows. They may be stricter than the guard (and then defer
 * to it) but never looser: a change that counts more or checks more here must be made there
 * as well (R1, R3: please keep them in step).
 */
export type PlayDoor =
  | 'deposit' // depositPay, usdtDepositPay, speed deposits: amount = the order's amount
  | 'venueTransferIn' // centre wallet into a venue: amount = the transfer
  | 'seamlessBet' // a seamless venue's debit: amount = the stake
  | 'sportsBet' // a sportsbook bet: amount = the stake
  | 'coinPurchase' // anchor coins bought with money: amount = the money
  | 'gameLaunch' // entering a game or venue (no amount)
  | 'activityReward'; // a promotion paying a member (no limit; exclusion only)

export interface PlayRequest {
  memberId: number;
  door: PlayDoor;
  /** Minor units taken into play (0 for gameLaunch and activityReward). */
  amountMinor: number;
  at: Date;
}

/**
 * The refusal of a request, or null when it may go on: exclusion first (time-out or
 * self-exclusion, any brand it covers), then the session-time limit, then the money limits.
 * Call inside the money's transaction; it takes the member's lock.
 */
export async function playRefusal(tx: Queryable, request: PlayRequest): Promise<BusinessError | null> {
  await lockMember(tx, request.memberId);
  return (await exclusionRefusal(tx, request)) ?? (await sessionRefusal(tx, request)) ?? (await limitRefusal(tx, request));
}

/** Throws the refusal of `playRefusal` (the common use). */
export async function assertMayPlay(tx: Queryable, request: PlayRequest): Promise<void> {
  const refusal = await playRefusal(tx, request);
  if (refusal) throw refusal;
}

/**
 * What a request through this door may take at most now under the member's limits (a venue
 * transfer in is capped at the remaining loss and wager allowance), or null when no limit
 * caps it. Call after `playRefusal`, in the same transaction.
 */
export function playAllowance(tx: Queryable, memberId: number, door: PlayDoor, at: Date): Promise<number | null> {
  return limitAllowance(tx, memberId, door, at);
}
