/**
 * Each game's RTP by simulation: 1,000,000 seeded rounds per game (Node's HMAC for speed,
 * the same bytes as WebCrypto), every spot of a table staked at once. Each spot's mean
 * return must land within 5 standard errors of its exact RTP. The standard error is the
 * exact standard deviation of the return per round over sqrt(rounds) where the tables give
 * it (fishing, cards, dice; the sample deviation must then agree with it within 5 %), and the
 * sample deviation for slots, whose correlated lines are not enumerated
 * (docs/PROVABLY-FAIR.md, "Statistical bound").
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  STUDIO_GAMES,
  byteSourceFrom,
  diceConditionHolds,
  exactRtp,
  exactSpotRtp,
  fairMessage,
  outcomeFromBytes,
  type RoundBet,
  type Seeds,
  type StudioGame,
} from '@lobby/sdk';
import { baccaratProbabilities, dragonTigerProbabilities } from './cards.js';

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

/**
 * The exact second moment E[return^2] of a spot's return per round (payout / stake), or
 * undefined for slots. Fishing cycles through the fish, so its moment is the fish's average.
 */
function exactSecondMoment(game: StudioGame, spotCode: string): number | undefined {
  const rules = game.rules;
  if (rules.kind === 'slots') return undefined;
  if (rules.kind === 'fishing') {
    const moments = rules.fish.map((fish) => (game.rtpBasisPoints / (fish.multiplier * 10_000)) * fish.multiplier ** 2);
    return moments.reduce((total, moment) => total + moment, 0) / moments.length;
  }
  if (rules.kind === 'dice') {
    const spot = rules.spots.find((candidate) => candidate.code === spotCode)!;
    let moment = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (diceConditionHolds(spot.when, [a, b, c])) moment += (1 + spot.pays) ** 2 / 216;
    return moment;
  }
  const spot = rules.spots.find((candidate) => candidate.code === spotCode)!;
  const probabilities: Partial<Record<string, { numerator: bigint; denominator: bigint }>> =
    rules.kind === 'baccarat' ? baccaratProbabilities() : dragonTigerProbabilities();
  const win = toNumber(probabilities[spot.wins]!);
  const tie = toNumber(probabilities.tie!);
  const onTie = spot.wins === 'tie' ? 0 : spot.onTie === 'push' ? 1 : spot.onTie === 'half' ? 0.5 : 0;
  return win * (1 + spot.paysPercent / 100) ** 2 + tie * onTie ** 2;
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

/**
 * Registers the RTP simulation of each game `engines` names. The games are split over two
 * walk files (slots; cards, fishing and dice) so the two test workers share the work.
 */
export function describeRtpSimulations(engines: ReadonlyArray<StudioGame['engine']>): void {
  const games = STUDIO_GAMES.filter((game) => engines.includes(game.engine));
  describeGames(games);
}

function describeGames(games: readonly StudioGame[]): void {
describe.each(games.map((game) => [game.code, game] as const))('%s over 1,000,000 rounds', (_code, game) => {
  it('returns its exact RTP within 5 standard errors, for every spot', () => {
    const tallies = simulate(game);
    for (const [spot, tally] of tallies) {
      const exact = toNumber(spot === 'standard' ? exactRtp(game) : exactSpotRtp(game, spot));
      const sample = tally.summary(ROUNDS);
      const moment = exactSecondMoment(game, spot);
      const exactError = moment === undefined ? undefined : Math.sqrt((moment - exact * exact) / ROUNDS);
      if (exactError !== undefined) expect(Math.abs(sample.standardError / exactError - 1), `${game.code} ${spot}: deviation`).toBeLessThan(0.05);
      const mean = sample.mean;
      const standardError = exactError ?? sample.standardError;
      expect(standardError, `${game.code} ${spot}`).toBeGreaterThan(0);
      expect(Math.abs(mean - exact), `${game.code} ${spot}: simulated ${mean.toFixed(5)}, exact ${exact.toFixed(5)}, se ${standardError.toFixed(5)}`).toBeLessThan(
        STANDARD_ERRORS * standardError,
      );
    }
  }, 300_000);
});
}
