/**
 * The fishing game's math: a shot at fish F (multiplier m) hits when a uniform integer in
 * [0, m x 10000) is below the game's RTP in basis points, and then pays m x the stake. So
 * every fish returns exactly rtpBasisPoints / 10000 of the stake.
 */
import { uniformInt, type ByteSource } from './byte-source.js';
import { rational, type Rational } from './rational.js';
import type { FishingBet, FishingRules, RoundOutcome } from './types.js';

export interface FishingDisplay {
  fish: string;
  multiplier: number;
  hit: boolean;
  /** The uniform draw and the bound it had to fall below, for the verify view. */
  draw: number;
  drawBound: number;
  hitBelow: number;
}

export function fishingOutcome(rules: FishingRules, rtpBasisPoints: number, bytes: ByteSource, bet: FishingBet): RoundOutcome {
  const fish = rules.fish.find((candidate) => candidate.code === bet.fish);
  if (!fish) throw new RangeError(`bet.fish ${bet.fish} is not a fish of this game`);
  const drawBound = fish.multiplier * 10_000;
  const draw = uniformInt(bytes, drawBound);
  const hit = draw < rtpBasisPoints;
  const display: FishingDisplay = { fish: fish.code, multiplier: fish.multiplier, hit, draw, drawBound, hitBelow: rtpBasisPoints };
  return {
    stakeMinor: bet.stakeMinor,
    payoutMinor: hit ? bet.stakeMinor * fish.multiplier : 0,
    result: hit ? `Hit ${fish.nameEn} x${fish.multiplier}` : `Missed ${fish.nameEn}`,
    display,
  };
}

/** A shot's exact RTP at one fish: P(hit) x multiplier = rtp / (m x 10000) x m. */
export function fishRtp(rtpBasisPoints: number, multiplier: number): Rational {
  return rational(BigInt(rtpBasisPoints) * BigInt(multiplier), BigInt(multiplier) * 10_000n);
}
