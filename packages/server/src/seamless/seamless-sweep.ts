import type { Database } from '../db/database.js';
import { lockRoundDebits, lockStaleRound, staleRounds, updateRound, type RoundDebit } from './seamless-repository.js';
import { endRound, refundDebits } from './seamless-credits.js';
import { referenceOf } from './seamless-service.js';

/**
 * Every round ends completed or cancelled: a round with no bet, win or rollback for this
 * long is ended by lobby (docs/SEAMLESS-WALLET.md, "Rounds"). The provider's credits are
 * retried for longer than this (client.ts), so a win that could still come in time is paid.
 */
export const SEAMLESS_ROUND_IDLE_MAX_MS = 30 * 60_000;

/** How often each listening instance sweeps stale rounds. */
export const SEAMLESS_SWEEP_INTERVAL_MS = 60_000;

/** Rounds ended per sweep transaction batch; the sweep goes on until none is left. */
const SWEEP_BATCH = 100;

export interface SweepResult {
  /** Rounds without a credit: their debits refunded. */
  cancelled: number;
  /** Rounds a credit had already paid: completed as paid. */
  completed: number;
}

/**
 * Ends the rounds idle for SEAMLESS_ROUND_IDLE_MAX_MS at `nowMs`: a round no credit paid is
 * cancelled and its debits refunded (reference `seamless:<provider>:sweep:<bet id>`, so a
 * second sweep cannot refund twice); a round a credit already paid is completed as paid.
 * Each round is ended in its own transaction under its row lock, so a win or rollback
 * arriving meanwhile either runs first (and the round is no longer stale) or finds it over.
 *
 * @example await sweepStaleRounds(db, Date.now()) // { cancelled: 1, completed: 0 }
 */
export async function sweepStaleRounds(db: Database, nowMs: number, idleMaxMs = SEAMLESS_ROUND_IDLE_MAX_MS): Promise<SweepResult> {
  const before = new Date(nowMs - idleMaxMs);
  const result: SweepResult = { cancelled: 0, completed: 0 };
  for (;;) {
    const stale = await staleRounds(db, before, SWEEP_BATCH);
    for (const { providerId, roundId } of stale) {
      const ended = await db.transaction(async (tx) => {
        const round = await lockStaleRound(tx, providerId, roundId, before);
        if (!round) return undefined;
        const ctx = { db, providerId, now: new Date(nowMs) };
        const live = (await lockRoundDebits(tx, providerId, roundId)).filter((d) => d.debitState === 'debited' || d.debitState === 'credited');
        if (live.some((d) => d.debitState === 'credited')) {
          await endRound(tx, ctx, roundId, round.venueCode, live);
          return 'completed' as const;
        }
        const sweepReference = (d: RoundDebit) => referenceOf(providerId, `sweep:${d.transactionId}`);
        if (live.length > 0) await refundDebits(tx, ctx, { roundId, memberId: round.memberId, venueCode: round.venueCode }, live, sweepReference);
        else await updateRound(tx, providerId, roundId, 'cancelled', ctx.now);
        return 'cancelled' as const;
      });
      if (ended) result[ended] += 1;
    }
    if (stale.length < SWEEP_BATCH) return result;
  }
}
