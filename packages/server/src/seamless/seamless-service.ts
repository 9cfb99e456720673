import type { Database, Queryable } from '../db/database.js';
import type { BusinessError } from '../http/errors.js';
import { ensureAccounts } from '../ledger/index.js';
import { isMemberDisabled } from '../members/member-repository.js';
import { lockMember, playRefusal } from '../responsible/guard.js';
import {
  claimTransaction, findTransaction, storeAnswer, type DebitState, type NewTransaction, type TransactionRow,
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
 * the transaction that claimed the id (a rollback; bet and win are one statement each).
 */
export async function applyOnce(ctx: SeamlessContext, claim: NewTransaction & { bodyHash: string }, work: (tx: Queryable) => Promise<Decided>): Promise<string> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await claimTransaction(tx, claim))) {
        const found = await findTransaction(tx, ctx.providerId, claim.transactionId, true);
        if (found?.answer) return repeatOf(found, claim.bodyHash);
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

/**
 * An answer text up to the balance: `JSON.stringify(answer)` of an answer whose last field is
 * `balanceMinor` (given as 0), without that 0 and the closing brace. The database appends the
 * balance digits and `}` (migration 0731), so kept answers stay what JSON.stringify gives.
 */
export function headBeforeBalance(answer: TransactionAnswer | ErrorAnswer): string {
  const text = JSON.stringify(answer);
  if (!text.endsWith('"balanceMinor":0}')) throw new Error('seamless answer: balanceMinor must be its last field, given as 0');
  return text.slice(0, -2);
}

/** The unkept refusals migration 0731's functions raise (SQLSTATE SW400, SW404, SW409), with the message they raise. */
const RAISED: Record<string, SeamlessErrorCode> = { SW400: 'INVALID_REQUEST', SW404: 'BET_NOT_FOUND', SW409: 'TRANSACTION_CONFLICT' };

/** Runs one of migration 0731's functions (one statement: it commits or changes nothing), mapping its raised refusals to answers. */
export async function callOnce(ctx: SeamlessContext, sql: string, params: unknown[], prepareAs: string): Promise<string> {
  const answer = await callOnceOrNull(ctx, sql, params, prepareAs);
  if (answer === null) throw new Error('seamless: the statement gave no answer');
  return answer;
}

/** callOnce for a function that may answer NULL (rp_seamless_bet: the play guard must see the member; nothing was written). */
async function callOnceOrNull(ctx: SeamlessContext, sql: string, params: unknown[], prepareAs: string): Promise<string | null> {
  try {
    // A named statement: PostgreSQL parses and plans the call once per connection, not per request.
    const { rows } = await ctx.db.query<{ answer: string | null }>(sql, params, { prepareAs });
    return rows[0]!.answer;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code in RAISED) return JSON.stringify(refusal(RAISED[code]!, (error as Error).message));
    throw error;
  }
}

/**
 * A bet: debits the member's centre wallet to `venue_play:<venue>` and records an open
 * bet in `game_bets`. Not enough money answers INSUFFICIENT_FUNDS with the real balance.
 * One statement, `seamless_bet` (migration 0731): claim, round, ledger, bet and kept answer.
 */
export async function placeBet(ctx: SeamlessContext, request: BetRequest, bodyHash: string): Promise<string> {
  const reference = referenceOf(ctx.providerId, request.transactionId);
  const params = [
    ctx.providerId, request.transactionId, bodyHash, request.roundId, request.memberId, request.venueCode, request.gameCode, request.amountMinor,
    ctx.now, venuePlaySlotKind(request.venueCode, request.memberId), reference,
    headBeforeBalance(transactionAnswer(request.transactionId, reference, request.memberId, 0)),
    headBeforeBalance(refusal('INSUFFICIENT_FUNDS', `amountMinor: ${request.amountMinor} is more than the balance`, 0)),
    headBeforeBalance(refusal('ROUND_CLOSED', 'roundId: this round is over', 0)),
    headBeforeBalance(refusal('BET_ROLLED_BACK', 'transactionId: this debit was rolled back before it arrived', 0)),
  ];
  // rp_seamless_bet (migrations 1210, 1230): seamless_bet for a member not disabled, without a limit or a break; NULL (nothing written) otherwise.
  const answer = await callOnceOrNull(ctx, 'SELECT rp_seamless_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) AS answer', params, 'lobby_rp_seamless_bet');
  if (answer !== null) return answer;
  return guardedBet(ctx, request, params);
}

/** True for a refusal by a time-out or self-exclusion (281001-281099): the member may not play at all. */
const isBreakRefusal = (error: BusinessError) => error.code >= 281_001 && error.code <= 281_099;

/**
 * A bet of a disabled member, or of a member with a limit or a break (issue 22,
 * docs/RESPONSIBLE-PLAY.md "Where money moves"), in ONE transaction: the member's rp lock is
 * taken, a transaction id lobby has seen goes straight to seamless_bet (its kept answer is
 * replayed, never refused afresh), a new one of a disabled member is refused, any other new
 * one asks the play guard (door 'seamlessBet', the stake) before seamless_bet moves the money.
 * A refusal is not kept (the claim is never made): PLAYER_BLOCKED for a disabled account, a
 * time-out or self-exclusion, LIMIT_REACHED for the session-time, stake, loss or wager limits,
 * with the guard's message (which limit, when it resets) and the real balance.
 */
async function guardedBet(ctx: SeamlessContext, request: BetRequest, params: unknown[]): Promise<string> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockMember(tx, request.memberId);
      if (!(await findTransaction(tx, ctx.providerId, request.transactionId))) {
        if (await isMemberDisabled(tx, request.memberId)) {
          throw new UnkeptRefusal(refusal('PLAYER_BLOCKED', 'memberId: this account is disabled', await centreBalanceOf(tx, request.memberId)));
        }
        const refused = await playRefusal(tx, { memberId: request.memberId, door: 'seamlessBet', amountMinor: request.amountMinor, at: ctx.now });
        if (refused) {
          const code: SeamlessErrorCode = isBreakRefusal(refused) ? 'PLAYER_BLOCKED' : 'LIMIT_REACHED';
          throw new UnkeptRefusal(refusal(code, refused.message, await centreBalanceOf(tx, request.memberId)));
        }
      }
      const { rows } = await tx.query<{ answer: string }>('SELECT seamless_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) AS answer', params);
      return rows[0]!.answer;
    });
  } catch (error) {
    if (error instanceof UnkeptRefusal) return JSON.stringify(error.answer);
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code in RAISED) return JSON.stringify(refusal(RAISED[code]!, (error as Error).message));
    throw error;
  }
}
