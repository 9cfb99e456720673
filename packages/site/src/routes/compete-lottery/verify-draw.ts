import { byteSourceOfBlocks, fairBytes, rollDice, serverSeedHash, type LotteryDrawDetail } from '@lobby/sdk';

export type DrawCheck = { ok: true; dice: readonly number[] } | { ok: false; problem: 'hashMismatch' } | { ok: false; problem: 'diceMismatch'; dice: readonly number[] };

/**
 * Checks a revealed draw in this browser (WebCrypto): SHA-256 of the server seed is the hash
 * published before the draw, and HMAC-SHA256(seed, "clientSeed:nonce") read as the dice engine
 * reads it gives the drawn dice (docs/PROVABLY-FAIR.md).
 *
 * @example await verifyDraw(detail) // { ok: true, dice: [2, 3, 6] }
 */
export async function verifyDraw(draw: Pick<LotteryDrawDetail, 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'dice'>): Promise<DrawCheck> {
  const serverSeed = draw.serverSeed ?? '';
  if ((await serverSeedHash(serverSeed)) !== draw.serverSeedHash.toLowerCase()) return { ok: false, problem: 'hashMismatch' };
  const seeds = { serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce };
  const dice = rollDice(byteSourceOfBlocks([await fairBytes(seeds, 0), await fairBytes(seeds, 1)]));
  return dice.every((value, index) => value === draw.dice[index]) ? { ok: true, dice } : { ok: false, problem: 'diceMismatch', dice };
}
