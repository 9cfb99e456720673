import type { Queryable } from '../db/database.js';
import { applyTransfers } from '../ledger/index.js';
import {
  cancelGameBets, claimTransaction, findTransaction, lockRound, lockRoundDebits, setDebitStates, settleGameBets, updateRound,
  type RoundDebit, type TransactionRow,
} from './seamless-repository.js';
import type { RollbackRequest, WinRequest } from './seamless-protocol.js';
import {
  applyOnce, callOnce, headBeforeBalance, centreBalanceOf, playAccounts, referenceOf, refusal, transactionAnswer, type Decided, type SeamlessContext,
} from './seamless-service.js';

const live = (debit: RoundDebit) => debit.debitState === 'debited' || debit.debitState === 'credited';

/**
 * A win (a credit; 0 records a loss): pays the round's debits (or those named) from
 * `venue_play:<venue>` into the centre wallet. Refused, and kept, when a debit it pays was
 * rolled back or its round is over; refused, not kept, while lobby has not seen the debit.
 * A win that ends the round settles every live bet of it (valid bet = stake).
 */
export function payWin(ctx: SeamlessContext, request: WinRequest, bodyHash: string): Promise<string> {
  const reference = request.amountMinor > 0 ? referenceOf(ctx.providerId, request.transactionId) : null;
  const head = headBeforeBalance(transactionAnswer(request.transactionId, reference, 0, 0));
  const at = head.lastIndexOf('"memberId":0') + '"memberId":'.length;
  return callOnce(ctx, 'SELECT seamless_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) AS answer', [
    ctx.providerId, request.transactionId, bodyHash, request.roundId, request.betTransactionIds ?? null, request.amountMinor, request.roundEnded ?? true,
    ctx.now, 'venue_play:', reference, head.slice(0, at), head.slice(at + 1),
    headBeforeBalance(refusal('BET_ROLLED_BACK', 'roundId: this round was cancelled and its debits refunded', 0)),
    headBeforeBalance(refusal('ROUND_CLOSED', 'roundId: this round is over', 0)),
    headBeforeBalance(refusal('BET_ROLLED_BACK', 'betTransactionIds: a debit this win pays was rolled back', 0)),
  ], 'lobby_seamless_win');
}

/** Ends a round as completed: its live debits become settled bets (valid bet = stake). */
export async function endRound(tx: Queryable, ctx: SeamlessContext, roundId: string, venueCode: string, liveDebits: readonly RoundDebit[]): Promise<void> {
  const ids = liveDebits.map((d) => d.transactionId);
  await setDebitStates(tx, ctx.providerId, ids, 'settled');
  await settleGameBets(tx, venueCode, ids, ctx.now);
  await updateRound(tx, ctx.providerId, roundId, 'completed', ctx.now);
}

/**
 * Refunds debits (every one a member's bet of one round) from `venue_play:<venue>`,
 * cancels their bets, and cancels the round when no live debit is left in it.
 */
export async function refundDebits(
  tx: Queryable, ctx: SeamlessContext, round: { roundId: string; memberId: number; venueCode: string }, debits: readonly RoundDebit[], referenceFor: (d: RoundDebit) => string,
): Promise<number> {
  const { centreId, playId } = await playAccounts(ctx, tx, round.memberId, round.venueCode);
  const { balancesMinor } = await applyTransfers(tx, debits.map((d) => ({
    debitAccountId: playId, creditAccountId: centreId, amountMinor: d.amountMinor, currency: 'CNY' as const, code: 'game_refund', reference: referenceFor(d),
  })));
  const ids = debits.map((d) => d.transactionId);
  await setDebitStates(tx, ctx.providerId, ids, 'rolled_back');
  await cancelGameBets(tx, round.venueCode, ids, ctx.now);
  const left = (await lockRoundDebits(tx, ctx.providerId, round.roundId)).filter(live);
  await updateRound(tx, ctx.providerId, round.roundId, left.length === 0 ? 'cancelled' : 'open', ctx.now);
  return balancesMinor.get(centreId) ?? (await centreBalanceOf(tx, round.memberId));
}

/**
 * A rollback: refunds a debit that no credit paid. A debit already paid is refused (kept);
 * a debit lobby never saw is tombstoned, so that it is refused should it arrive; a debit
 * already refunded or refused answers OK and moves nothing.
 */
export function rollBack(ctx: SeamlessContext, request: RollbackRequest, bodyHash: string): Promise<string> {
  const claim = {
    providerId: ctx.providerId, transactionId: request.transactionId, operation: 'rollback' as const, bodyHash, roundId: null,
    memberId: request.memberId ?? null, venueCode: null, amountMinor: 0, debitState: null, createdAt: ctx.now,
  };
  return applyOnce(ctx, claim, async (tx): Promise<Decided> => {
    const ref = await findTransaction(tx, ctx.providerId, request.refTransactionId);
    if (ref) return rollBackKnown(tx, ctx, request, ref);
    const tombstone = {
      ...claim, transactionId: request.refTransactionId, operation: 'bet' as const, bodyHash: null, debitState: 'rolled_back' as const,
    };
    if (await claimTransaction(tx, tombstone)) {
      const memberId = request.memberId ?? 0;
      return { answer: transactionAnswer(request.transactionId, null, memberId, memberId === 0 ? 0 : await centreBalanceOf(tx, memberId)) };
    }
    // The debit arrived while this rollback ran: roll back what it did.
    return rollBackKnown(tx, ctx, request, (await findTransaction(tx, ctx.providerId, request.refTransactionId))!);
  });
}

async function rollBackKnown(tx: Queryable, ctx: SeamlessContext, request: RollbackRequest, ref: TransactionRow): Promise<Decided> {
  const memberId = ref.memberId ?? request.memberId ?? 0;
  const balance = async () => (memberId === 0 ? 0 : centreBalanceOf(tx, memberId));
  if (ref.operation !== 'bet') return { answer: refusal('INVALID_REQUEST', `refTransactionId: names a ${ref.operation}, not a debit`, await balance()) };
  if (ref.bodyHash === null || ref.roundId === null) return { answer: transactionAnswer(request.transactionId, null, memberId, await balance()) };
  const round = await lockRound(tx, ctx.providerId, ref.roundId);
  const locked = (await findTransaction(tx, ctx.providerId, request.refTransactionId, true))!;
  if (locked.debitState === 'credited' || locked.debitState === 'settled') {
    return { answer: refusal('BET_ALREADY_SETTLED', 'refTransactionId: this debit was already paid by a win', await balance()) };
  }
  if (locked.debitState !== 'debited' || !round) return { answer: transactionAnswer(request.transactionId, null, memberId, await balance()) };
  const reference = referenceOf(ctx.providerId, request.transactionId);
  const debit = { transactionId: request.refTransactionId, memberId, venueCode: ref.venueCode!, amountMinor: ref.amountMinor, debitState: locked.debitState };
  const balanceMinor = await refundDebits(tx, ctx, { roundId: ref.roundId, memberId, venueCode: ref.venueCode! }, [debit], () => reference);
  return { answer: transactionAnswer(request.transactionId, reference, memberId, balanceMinor) };
}
