/**
 * Each game's RTP by simulation: 1,000,000 seeded rounds per game (Node's HMAC for speed,
 * the same bytes as WebCrypto), every spot of a table staked at once. Each spot's mean
 * return must land within 5 standard errors of its exact RTP, the standard error being the
 * sample standard deviation of the return per round over sqrt(rounds)
 * (docs/PROVABLY-FAIR.md, "Statistical bound").
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STUDIO_GAMES, byteSourceFrom, exactRtp, exactSpotRtp, fairMessage, outcomeFromBytes, type RoundBet, type Seeds, type StudioGame } from '@lobby/sdk';

const ROUNDS = 1_000_000;
const STANDARD_ERRORS = 5;

/** Sums of the return per round (payout / stake) and of its square, per tracked spot. */
class Tally {
  sum = 0;
  sumOfSquares = 0;
  add(ratio: number) {
    this.sum += ratio;
    this.sumOfSquares += ratio * ratio;
  }
  /** Mean and standard error of the mean. */
  summary(rounds: number) {
    const mean = this.sum / rounds;
    const variance = (this.sumOfSquares - rounds * mean * mean) / (rounds - 1);
    return { mean, standardError: Math.sqrt(variance / rounds) };
  }
}

function toNumber(value: { numerator: bigint; denominator: bigint }): number {
  return Number(value.numerator) / Number(value.denominator);
}

/** The bet every round places and the spots tracked: slots and fishing one bet, tables every spot at 100 fen. */
function betOf(game: StudioGame, round: number): RoundBet {
  const rules = game.rules;
  if (rules.kind === 'slots') return { lineBetMinor: 1 };
  if (rules.kind === 'fishing') return { fish: rules.fish[round % rules.fish.length]!.code, stakeMinor: 100 };
  return { spots: Object.fromEntries(rules.spots.map((spot) => [spot.code, 100])) };
}

function simulate(game: StudioGame): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const tally = (code: string) => tallies.get(code) ?? tallies.set(code, new Tally()).get(code)!;
  const serverSeed = `walk-seed-${game.code}`;
  const key = createSecretKey(Buffer.from(serverSeed, 'utf8'));
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const seeds: Seeds = { serverSeed, clientSeed: 'rtp-walk', nonce };
    const bytes = byteSourceFrom((cursor) => createHmac('sha256', key).update(fairMessage(seeds, cursor)).digest());
    const outcome = outcomeFromBytes(game, bytes, betOf(game, nonce));
    const spots = (outcome.display as { spots?: { code: string; stakeMinor: number; payoutMinor: number }[] }).spots;
    if (spots) for (const spot of spots) tally(spot.code).add(spot.payoutMinor / spot.stakeMinor);
    else tally('standard').add(outcome.payoutMinor / outcome.stakeMinor);
  }
  return tallies;
}

describe.each(STUDIO_GAMES.map((game) => [game.code, game] as const))('%s over 1,000,000 rounds', (_code, game) => {
  it('returns its exact RTP within 5 standard errors, for every spot', () => {
    const tallies = simulate(game);
    for (const [spot, tally] of tallies) {
      const exact = toNumber(spot === 'standard' ? exactRtp(game) : exactSpotRtp(game, spot));
      const { mean, standardError } = tally.summary(ROUNDS);
      expect(standardError, `${game.code} ${spot}`).toBeGreaterThan(0);
      expect(Math.abs(mean - exact), `${game.code} ${spot}: simulated ${mean.toFixed(5)}, exact ${exact.toFixed(5)}, se ${standardError.toFixed(5)}`).toBeLessThan(
        STANDARD_ERRORS * standardError,
      );
    }
  }, 300_000);
});
