import { createHmac } from 'node:crypto';

/**
 * The shared rounds' outcomes and payouts, provably fair: every number comes from
 * HMAC-SHA256(server seed, `${clientSeed}:${nonce}`), read as 4-byte big-endian words, so a
 * browser recomputes a round with WebCrypto (the game page's verify view) and Node's crypto
 * in the tests does the same. Client seed = the table id, nonce = the round number.
 *
 * This is the one module the tables take their rules from; when the sdk's engines
 * (packages/sdk/src/games) publish baccarat and 3-dice rules, it should call them instead.
 */

export type TableKind = 'baccarat' | 'dice';

export interface BaccaratOutcome {
  /** Cards as indexes 0-51 (rank = index % 13, 0 = ace ... 12 = king; suit = index / 13). */
  player: number[];
  banker: number[];
  playerPoints: number;
  bankerPoints: number;
  winner: 'player' | 'banker' | 'tie';
}

export interface DiceOutcome {
  dice: [number, number, number];
  sum: number;
  triple: boolean;
}

export type TableOutcome = BaccaratOutcome | DiceOutcome;

/** The digest a round's numbers come from. */
export function roundDigest(serverSeed: string, clientSeed: string, nonce: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
}

/** Word `i` of the digest scaled to 0..n-1 (8 words in a digest). */
function pick(digest: Uint8Array, i: number, n: number): number {
  const word = ((digest[4 * i]! << 24) | (digest[4 * i + 1]! << 16) | (digest[4 * i + 2]! << 8) | digest[4 * i + 3]!) >>> 0;
  return Math.floor((word / 2 ** 32) * n);
}

const pointOf = (card: number) => Math.min(card % 13 + 1, 10) % 10;
const pointsOf = (cards: number[]) => cards.reduce((sum, card) => sum + pointOf(card), 0) % 10;

/** Whether the banker draws a third card, given its two-card total and the player's third card (null: player stood). */
function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * Punto banco from a digest: an 8-deck shoe drawn with replacement (each card uniform over
 * 52), dealt player, banker, player, banker, then the third-card rules.
 */
export function baccaratOutcome(digest: Uint8Array): BaccaratOutcome {
  let next = 0;
  const card = () => pick(digest, next++, 52);
  const first = [card(), card(), card(), card()];
  const player = [first[0]!, first[2]!];
  const banker = [first[1]!, first[3]!];
  const natural = pointsOf(player) >= 8 || pointsOf(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (pointsOf(player) <= 5) {
      const third = card();
      player.push(third);
      playerThird = pointOf(third);
    }
    if (bankerDraws(pointsOf(banker), playerThird)) banker.push(card());
  }
  const playerPoints = pointsOf(player);
  const bankerPoints = pointsOf(banker);
  const winner = playerPoints > bankerPoints ? 'player' : bankerPoints > playerPoints ? 'banker' : 'tie';
  return { player, banker, playerPoints, bankerPoints, winner };
}

/** Three dice from a digest. */
export function diceOutcome(digest: Uint8Array): DiceOutcome {
  const dice: [number, number, number] = [pick(digest, 0, 6) + 1, pick(digest, 1, 6) + 1, pick(digest, 2, 6) + 1];
  return { dice, sum: dice[0] + dice[1] + dice[2], triple: dice[0] === dice[1] && dice[1] === dice[2] };
}

export function outcomeOf(kind: TableKind, digest: Uint8Array): TableOutcome {
  return kind === 'baccarat' ? baccaratOutcome(digest) : diceOutcome(digest);
}

/** What each spot returns per 100 staked when it wins (stake included). */
const BACCARAT_RETURN_PERCENT = { player: 200, banker: 195, tie: 900 } as const;
/** Sic bo sums as Macau tables pay them (stake included). */
const SUM_RETURN_PERCENT: Record<number, number> = {
  4: 6100, 5: 3100, 6: 1800, 7: 1300, 8: 900, 9: 700, 10: 700, 11: 700, 12: 700, 13: 900, 14: 1300, 15: 1800, 16: 3100, 17: 6100,
};
const BIG_SMALL_RETURN_PERCENT = 200;
const ANY_TRIPLE_RETURN_PERCENT = 3100;

/** Whether `spot` names a bet of this kind: player/banker/tie; big/small/triple/sum:4..17. */
export function isSpot(kind: TableKind, spot: string): boolean {
  if (kind === 'baccarat') return spot === 'player' || spot === 'banker' || spot === 'tie';
  if (spot === 'big' || spot === 'small' || spot === 'triple') return true;
  const sum = /^sum:(\d{1,2})$/.exec(spot);
  return sum !== null && SUM_RETURN_PERCENT[Number(sum[1])] !== undefined;
}

/** The percent of the stake a spot returns on an outcome (0 lost, 100 push). */
export function returnPercent(spot: string, outcome: TableOutcome): number {
  if ('winner' in outcome) {
    if (outcome.winner === 'tie' && spot !== 'tie') return 100;
    return spot === outcome.winner ? BACCARAT_RETURN_PERCENT[outcome.winner] : 0;
  }
  if (spot === 'triple') return outcome.triple ? ANY_TRIPLE_RETURN_PERCENT : 0;
  if (spot === 'big') return !outcome.triple && outcome.sum >= 11 ? BIG_SMALL_RETURN_PERCENT : 0;
  if (spot === 'small') return !outcome.triple && outcome.sum <= 10 ? BIG_SMALL_RETURN_PERCENT : 0;
  return spot === `sum:${outcome.sum}` ? SUM_RETURN_PERCENT[outcome.sum]! : 0;
}

/** The payout of a bet in fen, rounded down. @example payoutOf(10_00, 'banker', outcome) // 19_50 when banker wins */
export function payoutOf(stakeMinor: number, spot: string, outcome: TableOutcome): number {
  return Math.floor((stakeMinor * returnPercent(spot, outcome)) / 100);
}

/** A result as a line for bet records, e.g. "Banker 7 : Player 5" or "Dice 2 3 6 (11)". */
export function resultLine(outcome: TableOutcome): string {
  if ('winner' in outcome) return `Banker ${outcome.bankerPoints} : Player ${outcome.playerPoints}`;
  return `Dice ${outcome.dice.join(' ')} (${outcome.sum})`;
}
