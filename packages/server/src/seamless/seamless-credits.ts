import type { Queryable } from '../db/database.js';
import { applyTransfers } from '../ledger/index.js';
import {
  addPayout, cancelGameBets, claimTransaction, completeRoundKeeping, findTransaction, lockRound, lockRoundDebits, setDebitStates, settleGameBets, updateRound,
  type RoundDebit, type TransactionRow,
} from './seamless-repository.js';
import type { RollbackRequest, WinRequest } from './seamless-protocol.js';
import {
  UnkeptRefusal, applyOnce, centreBalanceOf, playAccounts, referenceOf, refusal, transactionAnswer, type Decided, type SeamlessContext,
} from './seamless-service.js';

const live = (debit: RoundDebit) => debit.debitState === 'debited' || debit.debitState === 'credited';

/**
 * A win (a credit; 0 records a loss): pays the round's debits (or those named) from
 * `venue_play:<venue>` into the centre wallet. Refused, and kept, when a debit it pays was
 * rolled back or its round is over; refused, not kept, while lobby has not seen the debit.
 * A win that ends the round settles every live bet of it (valid bet = stake).
 */
export function payWin(ctx: SeamlessContext, request: WinRequest, bodyHash: string): Promise<string> {
  const claim = {
    providerId: ctx.providerId, transactionId: request.transactionId, operation: 'win' as const, bodyHash, roundId: request.roundId,
    memberId: null, venueCode: null, amountMinor: request.amountMinor, debitState: null, createdAt: ctx.now,
  };
  return applyOnce(ctx, claim, async (tx) => {
    const round = await lockRound(tx, ctx.providerId, request.roundId);
    if (!round) throw new UnkeptRefusal(refusal('BET_NOT_FOUND', 'roundId: lobby has no debit of this round'));
    const balance = () => centreBalanceOf(tx, round.memberId);
    if (round.status === 'cancelled') return { answer: refusal('BET_ROLLED_BACK', 'roundId: this round was cancelled and its debits refunded', await balance()) };
    if (round.status === 'completed') return { answer: refusal('ROUND_CLOSED', 'roundId: this round is over', await balance()) };
    const debits = await lockRoundDebits(tx, ctx.providerId, request.roundId);
    const paid = debitsPaidBy(request, debits);
    if (typeof paid === 'string') {
      if (paid === 'BET_NOT_FOUND') throw new UnkeptRefusal(refusal('BET_NOT_FOUND', 'betTransactionIds: lobby has no such debit in this round'));
      return { answer: refusal('BET_ROLLED_BACK', 'betTransactionIds: a debit this win pays was rolled back', await balance()) };
    }
    let balanceMinor: number | undefined;
    let reference: string | null = null;
    if (request.amountMinor > 0) {
      const { centreId, playId } = await playAccounts(ctx, tx, round.memberId, round.venueCode);
      reference = referenceOf(ctx.providerId, request.transactionId);
      const applied = await applyTransfers(tx, [{ debitAccountId: playId, creditAccountId: centreId, amountMinor: request.amountMinor, currency: 'CNY', code: 'game_win', reference }]);
      balanceMinor = applied.balancesMinor.get(centreId);
    }
    const answer = transactionAnswer(request.transactionId, reference, round.memberId, balanceMinor ?? (await balance()));
    if (request.roundEnded ?? true) {
      const ended = {
        roundId: request.roundId, venueCode: round.venueCode, liveDebitIds: debits.filter(live).map((d) => d.transactionId),
        payoutBetId: paid[0]!.transactionId, payoutMinor: request.amountMinor, at: ctx.now,
      };
      return { answer, keepWith: (kept, text) => completeRoundKeeping(kept, ended, { providerId: ctx.providerId, transactionId: request.transactionId, answer: text }) };
    }
    if (request.amountMinor > 0) await addPayout(tx, round.venueCode, paid[0]!.transactionId, request.amountMinor);
    await setDebitStates(tx, ctx.providerId, paid.map((d) => d.transactionId), 'credited');
    await updateRound(tx, ctx.providerId, request.roundId, 'open', ctx.now);
    return { answer };
  });
}

/** The debits a win pays, or why it cannot pay them. */
function debitsPaidBy(request: WinRequest, debits: readonly RoundDebit[]): RoundDebit[] | 'BET_NOT_FOUND' | 'BET_ROLLED_BACK' {
  if (request.betTransactionIds === undefined) {
    const open = debits.filter(live);
    if (open.length > 0) return open;
    return debits.some((d) => d.debitState === 'rolled_back') ? 'BET_ROLLED_BACK' : 'BET_NOT_FOUND';
  }
  const named = request.betTransactionIds.map((id) => debits.find((d) => d.transactionId === id));
  if (named.some((d) => d === undefined)) return 'BET_NOT_FOUND';
  if (named.some((d) => !live(d!))) return 'BET_ROLLED_BACK';
  return named as RoundDebit[];
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
