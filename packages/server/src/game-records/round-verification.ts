import { fromMinor, type RoundVerification } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import type { GameProvider, RoundDetail } from '../games/game-provider.js';

/** What bet records need of the game provider: one round's verification data. */
export type RoundDetailSource = Pick<GameProvider, 'roundDetail'>;

/**
 * The app's game provider (`app.gameProvider`, decorated by the games feature), read when a
 * request comes, so this feature depends on the adapter's interface only.
 */
export function roundSourceOf(app: FastifyInstance): RoundDetailSource | undefined {
  return (app as unknown as { gameProvider?: RoundDetailSource }).gameProvider;
}

/**
 * The member's round as the provider tells it, or null when the provider has no such round,
 * tells it for another member or venue, or cannot be asked now (the bet record still shows).
 */
export async function verificationOf(
  source: RoundDetailSource | undefined,
  bet: { venueCode: string; roundId: string },
  memberId: number,
  log: (error: unknown) => void,
): Promise<RoundVerification | null> {
  if (!source) return null;
  let detail: RoundDetail | undefined;
  try {
    detail = await source.roundDetail(bet.venueCode, bet.roundId);
  } catch (error) {
    log(error);
    return null;
  }
  if (!detail || detail.memberId !== memberId || detail.venueCode !== bet.venueCode || detail.roundId !== bet.roundId) return null;
  return {
    roundId: detail.roundId, gameCode: detail.gameCode, serverSeedHash: detail.serverSeedHash, serverSeed: detail.serverSeed,
    clientSeed: detail.clientSeed, nonce: detail.nonce, bet: detail.bet, outcome: detail.outcome,
    stake: fromMinor(detail.stakeMinor, 2), payout: fromMinor(detail.payoutMinor, 2), status: detail.status,
  };
}
