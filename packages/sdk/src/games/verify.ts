/** The verify view's check of one round: the seed matches the hash shown before play, and the round recomputes to what was paid. */
import { serverSeedHash } from './fair.js';
import { playRound } from './play.js';
import type { RoundBet, RoundOutcome, StudioGame } from './types.js';

export interface VerifyRoundInput {
  serverSeed: string;
  /** The hash shown before the round was played. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bet: unknown;
  /** The outcome the provider paid on. */
  outcome: unknown;
}

export interface VerifyRoundResult {
  hashMatches: boolean;
  outcomeMatches: boolean;
  /** The outcome computed here; null when the bet itself is not valid for the game. */
  recomputed: RoundOutcome | null;
}

/** Deep equality of JSON values, object keys in any order (a database may reorder them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Recomputes a revealed round in this browser (WebCrypto) and compares it with what was paid.
 * @example const { hashMatches, outcomeMatches } = await verifyRound(studioGame(detail.gameCode)!, detail);
 */
export async function verifyRound(game: StudioGame, round: VerifyRoundInput): Promise<VerifyRoundResult> {
  const hashMatches = (await serverSeedHash(round.serverSeed)) === round.serverSeedHash.toLowerCase();
  let recomputed: RoundOutcome | null = null;
  try {
    recomputed = await playRound(game, { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce }, round.bet as RoundBet);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  return { hashMatches, outcomeMatches: recomputed !== null && sameJson(recomputed, round.outcome), recomputed };
}
