import { randomUUID } from 'node:crypto';
import { playRound, studioGame, validateBet, type RoundBet, type StudioGame } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { LobbyWallet } from './lobby-wallet.js';
import { insertRound, roundByRequest, updateRound, type StudioRound } from './rounds-repository.js';
import { seedOwnerOf, takeNonce } from './seed-pairs.js';
import type { StudioSession } from './sessions.js';
import { lockVenueBalance, settleInstantBet } from './venue-wallet.js';

/** What playing needs: the database, lobby's seamless wallet of a venue (faults applied), the clock. */
export interface PlayContext {
  db: Database;
  lobbyFor(venueCode: string): LobbyWallet;
  now(): Date;
}

/** A round request id the page sends once per round (and again on a retry). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The game of a session, or BusinessError studioGameUnknown. */
export function gameOf(gameCode: string): StudioGame {
  const game = studioGame(gameCode);
  if (!game) throw new BusinessError('studioGameUnknown', `game: no game ${gameCode} at the studio`);
  return game;
}

/** Live (3) and lottery (4) games play in shared rounds (studio/tables/), never as a round of one session. */
const SHARED_CATEGORIES: ReadonlySet<number> = new Set([3, 4]);

/** Credits are sent again this many times (each send itself retried by the client) before the round waits for the sweep. */
const CREDIT_ROUNDS = 3;

/**
 * Plays one round of a session: takes the owner's next nonce, computes the outcome with
 * the sdk's `playRound`, and moves the money by the session's wallet model. A repeat of a
 * request id answers the round it made. Answers the round and the balance after it.
 */
export async function playSessionRound(ctx: PlayContext, session: StudioSession, requestId: unknown, bet: unknown): Promise<{ round: StudioRound; balanceMinor: number | null }> {
  if (typeof requestId !== 'string' || !REQUEST_ID_PATTERN.test(requestId)) throw new BusinessError('studioRequestIdInvalid', 'requestId: 8 to 64 letters, digits, _ or -');
  const game = gameOf(session.gameCode);
  if (SHARED_CATEGORIES.has(game.category)) throw new BusinessError('studioBetInvalid', `game: ${game.code} is played in shared rounds (the live table or the lottery draw), not alone`);
  const problem = validateBet(game, bet);
  if (problem) throw new BusinessError('studioBetInvalid', `bet: ${problem}`);
  const earlier = await roundByRequest(ctx.db, session.sessionHash, requestId);
  if (earlier) return { round: await finishRound(ctx, earlier), balanceMinor: null };
  try {
    if (session.wallet === 'seamless') return await playSeamless(ctx, session, game, requestId, bet as RoundBet);
    return await ctx.db.transaction((tx) => playInstant(tx, ctx.now(), session, game, requestId, bet as RoundBet));
  } catch (error) {
    // Two deliveries of one request race: the loser finds the winner's round.
    const raced = await roundByRequest(ctx.db, session.sessionHash, requestId);
    if (raced && !(error instanceof BusinessError)) return { round: await finishRound(ctx, raced), balanceMinor: null };
    throw error;
  }
}

async function newRound(tx: Queryable, now: Date, session: StudioSession, game: StudioGame, requestId: string, bet: RoundBet): Promise<StudioRound> {
  const { pair, nonce } = await takeNonce(tx, seedOwnerOf(session.memberId, session.sessionHash), session.venueCode, now);
  const outcome = await playRound(game, { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce }, bet);
  return {
    roundId: randomUUID(), sessionHash: session.sessionHash, requestId, memberId: session.memberId, venueCode: session.venueCode, gameCode: game.code,
    wallet: session.wallet, seedPairId: pair.id, clientSeed: pair.clientSeed, nonce, bet, outcome, result: outcome.result,
    stakeMinor: outcome.stakeMinor, payoutMinor: outcome.payoutMinor, status: 'completed', walletStep: 'done', createdAt: now, settledAt: now,
  };
}

/** Transfer and demo rounds: stake, outcome and payout in one transaction, so no such round is ever left open. */
async function playInstant(tx: Queryable, now: Date, session: StudioSession, game: StudioGame, requestId: string, bet: RoundBet) {
  const round = await newRound(tx, now, session, game, requestId, bet);
  let balanceMinor: number | undefined;
  if (session.wallet === 'demo') {
    const { rows } = await tx.query<{ demo_balance_minor: string | number }>('SELECT demo_balance_minor FROM studio_sessions WHERE session_hash = $1 FOR UPDATE', [session.sessionHash]);
    const balance = Number(rows[0]!.demo_balance_minor);
    if (balance >= round.stakeMinor) {
      balanceMinor = balance - round.stakeMinor + round.payoutMinor;
      await tx.query('UPDATE studio_sessions SET demo_balance_minor = $2 WHERE session_hash = $1', [session.sessionHash, balanceMinor]);
    }
  } else {
    balanceMinor = await settleInstantBet(tx, {
      venueCode: round.venueCode, betId: round.roundId, roundId: round.roundId, version: 1, memberId: session.memberId!, gameCode: game.code,
      stakeMinor: round.stakeMinor, payoutMinor: round.payoutMinor, status: 'settled', result: round.result, placedAt: now, settledAt: now,
    }, now);
  }
  if (balanceMinor === undefined) throw insufficient(session.wallet === 'demo' ? null : await lockVenueBalance(tx, session.venueCode, session.memberId!), round.stakeMinor);
  await insertRound(tx, round);
  return { round, balanceMinor };
}

