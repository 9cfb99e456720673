import { byteSourceOfBlocks, fairBytes, rollDice, serverSeedHash, type LotteryDrawDetail } from '@lobby/sdk';

export type DrawCheck =
  | { ok: true; dice: readonly number[] }
  | { ok: false; problem: 'hashMismatch' }
  | { ok: false; problem: 'diceMismatch'; dice: readonly number[] }
  /** This browser cannot compute SHA-256 or HMAC (no WebCrypto: a plain http page, an old browser): nothing was checked. */
  | { ok: false; problem: 'unavailable' };

/**
 * Checks a revealed draw in this browser (WebCrypto): SHA-256 of the server seed is the hash
 * published before the draw, and HMAC-SHA256(seed, "clientSeed:nonce") read as the dice engine
 * reads it gives the drawn dice (docs/PROVABLY-FAIR.md). Without WebCrypto it answers
 * `unavailable`, never a verdict.
 *
 * @example await verifyDraw(detail) // { ok: true, dice: [2, 3, 6] }
 */
export async function verifyDraw(draw: Pick<LotteryDrawDetail, 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'dice'>): Promise<DrawCheck> {
  const serverSeed = draw.serverSeed ?? '';
  const seeds = { serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce };
  let hash: string;
  let dice: readonly number[];
  try {
    hash = await serverSeedHash(serverSeed);
    dice = rollDice(byteSourceOfBlocks([await fairBytes(seeds, 0), await fairBytes(seeds, 1)]));
  } catch {
    // WebCrypto exists only in secure contexts (https, localhost): the member verifies elsewhere.
    return { ok: false, problem: 'unavailable' };
  }
  if (hash !== draw.serverSeedHash.toLowerCase()) return { ok: false, problem: 'hashMismatch' };
  return dice.every((value, index) => value === draw.dice[index]) ? { ok: true, dice } : { ok: false, problem: 'diceMismatch', dice };
}
