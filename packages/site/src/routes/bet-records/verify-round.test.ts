import { describe, expect, it } from 'vitest';
import { RECORD_RANGE_DAYS_MAX, fromMinor, playRound, serverSeedHash, studioGame, type RoundVerification } from '@lobby/sdk';
import { beijingDay, defaultRange, pagesOf, rangeProblem } from '../../modules/record-days.js';
import { verifyRound } from './verify-round.js';

/** A round as the provider would tell it: played with the sdk's engine on its seeds. */
async function providerRound(serverSeed: string | null): Promise<RoundVerification> {
  const seed = 'a-server-seed-the-member-has-rotated';
  const game = studioGame('fruit-classic')!;
  const lines = game.rules.kind === 'slots' ? game.rules.lines.length : 1;
  const bet = { lineBetMinor: Math.ceil(game.minStakeMinor / lines) };
  const outcome = await playRound(game, { serverSeed: seed, clientSeed: 'lucky', nonce: 3 }, bet);
  return {
    roundId: 'r-1', gameCode: game.code, serverSeedHash: await serverSeedHash(seed), serverSeed: serverSeed === null ? null : seed,
    clientSeed: 'lucky', nonce: 3, bet, outcome, stake: fromMinor(outcome.stakeMinor, 2), payout: fromMinor(outcome.payoutMinor, 2), status: 'completed',
  };
}

describe('round verification in the browser', () => {
  it('recomputes a revealed round and finds it matches, with the hash shown before play', async () => {
    const round = await providerRound('revealed');
    const verified = await verifyRound(round);
    expect(verified).toMatchObject({ kind: 'checked', hashMatches: true, outcomeMatches: true });
    expect(verified.kind === 'checked' && verified.payoutMinor).toBe((round.outcome as { payoutMinor: number }).payoutMinor);
  });

  it('says does not match when the outcome, the nonce or the seed was changed', async () => {
    const round = await providerRound('revealed');
    const paid = round.outcome as { payoutMinor: number };
    expect(await verifyRound({ ...round, outcome: { ...paid, payoutMinor: paid.payoutMinor + 100 } })).toMatchObject({ outcomeMatches: false });
    expect(await verifyRound({ ...round, nonce: 4 })).toMatchObject({ hashMatches: true, outcomeMatches: false });
    expect(await verifyRound({ ...round, serverSeed: 'another seed' })).toMatchObject({ hashMatches: false });
  });

  it('asks for a seed rotation before the server seed is revealed, and says when there is nothing to verify', async () => {
    const round = await providerRound(null);
    expect(await verifyRound(round)).toEqual({ kind: 'unrevealed', serverSeedHash: round.serverSeedHash });
    expect(await verifyRound(null)).toEqual({ kind: 'unavailable' });
    expect(await verifyRound({ ...(await providerRound('revealed')), gameCode: 'no-such-game' })).toEqual({ kind: 'unknownGame', gameCode: 'no-such-game' });
  });
});

describe('record days', () => {
  it('counts Beijing days: 16:00 UTC is already the next day', () => {
    expect(beijingDay(Date.parse('2026-11-10T15:59:59Z'))).toBe('2026-11-10');
    expect(beijingDay(Date.parse('2026-11-10T16:00:00Z'))).toBe('2026-11-11');
    expect(defaultRange(Date.parse('2026-11-21T12:00:00Z'))).toEqual({ startDate: beijingDay(Date.parse('2026-11-15T12:00:00Z')), endDate: '2026-11-21' });
  });

  it('finds the problems the server refuses', () => {
    expect(rangeProblem({ startDate: '2026-11-01', endDate: '2026-11-01' })).toBe('');
    expect(rangeProblem({ startDate: '', endDate: '2026-11-01' })).toBe('missing');
    expect(rangeProblem({ startDate: '2026-11-02', endDate: '2026-11-01' })).toBe('backwards');
    const last = new Date(Date.parse('2026-01-01T00:00:00Z') + (RECORD_RANGE_DAYS_MAX - 1) * 86_400_000).toISOString().slice(0, 10);
    expect(rangeProblem({ startDate: '2026-01-01', endDate: last })).toBe('');
    expect(rangeProblem({ startDate: '2025-12-31', endDate: last })).toBe('tooLong');
    expect([pagesOf(0, 8), pagesOf(8, 8), pagesOf(9, 8)]).toEqual([1, 1, 2]);
  });
});