function insufficient(balanceMinor: number | null, stakeMinor: number): BusinessError {
  return new BusinessError('studioInsufficientBalance', `balance: ${balanceMinor ?? 'fun money'} does not cover the stake ${stakeMinor} (fen)`, { balanceMinor, stakeMinor });
}

/**
 * Seamless rounds: the round is stored open first (its seeds taken), then lobby is asked to
 * debit the stake; the credit (0 on a loss) follows only after the debit was accepted. A
 * debit with no clear answer is rolled back; a credit is sent again until lobby pays it.
 */
async function playSeamless(ctx: PlayContext, session: StudioSession, game: StudioGame, requestId: string, bet: RoundBet) {
  const now = ctx.now();
  const round = await ctx.db.transaction(async (tx) => {
    const made = { ...(await newRound(tx, now, session, game, requestId, bet)), status: 'open' as const, walletStep: 'debit' as const, settledAt: null };
    await insertRound(tx, made);
    return made;
  });
  const lobby = ctx.lobbyFor(session.venueCode);
  const debit = await lobby.bet({
    transactionId: `${round.roundId}:bet`, roundId: round.roundId, memberId: session.memberId!, venueCode: session.venueCode, gameCode: game.code, amountMinor: round.stakeMinor,
  });
  if (!debit.ok && debit.code === 'INSUFFICIENT_FUNDS') {
    await updateRound(ctx.db, round.roundId, 'cancelled', 'done', ctx.now());
    throw insufficient(debit.balanceMinor ?? null, round.stakeMinor);
  }
  if (!debit.ok) {
    await updateRound(ctx.db, round.roundId, 'open', 'rollback', ctx.now());
    const finished = await finishRound(ctx, { ...round, walletStep: 'rollback' });
    throw new BusinessError('studioWalletUnavailable', `lobby's wallet did not take the stake (${debit.code}); the round is ${finished.status}`, { roundId: round.roundId });
  }
  await updateRound(ctx.db, round.roundId, 'open', 'credit', ctx.now());
  const { round: finished, balanceMinor } = await driveRound(ctx, { ...round, walletStep: 'credit' });
  return { round: finished, balanceMinor: balanceMinor ?? debit.answer.balanceMinor };
}

/**
 * Drives an open seamless round to its end: a debit of unknown fate or an owed rollback is
 * rolled back (cancelled); an owed credit is sent until paid (completed). Rounds of other
 * wallets, and ended rounds, are answered as they are. A round whose wallet call still
 * fails stays open for the next resume or sweep.
 */
export async function finishRound(ctx: PlayContext, round: StudioRound): Promise<StudioRound> {
  return (await driveRound(ctx, round)).round;
}

/** finishRound, with the balance lobby answered to the call that ended the round. */
async function driveRound(ctx: PlayContext, round: StudioRound): Promise<{ round: StudioRound; balanceMinor: number | null }> {
  if (round.status !== 'open' || round.wallet !== 'seamless') return { round, balanceMinor: null };
  const lobby = ctx.lobbyFor(round.venueCode);
  for (let attempt = 0; attempt < CREDIT_ROUNDS; attempt += 1) {
    if (round.walletStep === 'credit') {
      const credit = await lobby.win({ transactionId: `${round.roundId}:win`, roundId: round.roundId, betTransactionIds: [`${round.roundId}:bet`], amountMinor: round.payoutMinor, roundEnded: true });
      if (credit.ok) {
        await updateRound(ctx.db, round.roundId, 'completed', 'done', ctx.now());
        return { round: { ...round, status: 'completed', walletStep: 'done', settledAt: ctx.now() }, balanceMinor: credit.answer.balanceMinor };
      }
      if (credit.code === 'BET_ROLLED_BACK' || credit.code === 'ROUND_CLOSED' || credit.code === 'BET_NOT_FOUND') {
        // Lobby ended the round without this credit (its own bound passed): the stake came back.
        await updateRound(ctx.db, round.roundId, 'cancelled', 'done', ctx.now());
        return { round: { ...round, status: 'cancelled', walletStep: 'done', settledAt: ctx.now() }, balanceMinor: null };
      }
    } else {
      const refund = await lobby.rollback({ transactionId: `${round.roundId}:rollback`, refTransactionId: `${round.roundId}:bet` });
      if (refund.ok || refund.code === 'BET_ROLLED_BACK' || refund.code === 'BET_NOT_FOUND') {
        await updateRound(ctx.db, round.roundId, 'cancelled', 'done', ctx.now());
        return { round: { ...round, status: 'cancelled', walletStep: 'done', settledAt: ctx.now() }, balanceMinor: refund.ok ? refund.answer.balanceMinor : null };
      }
      if (refund.code === 'BET_ALREADY_SETTLED') {
        await updateRound(ctx.db, round.roundId, 'completed', 'done', ctx.now());
        return { round: { ...round, status: 'completed', walletStep: 'done', settledAt: ctx.now() }, balanceMinor: null };
      }
    }
  }
  return { round, balanceMinor: null };
}
