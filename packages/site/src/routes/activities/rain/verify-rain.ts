import { verifyFairRecord, type RainRound } from '@lobby/sdk';

/** A rain round's check in this browser: it recomputes, it does not, or this browser cannot compute it. */
export type RainCheck = 'matches' | 'mismatch' | 'unavailable';

/**
 * Recomputes a revealed rain round's split in this browser (WebCrypto; docs/RED-PACKET-RAIN.md):
 * the seed hashes to the published commitment and the split gives every packet. Without
 * WebCrypto (a plain http page, an old browser) it answers `unavailable`, never a verdict,
 * and the page shows the values to check elsewhere.
 *
 * @example await verifyRainRound(round) // 'matches'
 */
export async function verifyRainRound(round: RainRound): Promise<RainCheck> {
  try {
    const check = await verifyFairRecord({
      serverSeed: round.serverSeed, seedHash: round.seedHash, clientSeed: round.clientSeed, nonce: round.nonce,
      rule: { kind: 'split', totalMinor: round.totalMinor, parts: round.parts, minEachMinor: round.minEachMinor }, result: round.packetsMinor,
    });
    return check.hashMatches && check.resultMatches ? 'matches' : 'mismatch';
  } catch {
    return 'unavailable';
  }
}
