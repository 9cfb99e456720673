import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { PlayContext } from './play-service.js';
import { gameOf } from './play-service.js';
import type { StudioRound } from './rounds-repository.js';
import { activePair, pairById, seedOwnerOf, type SeedPair } from './seed-pairs.js';
import type { StudioSession } from './sessions.js';

/** The seeds a page shows: the hash of the secret server seed, the client seed, the next nonce. */
export interface SeedsView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A round as the game page and its history show it; the outcome once the round completed. */
export interface RoundView {
  roundId: string;
  gameCode: string;
  status: StudioRound['status'];
  stakeMinor: number;
  payoutMinor: number;
  result: string;
  bet: unknown;
  outcome: StudioRound['outcome'];
  serverSeedHash: string;
  /** Shown once the pair was rotated. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  createdAt: string;
}

export function seedsViewOf(pair: SeedPair): SeedsView {
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
}

export async function roundViewOf(db: Database, round: StudioRound): Promise<RoundView> {
  const pair = (await pairById(db, round.seedPairId))!;
  const completed = round.status === 'completed';
  return {
    roundId: round.roundId, gameCode: round.gameCode, status: round.status, stakeMinor: round.stakeMinor, payoutMinor: completed ? round.payoutMinor : 0,
    result: completed ? round.result : round.status, bet: round.bet, outcome: completed ? round.outcome : null, serverSeedHash: pair.serverSeedHash,
    serverSeed: pair.revealedAt ? pair.serverSeed : null, clientSeed: round.clientSeed, nonce: round.nonce, createdAt: round.createdAt.toISOString(),
  };
}

/** The balance a session plays with (fen): the sandbox venue wallet, lobby's centre wallet, or the demo's fun money. */
export async function sessionBalance(ctx: PlayContext, session: StudioSession): Promise<number> {
  if (session.wallet === 'demo') {
    const { rows } = await ctx.db.query<{ demo_balance_minor: string | number }>('SELECT demo_balance_minor FROM studio_sessions WHERE session_hash = $1', [session.sessionHash]);
    return Number(rows[0]?.demo_balance_minor ?? 0);
  }
  if (session.wallet === 'transfer') {
    const { rows } = await ctx.db.query<{ balance_minor: string | number }>('SELECT balance_minor FROM sandbox_venue_wallets WHERE venue_code = $1 AND member_id = $2', [
      session.venueCode, session.memberId,
    ]);
    return Number(rows[0]?.balance_minor ?? 0);
  }
  const answer = await ctx.lobbyFor(session.venueCode).balance(session.memberId!, session.venueCode);
  if (!answer.ok) throw new BusinessError('studioWalletUnavailable', `lobby's wallet did not answer the balance (${answer.code})`);
  return answer.answer.balanceMinor;
}

/** What a game page shows when it opens: the game, the balance and the seeds. */
export async function sessionInfo(ctx: PlayContext, session: StudioSession) {
  const game = gameOf(session.gameCode);
  const pair = await activePair(ctx.db, seedOwnerOf(session.memberId, session.sessionHash), session.venueCode, ctx.now());
  return {
    gameCode: game.code, venueCode: session.venueCode, demo: session.wallet === 'demo', walletModel: session.wallet, language: session.language,
    currency: 'CNY', balanceMinor: await sessionBalance(ctx, session), seeds: seedsViewOf(pair), expiresAt: session.expiresAt.toISOString(),
    game: { code: game.code, engine: game.engine, nameZh: game.nameZh, nameEn: game.nameEn, category: game.category, minStakeMinor: game.minStakeMinor, maxStakeMinor: game.maxStakeMinor, rtpBasisPoints: game.rtpBasisPoints, rules: game.rules },
  };
}
