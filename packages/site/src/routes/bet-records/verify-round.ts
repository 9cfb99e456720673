import { playRound, serverSeedHash, studioGame, type RoundBet, type RoundVerification } from '@lobby/sdk';

/** What the verify view tells about a round. */
export type Verification =
  | { kind: 'unavailable' }
  | { kind: 'unrevealed'; serverSeedHash: string }
  | { kind: 'unknownGame'; gameCode: string }
  | { kind: 'checked'; hashMatches: boolean; outcomeMatches: boolean; result: string; payoutMinor: number };

/** JSON with object keys sorted, so two equal values print the same whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Recomputes a round in the browser (the sdk's playRound on WebCrypto's HMAC-SHA256) and
 * compares it with what the provider paid on: the revealed server seed must hash to the
 * hash shown before play, and the same seeds, nonce and bet must give the same outcome.
 *
 * @example await verifyRound(detail.round) // { kind: 'checked', hashMatches: true, outcomeMatches: true, ... }
 */
export async function verifyRound(round: RoundVerification | null): Promise<Verification> {
  if (!round) return { kind: 'unavailable' };
  if (round.serverSeed === null) return { kind: 'unrevealed', serverSeedHash: round.serverSeedHash };
  const game = studioGame(round.gameCode);
  if (!game) return { kind: 'unknownGame', gameCode: round.gameCode };
  const hashMatches = (await serverSeedHash(round.serverSeed)) === round.serverSeedHash;
  try {
    const outcome = await playRound(game, { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce }, round.bet as RoundBet);
    return { kind: 'checked', hashMatches, outcomeMatches: canonical(outcome) === canonical(round.outcome), result: outcome.result, payoutMinor: outcome.payoutMinor };
  } catch {
    // A bet the engine refuses cannot have produced the provider's outcome.
    return { kind: 'checked', hashMatches, outcomeMatches: false, result: '', payoutMinor: 0 };
  }
}
