import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawPageId, parseDrawPageId } from './route.js';
import { verifyDraw } from './verify-draw.js';

/** Three dice from the first bytes of HMAC-SHA256(seed, "client:nonce"), as docs/PROVABLY-FAIR.md states them, with Node's crypto. */
function diceByHand(serverSeed: string, clientSeed: string, nonce: number): number[] {
  const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
  const dice: number[] = [];
  for (let at = 0; dice.length < 3; at += 4) {
    const word = bytes.readUInt32BE(at);
    if (word < 2 ** 32 - (2 ** 32 % 6)) dice.push((word % 6) + 1);
  }
  return dice;
}

describe('the draw page', () => {
  const serverSeed = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdefabcd';
  const draw = { serverSeed, serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'), clientSeed: 'draw-LBLOTTO', nonce: 29_390_123 };

  it('verifies a revealed draw as the published formula computes it, and names what does not match', async () => {
    const dice = diceByHand(serverSeed, draw.clientSeed, draw.nonce);
    expect(await verifyDraw({ ...draw, dice })).toEqual({ ok: true, dice });
    expect(await verifyDraw({ ...draw, dice, serverSeedHash: '0'.repeat(64) })).toEqual({ ok: false, problem: 'hashMismatch' });
    const other = dice.map((value) => (value % 6) + 1);
    expect(await verifyDraw({ ...draw, dice: other })).toEqual({ ok: false, problem: 'diceMismatch', dice });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers that this browser cannot verify when it has no WebCrypto (a plain http page), never "verifying" for ever', async () => {
    vi.stubGlobal('crypto', {});
    const dice = diceByHand(serverSeed, draw.clientSeed, draw.nonce);
    expect(await verifyDraw({ ...draw, dice })).toEqual({ ok: false, problem: 'unavailable' });
  });

  it('names a draw page by venue and number, and reads only such ids back', () => {
    expect(drawPageId('LBLOTTO', 29_390_123)).toBe('LBLOTTO-29390123');
    expect(parseDrawPageId('LBLOTTO-29390123')).toEqual({ venueCode: 'LBLOTTO', drawNo: 29_390_123 });
    expect(parseDrawPageId('LBLOTTO')).toBeUndefined();
    expect(parseDrawPageId('../x-1')).toBeUndefined();
  });
});
