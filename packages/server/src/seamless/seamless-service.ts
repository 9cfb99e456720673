import type { Database, Queryable } from '../db/database.js';
import { LedgerError, applyTransfers, ensureAccounts } from '../ledger/index.js';
import {
  claimTransaction, fillTombstone, findTransaction, insertGameBetKeeping, recordCancelledRound, storeAnswer, touchOpenRound,
  type DebitState, type NewTransaction, type TransactionRow,
} from './seamless-repository.js';
import type { BalanceAnswer, BetRequest, ErrorAnswer, SeamlessErrorCode, TransactionAnswer } from './seamless-protocol.js';

/**
 * The seamless wallet's rules (issue 18, docs/SEAMLESS-WALLET.md), shared by bet, win and
 * rollback: each provider transaction id is applied once, in one database transaction
 * that claims the id, moves the money and keeps the serialized answer; a repeat with the
 * same body gets that answer byte for byte, a repeat with another body is refused.
 */

/** What an operation runs with. */
export interface SeamlessContext {
  db: Database;
  providerId: string;
  now: Date;
}

/** What a request's work decided: the answer to keep and, for a bet, where its debit stands. */
export interface Decided {
  answer: TransactionAnswer | ErrorAnswer;
  debitState?: DebitState;
  /** Keeps the serialized answer together with the operation's last writes, in one statement; storeAnswer otherwise. */
  keepWith?: (tx: Queryable, answer: string) => Promise<void>;
}

/**
 * A refusal that is not kept: the same transaction id may succeed later (a win whose
 * debit lobby has not seen yet) or the request itself is wrong. Thrown inside the
 * transaction, so the claim of the id rolls back with it.
 */
export class UnkeptRefusal extends Error {
  constructor(readonly answer: ErrorAnswer) {
    super(`${answer.code}: ${answer.message}`);
  }
}

export const refusal = (code: SeamlessErrorCode, message: string, balanceMinor?: number): ErrorAnswer =>
  balanceMinor === undefined ? { status: 'ERROR', code, message } : { status: 'ERROR', code, message, balanceMinor };

export const balanceAnswer = (memberId: number, balanceMinor: number): BalanceAnswer => ({ status: 'OK', memberId, currency: 'CNY', balanceMinor });

export const transactionAnswer = (transactionId: string, reference: string | null, memberId: number, balanceMinor: number): TransactionAnswer => ({
  status: 'OK', transactionId, reference, memberId, currency: 'CNY', balanceMinor,
});

/** The ledger reference of a provider transaction's movement (unique: a second posting fails). */
export const referenceOf = (providerId: string, transactionId: string) => `seamless:${providerId}:${transactionId}`;

/** The member's centre wallet balance in fen (0 before the wallet exists). */
export async function centreBalanceOf(q: Queryable, memberId: number): Promise<number> {
  const { rows } = await q.query<{ balance_minor: string | number }>(
    `SELECT balance_minor FROM ledger_accounts WHERE member_id = $1 AND kind = 'centre' AND currency = 'CNY'`,
    [memberId],
  );
  return rows[0] ? Number(rows[0].balance_minor) : 0;
}

/**
 * The venue's side of seamless play is spread over this many accounts, `venue_play:<code>.<slot>`
 * with slot = member id mod 16 (as the house's coin slots): one account would be one row
 * every bet of every member locks until it commits. The venue's position is their sum.
 */
export const VENUE_PLAY_SLOTS = 16;

/** @example venuePlaySlotKind('LBSTUDIO', 42) // 'venue_play:LBSTUDIO.10' */
export const venuePlaySlotKind = (venueCode: string, memberId: number) => `venue_play:${venueCode}.${memberId % VENUE_PLAY_SLOTS}` as const;

/** Account ids by key, per database: accounts are never deleted and their identity never changes. */
const accountIds = new WeakMap<Database, Map<string, number>>();
const ACCOUNT_ID_CACHE_MAX = 200_000;

/**
 * The ids of the member's centre wallet and of the venue's play account of the member's
 * slot, created on first use and then remembered in process.
 */
export async function playAccounts(ctx: SeamlessContext, q: Queryable, memberId: number, venueCode: string): Promise<{ centreId: number; playId: number }> {
  let ids = accountIds.get(ctx.db);
  if (!ids) accountIds.set(ctx.db, (ids = new Map()));
  const playKind = venuePlaySlotKind(venueCode, memberId);
  const centreId = ids.get(`centre:${memberId}`);
  const playId = ids.get(playKind);
  if (centreId !== undefined && playId !== undefined) return { centreId, playId };
  const [centre, play] = await ensureAccounts(q, [
    { memberId, kind: 'centre', currency: 'CNY' },
    { memberId: null, kind: playKind, currency: 'CNY' },
  ]);
  if (ids.size >= ACCOUNT_ID_CACHE_MAX) ids.clear();
  ids.set(`centre:${memberId}`, centre!.id).set(playKind, play!.id);
  return { centreId: centre!.id, playId: play!.id };
}

