/**
 * Baccarat and dragon-tiger against the house, dealt from an infinite deck: every card is
 * a uniform integer in [0, 52) (rank = n mod 13 + 1, suit = floor(n / 13)), independent of
 * the cards before it, so the exact RTP is an enumeration over ranks.
 */
import { stakedSpots } from './bet-checks.js';
import { uniformInt, type ByteSource } from './byte-source.js';
import { addRational, multiplyRational, rational, type Rational } from './rational.js';
import type { BaccaratEvent, Card, CardRules, CardSpot, DragonTigerEvent, RoundOutcome } from './types.js';

export function drawCard(bytes: ByteSource): Card {
  const index = uniformInt(bytes, 52);
  return { rank: (index % 13) + 1, suit: Math.floor(index / 13) };
}

const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_NAMES = ['S', 'H', 'D', 'C'];

/** "QH", "10S", "AD". */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card.rank - 1]}${SUIT_NAMES[card.suit]}`;
}

/** A card's baccarat value: ace 1, 2 to 9 face value, tens and pictures 0. */
export function baccaratValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

function points(cards: readonly Card[]): number {
  return cards.reduce((total, card) => total + baccaratValue(card.rank), 0) % 10;
}

/** Whether the banker draws a third card, given its total and the player's third card value (null when the player stood). */
export function bankerDraws(bankerPoints: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerPoints <= 5;
  if (bankerPoints <= 2) return true;
  if (bankerPoints === 3) return playerThird !== 8;
  if (bankerPoints === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerPoints === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerPoints === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  /** The events that happened: the winner (or tie) and any pairs. */
  events: BaccaratEvent[];
}

/** Deals player, banker, player, banker, then the third cards by the standard tableau. */
export function dealBaccarat(bytes: ByteSource): BaccaratHand {
  const [p1, b1, p2, b2] = [drawCard(bytes), drawCard(bytes), drawCard(bytes), drawCard(bytes)];
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = points(player) >= 8 || points(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (points(player) <= 5) {
      const third = drawCard(bytes);
      player.push(third);
      playerThird = baccaratValue(third.rank);
    }
    if (bankerDraws(points(banker), playerThird)) banker.push(drawCard(bytes));
  }
  const playerPoints = points(player);
  const bankerPoints = points(banker);
  const events: BaccaratEvent[] = [playerPoints > bankerPoints ? 'player' : bankerPoints > playerPoints ? 'banker' : 'tie'];
  if (p1.rank === p2.rank) events.push('playerPair');
  if (b1.rank === b2.rank) events.push('bankerPair');
  return { player, banker, playerPoints, bankerPoints, events };
}

export interface DragonTigerHand {
  dragon: Card;
  tiger: Card;
  events: DragonTigerEvent[];
}

/** One card each, dragon first; ace is low, king high; suits do not count. */
export function dealDragonTiger(bytes: ByteSource): DragonTigerHand {
  const dragon = drawCard(bytes);
  const tiger = drawCard(bytes);
  const winner: DragonTigerEvent = dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
  return { dragon, tiger, events: [winner] };
}

/** What a spot returns (stake included) given the round's events. */
function spotReturn(spot: CardSpot, events: readonly string[], stakeMinor: number): number {
  if (events.includes(spot.wins)) return stakeMinor + (stakeMinor * spot.paysPercent) / 100;
  if (events.includes('tie') && spot.onTie === 'push') return stakeMinor;
  if (events.includes('tie') && spot.onTie === 'half') return stakeMinor / 2;
  return 0;
}

/** Each staked spot's stake and payout, in the rules' order. */
export type SpotResults = { code: string; stakeMinor: number; payoutMinor: number }[];

/** A baccarat round as shown: cards as names ("QH", "10S"), points, events (winner first, then pairs). */
export interface BaccaratDisplay {
  player: string[];
  banker: string[];
  playerPoints: number;
  bankerPoints: number;
  events: BaccaratEvent[];
  spots: SpotResults;
}

export interface DragonTigerDisplay {
  dragon: string;
  tiger: string;
  events: DragonTigerEvent[];
  spots: SpotResults;
}

function settleSpots(rules: CardRules, events: readonly string[], bet: { spots: Partial<Record<string, number>> }) {
  const spots = stakedSpots(rules.spots, bet).map(({ spot, stakeMinor }) => ({
    code: spot.code,
    stakeMinor,
    payoutMinor: Math.floor(spotReturn(spot, events, stakeMinor)),
  }));
  return {
    spots,
    stakeMinor: spots.reduce((total, spot) => total + spot.stakeMinor, 0),
    payoutMinor: spots.reduce((total, spot) => total + spot.payoutMinor, 0),
  };
}

const WINNER_NAMES: Record<string, string> = { player: 'Player wins', banker: 'Banker wins', tie: 'Tie', dragon: 'Dragon wins', tiger: 'Tiger wins' };

export function baccaratOutcome(rules: CardRules, bytes: ByteSource, bet: { spots: Partial<Record<string, number>> }): RoundOutcome {
  const hand = dealBaccarat(bytes);
  const { spots, stakeMinor, payoutMinor } = settleSpots(rules, hand.events, bet);
  const pairs = hand.events.filter((event) => event.endsWith('Pair')).map((event) => (event === 'playerPair' ? ', player pair' : ', banker pair'));
  return {
    stakeMinor,
    payoutMinor,
    result: `Banker ${hand.bankerPoints} : Player ${hand.playerPoints}, ${WINNER_NAMES[hand.events[0] as string]}${pairs.join('')}`,
    display: {
      player: hand.player.map(cardName),
      banker: hand.banker.map(cardName),
      playerPoints: hand.playerPoints,
      bankerPoints: hand.bankerPoints,
      events: hand.events,
      spots,
    } satisfies BaccaratDisplay,
  };
}

export function dragonTigerOutcome(rules: CardRules, bytes: ByteSource, bet: { spots: Partial<Record<string, number>> }): RoundOutcome {
  const hand = dealDragonTiger(bytes);
  const { spots, stakeMinor, payoutMinor } = settleSpots(rules, hand.events, bet);
  return {
    stakeMinor,
    payoutMinor,
    result: `Dragon ${cardName(hand.dragon)} : Tiger ${cardName(hand.tiger)}, ${WINNER_NAMES[hand.events[0] as string]}`,
    display: { dragon: cardName(hand.dragon), tiger: cardName(hand.tiger), events: hand.events, spots } satisfies DragonTigerDisplay,
  };
}

/** Probability of each baccarat outcome (player, banker, tie; pairs), exact, over ranks each 1/13. */
export function baccaratProbabilities(): Record<BaccaratEvent, Rational> {
  // Card values with their weights out of 13: value 0 comes from 10, J, Q, K.
  const weights = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const counts = { player: 0, banker: 0, tie: 0 };
  const total = 13 ** 6;
  for (let p1 = 0; p1 < 10; p1++)
    for (let p2 = 0; p2 < 10; p2++)
      for (let b1 = 0; b1 < 10; b1++)
        for (let b2 = 0; b2 < 10; b2++) {
          const weight = (weights[p1] as number) * (weights[p2] as number) * (weights[b1] as number) * (weights[b2] as number) * 13 * 13;
          tallyThirdCards((p1 + p2) % 10, (b1 + b2) % 10, weight, weights, counts);
        }
  const pair = rational(1, 13);
  return {
    player: rational(counts.player, total),
    banker: rational(counts.banker, total),
    tie: rational(counts.tie, total),
    playerPair: pair,
    bankerPair: pair,
  };
}

/** Adds a two-card start's weight (out of 13^6) to the winner of each way its third cards fall. */
function tallyThirdCards(player: number, banker: number, weight: number, weights: readonly number[], counts: Record<'player' | 'banker' | 'tie', number>): void {
  const settle = (p: number, b: number, w: number) => {
    counts[p > b ? 'player' : b > p ? 'banker' : 'tie'] += w;
  };
  if (player >= 8 || banker >= 8) return settle(player, banker, weight);
  if (player >= 6) {
    if (!bankerDraws(banker, null)) return settle(player, banker, weight);
    for (let c = 0; c < 10; c++) settle(player, (banker + c) % 10, (weight / 13) * (weights[c] as number));
    return;
  }
  for (let t = 0; t < 10; t++) {
    const withThird = (player + t) % 10;
    const tWeight = (weight / 13) * (weights[t] as number);
    if (!bankerDraws(banker, t)) {
      settle(withThird, banker, tWeight);
      continue;
    }
    for (let c = 0; c < 10; c++) settle(withThird, (banker + c) % 10, (tWeight / 13) * (weights[c] as number));
  }
}

/** Probability of each dragon-tiger outcome, exact: a tie is 13/169, each side 78/169. */
export function dragonTigerProbabilities(): Record<DragonTigerEvent, Rational> {
  const counts = { dragon: 0, tiger: 0, tie: 0 };
  for (let d = 1; d <= 13; d++) for (let t = 1; t <= 13; t++) counts[d > t ? 'dragon' : t > d ? 'tiger' : 'tie'] += 1;
  return { dragon: rational(counts.dragon, 169), tiger: rational(counts.tiger, 169), tie: rational(counts.tie, 169) };
}

/** A spot's exact RTP: P(win) x (1 + pays) plus, for a side bet, P(tie) x what a tie returns. */
export function cardSpotRtp(rules: CardRules, code: string): Rational {
  const spot = rules.spots.find((candidate) => candidate.code === code);
  if (!spot) throw new RangeError(`no spot ${code}`);
  const probabilities: Partial<Record<string, Rational>> = rules.kind === 'baccarat' ? baccaratProbabilities() : dragonTigerProbabilities();
  const win = probabilities[spot.wins] as Rational;
  const tie = probabilities.tie as Rational;
  let returned = multiplyRational(win, rational(100 + spot.paysPercent, 100));
  if (spot.wins !== 'tie' && spot.onTie === 'push') returned = addRational(returned, tie);
  if (spot.wins !== 'tie' && spot.onTie === 'half') returned = addRational(returned, multiplyRational(tie, rational(1, 2)));
  return returned;
}
