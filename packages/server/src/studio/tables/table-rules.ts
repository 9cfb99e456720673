import { createHmac } from 'node:crypto';

/**
 * The rules a shared table plays by, behind one small port so the tables take them from
 * the sdk's engines (packages/sdk/src/games: `validateBet`, `outcomeFromBytes`) once those
 * are exported; until then `fallbackTableRules` deals the same way (an infinite deck and
 * three dice, uniform integers read as 4-byte big-endian words with rejection) and answers
 * the same display shapes as the engines (docs/STUDIO.md "Live table and lottery draws").
 *
 * Provably fair: a round's bytes are HMAC-SHA256(server seed, `${clientSeed}:${nonce}`)
 * (then `:${cursor}` for further 32-byte blocks); client seed = the table id, nonce = the
 * round number. The deal reads the bytes the same way whatever the bet, so one round deals
 * the same cards or dice for every member.
 */

/** A bet on a shared round, as the engines take table bets: stakes in fen by spot code. */
export interface TableBet {
  spots: Partial<Record<string, number>>;
}

export interface TablePlay {
  stakeMinor: number;
  payoutMinor: number;
  /** e.g. "Banker 7 : Player 5, Banker wins". */
  result: string;
  /** Baccarat: { player: ['QH', ...], banker, playerPoints, bankerPoints, events, spots }; dice: { dice, sum, winningSpots, spots }. */
  display: unknown;
}

export interface TableSpot {
  code: string;
  nameZh: string;
  nameEn: string;
}

export interface TableRules {
  kind: 'baccarat' | 'dice';
  spots: readonly TableSpot[];
  /** A problem with the bet naming the field, or null. */
  validate(bet: unknown): string | null;
  /** The round dealt from its blocks and `bet` settled on it. */
  play(block: (cursor: number) => Uint8Array, bet: TableBet): TablePlay;
}

/** Block `cursor` of a round's bytes, with Node's crypto. */
export function roundBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  const message = cursor > 0 ? `${clientSeed}:${nonce}:${cursor}` : `${clientSeed}:${nonce}`;
  return createHmac('sha256', serverSeed).update(message).digest();
}

/** Reads a round's bytes in order across blocks; uniform integers without modulo bias. */
function reader(block: (cursor: number) => Uint8Array) {
  let cursor = 0;
  let bytes = block(0);
  let offset = 0;
  const next = () => {
    if (offset >= bytes.length) [bytes, offset] = [block(++cursor), 0];
    return bytes[offset++]!;
  };
  return (bound: number) => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = next() * 2 ** 24 + next() * 2 ** 16 + next() * 2 ** 8 + next();
      if (value < limit) return value % bound;
    }
  };
}

interface Spot extends TableSpot {
  /** Winnings per 100 staked on a win (stake returned besides). */
  winsPercent: number;
  wins: (events: readonly string[]) => boolean;
  /** Returned per 100 staked when the deal is a push for this spot (baccarat player and banker on a tie). */
  pushOn?: string;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const value = (card: number) => (card % 13 + 1 >= 10 ? 0 : card % 13 + 1);
const points = (cards: number[]) => cards.reduce((total, card) => total + value(card), 0) % 10;

function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

function dealBaccarat(int: (bound: number) => number) {
  const [p1, b1, p2, b2] = [int(52), int(52), int(52), int(52)];
  const player = [p1!, p2!];
  const banker = [b1!, b2!];
  if (points(player) < 8 && points(banker) < 8) {
    let playerThird: number | null = null;
    if (points(player) <= 5) {
      player.push(int(52));
      playerThird = value(player[2]!);
    }
    if (bankerDraws(points(banker), playerThird)) banker.push(int(52));
  }
  const [playerPoints, bankerPoints] = [points(player), points(banker)];
  const events = [playerPoints > bankerPoints ? 'player' : bankerPoints > playerPoints ? 'banker' : 'tie'];
  const name = (card: number) => `${RANKS[card % 13]}${SUITS[Math.floor(card / 13)]}`;
  return { player: player.map(name), banker: banker.map(name), playerPoints, bankerPoints, events };
}

function rollDice(int: (bound: number) => number) {
  const dice = [int(6) + 1, int(6) + 1, int(6) + 1];
  const sum = dice[0]! + dice[1]! + dice[2]!;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const events = [triple ? 'anyTriple' : sum >= 11 ? 'big' : 'small', `sum${sum}`];
  return { dice, sum, events };
}

const has = (event: string) => (events: readonly string[]) => events.includes(event);
const BACCARAT_SPOTS: Spot[] = [
  { code: 'player', nameZh: '闲', nameEn: 'Player', winsPercent: 100, wins: has('player'), pushOn: 'tie' },
  { code: 'banker', nameZh: '庄', nameEn: 'Banker', winsPercent: 95, wins: has('banker'), pushOn: 'tie' },
  { code: 'tie', nameZh: '和', nameEn: 'Tie', winsPercent: 800, wins: has('tie') },
];
/** Sic bo as Macau tables pay it. */
const SUM_WINS: Record<number, number> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60 };
const DICE_SPOTS: Spot[] = [
  { code: 'big', nameZh: '大', nameEn: 'Big', winsPercent: 100, wins: has('big') },
  { code: 'small', nameZh: '小', nameEn: 'Small', winsPercent: 100, wins: has('small') },
  { code: 'anyTriple', nameZh: '围骰', nameEn: 'Any triple', winsPercent: 3000, wins: has('anyTriple') },
  ...Object.entries(SUM_WINS).map(([sum, wins]) => ({ code: `sum${sum}`, nameZh: `和值 ${sum}`, nameEn: `Sum ${sum}`, winsPercent: wins * 100, wins: has(`sum${sum}`) })),
];

