/** The 3-dice draw (sic bo): one roll per draw for everyone; spots pay by the dice. */
import { stakedSpots } from './bet-checks.js';
import { uniformInt, type ByteSource } from './byte-source.js';
import { addRational, rational, type Rational } from './rational.js';
import type { DiceBet, DiceCondition, DiceRules, RoundOutcome } from './types.js';

export type DiceRoll = readonly [number, number, number];

export interface DiceDisplay {
  dice: DiceRoll;
  sum: number;
  /** The codes of the rules' spots the roll wins (staked or not). */
  winningSpots: string[];
  spots: { code: string; stakeMinor: number; payoutMinor: number }[];
}

/** Three dice, each a uniform integer 1 to 6, read in order. */
export function rollDice(bytes: ByteSource): DiceRoll {
  return [uniformInt(bytes, 6) + 1, uniformInt(bytes, 6) + 1, uniformInt(bytes, 6) + 1];
}

function isTriple(dice: DiceRoll): boolean {
  return dice[0] === dice[1] && dice[1] === dice[2];
}

/** Whether a roll meets a spot's condition; big, small, odd and even lose on any triple. */
export function diceConditionHolds(when: DiceCondition, dice: DiceRoll): boolean {
  const sum = dice[0] + dice[1] + dice[2];
  const triple = isTriple(dice);
  switch (when.kind) {
    case 'big':
      return !triple && sum >= 11 && sum <= 17;
    case 'small':
      return !triple && sum >= 4 && sum <= 10;
    case 'odd':
      return !triple && sum % 2 === 1;
    case 'even':
      return !triple && sum % 2 === 0;
    case 'sum':
      return sum === when.sum;
    case 'anyTriple':
      return triple;
    case 'triple':
      return triple && dice[0] === when.face;
  }
}

/** Settles a validated bet on a roll: a winning spot returns stake x (1 + pays). */
export function settleDice(rules: DiceRules, dice: DiceRoll, bet: DiceBet): RoundOutcome {
  const winningSpots = rules.spots.filter((spot) => diceConditionHolds(spot.when, dice)).map((spot) => spot.code);
  const spots = stakedSpots(rules.spots, bet).map(({ spot, stakeMinor }) => ({
    code: spot.code,
    stakeMinor,
    payoutMinor: winningSpots.includes(spot.code) ? stakeMinor * (1 + spot.pays) : 0,
  }));
  const sum = dice[0] + dice[1] + dice[2];
  const display: DiceDisplay = { dice, sum, winningSpots, spots };
  const size = isTriple(dice) ? 'triple' : sum >= 11 ? 'big' : 'small';
  return {
    stakeMinor: spots.reduce((total, spot) => total + spot.stakeMinor, 0),
    payoutMinor: spots.reduce((total, spot) => total + spot.payoutMinor, 0),
    result: `Dice ${dice.join(' ')}, sum ${sum} (${size})`,
    display,
  };
}

export function diceOutcome(rules: DiceRules, bytes: ByteSource, bet: DiceBet): RoundOutcome {
  return settleDice(rules, rollDice(bytes), bet);
}

/** A spot's exact RTP over the 216 equally likely rolls. */
export function diceSpotRtp(rules: DiceRules, code: string): Rational {
  const spot = rules.spots.find((candidate) => candidate.code === code);
  if (!spot) throw new RangeError(`no dice spot ${code}`);
  let returned = rational(0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++)
        if (diceConditionHolds(spot.when, [a, b, c])) returned = addRational(returned, rational(1 + spot.pays, 216));
  return returned;
}
