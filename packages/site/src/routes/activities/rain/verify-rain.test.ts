import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairResult, serverSeedHash, type RainRound } from '@lobby/sdk';
import { verifyRainRound } from './verify-rain.js';

const serverSeed = 'b'.repeat(64);

async function revealedRound(): Promise<RainRound> {
  const split = await fairResult({ serverSeed, clientSeed: 'rain-7', nonce: 3 }, { kind: 'split', totalMinor: 10_000, parts: 5, minEachMinor: 100 });
  return {
    sessionKey: 1, opensAt: '2026-11-26T12:00:00Z', closesAt: '2026-11-26T12:05:00Z', seedHash: await serverSeedHash(serverSeed), serverSeed, clientSeed: 'rain-7', nonce: 3,
    totalMinor: 10_000, parts: 5, minEachMinor: 100, packetsMinor: split as number[], myPacketNos: [],
  };
}

describe("a rain round's check in the browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('recomputes a revealed split, and names one that does not match', async () => {
    const round = await revealedRound();
    expect(await verifyRainRound(round)).toBe('matches');
    expect(await verifyRainRound({ ...round, packetsMinor: [...round.packetsMinor].reverse().map((value, index) => (index === 0 ? value + 1 : value)) })).toBe('mismatch');
  });

  it('answers that this browser cannot verify when it has no WebCrypto, never a verdict or a wait for ever', async () => {
    const round = await revealedRound();
    vi.stubGlobal('crypto', {});
    expect(await verifyRainRound(round)).toBe('unavailable');
  });
});