/** A repeat of a kept transaction: its first answer, or TRANSACTION_CONFLICT when the body differs. */
function repeatOf(earlier: TransactionRow, bodyHash: string): string {
  if (earlier.bodyHash === bodyHash && earlier.answer !== null) return earlier.answer;
  throw new UnkeptRefusal(refusal('TRANSACTION_CONFLICT', 'transactionId: already used with another body'));
}

/**
 * Applies a provider transaction once and answers its serialized answer. `work` runs in
 * the transaction that claimed the id; a tombstone met by a bet is refused in its place.
 */
export async function applyOnce(ctx: SeamlessContext, claim: NewTransaction & { bodyHash: string }, work: (tx: Queryable) => Promise<Decided>): Promise<string> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await claimTransaction(tx, claim))) {
        const found = await findTransaction(tx, ctx.providerId, claim.transactionId, true);
        if (found?.answer) return repeatOf(found, claim.bodyHash);
        if (found && claim.operation === 'bet') return refuseLateBet(tx, ctx, claim);
        throw new UnkeptRefusal(refusal('TRANSACTION_CONFLICT', 'transactionId: already names a rolled back debit'));
      }
      const decided = await work(tx);
      const body = JSON.stringify(decided.answer);
      if (decided.keepWith) await decided.keepWith(tx, body);
      else await storeAnswer(tx, ctx.providerId, claim.transactionId, body, decided.debitState);
      return body;
    });
  } catch (error) {
    if (error instanceof UnkeptRefusal) return JSON.stringify(error.answer);
    throw error;
  }
}

/** A bet whose rollback came first: refused and kept, nothing moves; its round is recorded cancelled. */
async function refuseLateBet(tx: Queryable, ctx: SeamlessContext, claim: NewTransaction & { bodyHash: string }): Promise<string> {
  const memberId = claim.memberId!;
  const body = JSON.stringify(refusal('BET_ROLLED_BACK', 'transactionId: this debit was rolled back before it arrived', await centreBalanceOf(tx, memberId)));
  await fillTombstone(tx, ctx.providerId, claim.transactionId, claim.bodyHash, body);
  await recordCancelledRound(tx, { providerId: ctx.providerId, roundId: claim.roundId!, memberId, venueCode: claim.venueCode!, gameCode: '', at: ctx.now });
  return body;
}

/**
 * A bet: debits the member's centre wallet to `venue_play:<venue>` and records an open
 * bet in `game_bets`. Not enough money answers INSUFFICIENT_FUNDS with the real balance.
 */
export function placeBet(ctx: SeamlessContext, request: BetRequest, bodyHash: string): Promise<string> {
  const claim = {
    providerId: ctx.providerId, transactionId: request.transactionId, operation: 'bet' as const, bodyHash, roundId: request.roundId,
    memberId: request.memberId, venueCode: request.venueCode, amountMinor: request.amountMinor, debitState: 'debited' as const, createdAt: ctx.now,
  };
  return applyOnce(ctx, claim, async (tx) => {
    const round = await touchOpenRound(tx, { ...claim, gameCode: request.gameCode, at: ctx.now });
    if (!round) return { answer: refusal('ROUND_CLOSED', 'roundId: this round is over', await centreBalanceOf(tx, request.memberId)), debitState: 'refused' };
    if (round.memberId !== request.memberId || round.venueCode !== request.venueCode) {
      throw new UnkeptRefusal(refusal('INVALID_REQUEST', 'roundId: belongs to another member or venue'));
    }
    const { centreId, playId } = await playAccounts(ctx, tx, request.memberId, request.venueCode);
    try {
      const { balancesMinor } = await applyTransfers(tx, [{
        debitAccountId: centreId, creditAccountId: playId, amountMinor: request.amountMinor, currency: 'CNY',
        code: 'game_bet', reference: referenceOf(ctx.providerId, request.transactionId),
      }]);
      const reference = referenceOf(ctx.providerId, request.transactionId);
      const bet = {
        venueCode: request.venueCode, betId: request.transactionId, roundId: request.roundId, memberId: request.memberId,
        gameCode: request.gameCode, stakeMinor: request.amountMinor, placedAt: ctx.now,
      };
      return {
        answer: transactionAnswer(request.transactionId, reference, request.memberId, balancesMinor.get(centreId)!),
        keepWith: (kept, answer) => insertGameBetKeeping(kept, bet, { providerId: ctx.providerId, transactionId: request.transactionId, answer }),
      };
    } catch (error) {
      if (!(error instanceof LedgerError) || error.rule !== 'exceedsBalance') throw error;
      const message = `amountMinor: ${request.amountMinor} is more than the balance`;
      return { answer: refusal('INSUFFICIENT_FUNDS', message, await centreBalanceOf(tx, request.memberId)), debitState: 'refused' };
    }
  });
}