/** Stakes: whole yuan per spot, 1 to 50,000 yuan a bet (spec silent; docs/STUDIO.md). */
export const TABLE_STAKE_STEP_MINOR = 1_00;
export const TABLE_STAKE_MAX_MINOR = 50_000_00;

function validate(spots: readonly Spot[], bet: unknown): string | null {
  if (typeof bet !== 'object' || bet === null || Array.isArray(bet)) return 'bet must be an object';
  const extra = Object.keys(bet).find((key) => key !== 'spots');
  if (extra) return `bet.${extra} is not a field of a table bet`;
  const staked = (bet as { spots?: unknown }).spots;
  if (typeof staked !== 'object' || staked === null || Array.isArray(staked)) return 'bet.spots must be an object of stakes by spot';
  const entries = Object.entries(staked);
  if (entries.length === 0) return 'bet.spots must stake at least one spot';
  let total = 0;
  for (const [code, stake] of entries) {
    if (!spots.some((spot) => spot.code === code)) return `bet.spots.${code} is not a spot of this table (spots: ${spots.map((spot) => spot.code).join(', ')})`;
    if (!Number.isSafeInteger(stake) || (stake as number) < TABLE_STAKE_STEP_MINOR || (stake as number) % TABLE_STAKE_STEP_MINOR !== 0) {
      return `bet.spots.${code} must be a whole number of yuan in fen (a multiple of ${TABLE_STAKE_STEP_MINOR}, at least ${TABLE_STAKE_STEP_MINOR})`;
    }
    total += stake as number;
  }
  if (total > TABLE_STAKE_MAX_MINOR) return `bet.spots must total at most ${TABLE_STAKE_MAX_MINOR} fen (got ${total})`;
  return null;
}

function settle(spots: readonly Spot[], events: readonly string[], bet: TableBet) {
  const settled = spots.flatMap((spot) => {
    const stakeMinor = bet.spots[spot.code];
    if (!stakeMinor) return [];
    const won = spot.wins(events);
    const push = spot.pushOn !== undefined && events.includes(spot.pushOn);
    const payoutMinor = won ? stakeMinor + Math.floor((stakeMinor * spot.winsPercent) / 100) : push ? stakeMinor : 0;
    return [{ code: spot.code, stakeMinor, payoutMinor }];
  });
  return {
    spots: settled,
    stakeMinor: settled.reduce((total, spot) => total + spot.stakeMinor, 0),
    payoutMinor: settled.reduce((total, spot) => total + spot.payoutMinor, 0),
  };
}

const publicSpots = (spots: readonly Spot[]): TableSpot[] => spots.map(({ code, nameZh, nameEn }) => ({ code, nameZh, nameEn }));

/** The table's rules until the engines are exported from the sdk. @example fallbackTableRules('dice').validate({ spots: { big: 10_00 } }) // null */
export function fallbackTableRules(kind: 'baccarat' | 'dice'): TableRules {
  if (kind === 'baccarat') {
    return {
      kind,
      spots: publicSpots(BACCARAT_SPOTS),
      validate: (bet) => validate(BACCARAT_SPOTS, bet),
      play(block, bet) {
        const hand = dealBaccarat(reader(block));
        const { spots, stakeMinor, payoutMinor } = settle(BACCARAT_SPOTS, hand.events, bet);
        const winner = { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[hand.events[0] as 'player'];
        return { stakeMinor, payoutMinor, result: `Banker ${hand.bankerPoints} : Player ${hand.playerPoints}, ${winner}`, display: { ...hand, spots } };
      },
    };
  }
  return {
    kind,
    spots: publicSpots(DICE_SPOTS),
    validate: (bet) => validate(DICE_SPOTS, bet),
    play(block, bet) {
      const roll = rollDice(reader(block));
      const { spots, stakeMinor, payoutMinor } = settle(DICE_SPOTS, roll.events, bet);
      const winningSpots = DICE_SPOTS.filter((spot) => spot.wins(roll.events)).map((spot) => spot.code);
      return { stakeMinor, payoutMinor, result: `Dice ${roll.dice.join(' ')}, sum ${roll.sum} (${roll.events[0]})`, display: { dice: roll.dice, sum: roll.sum, winningSpots, spots } };
    },
  };
}
