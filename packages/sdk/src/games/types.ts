/** The studio's games as data: engines, rules, bets and outcomes (docs/PROVABLY-FAIR.md). */

export type EngineName = 'slots' | 'fishing' | 'dragonTiger' | 'baccarat' | 'dice';

/** A slot symbol; `pays[k - 1]` is the line multiplier (of the line bet) for k in a row from the left reel. */
export interface SlotSymbol {
  code: string;
  nameZh: string;
  nameEn: string;
  pays: readonly number[];
  /** A scatter pays anywhere in the window (by `scatterPays`), never on lines. */
  scatter?: boolean;
}

export interface SlotRules {
  kind: 'slots';
  /** Visible rows per reel (the window). */
  rows: number;
  /** One strip per reel, symbols top to bottom; a stop shows strip[stop], strip[stop + 1], ... wrapping. */
  strips: readonly (readonly string[])[];
  /** Fixed pay lines: per line, the row shown on each reel (0 = top). */
  lines: readonly (readonly number[])[];
  symbols: readonly SlotSymbol[];
  /** Scatter pays by count anywhere in the window, as multiples of the total stake: `scatterPays[k - 1]`. */
  scatterPays?: readonly number[];
}

export interface Fish {
  code: string;
  nameZh: string;
  nameEn: string;
  /** Paid on a hit, as a multiple of the stake per shot. */
  multiplier: number;
}

export interface FishingRules {
  kind: 'fishing';
  /** A shot at a fish hits with probability rtpBasisPoints / (multiplier x 10000). */
  fish: readonly Fish[];
}

export type BaccaratEvent = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export type DragonTigerEvent = 'dragon' | 'tiger' | 'tie';

/** A betting spot of a table game: what it wins on and what it pays. */
export interface CardSpot {
  code: string;
  nameZh: string;
  nameEn: string;
  wins: BaccaratEvent | DragonTigerEvent;
  /** Winnings per 100 of stake on a win, the stake returned besides: 100 = 1:1, 95 = 1:1 less 5 % commission, 800 = 8:1. */
  paysPercent: number;
  /** A side bet (player, banker, dragon, tiger) on a tie: `push` returns the stake, `half` returns half, `lose` nothing. */
  onTie?: 'push' | 'half' | 'lose';
}

export interface CardRules {
  kind: 'baccarat' | 'dragonTiger';
  spots: readonly CardSpot[];
  /** The spot whose RTP is published. */
  standardSpot: string;
  /** Every spot's stake is a multiple of this (fen), so commissions and halves stay whole fen. */
  stakeStepMinor: number;
}

export type DiceCondition =
  | { kind: 'big' }
  | { kind: 'small' }
  | { kind: 'odd' }
  | { kind: 'even' }
  | { kind: 'sum'; sum: number }
  | { kind: 'anyTriple' }
  | { kind: 'triple'; face: number };

export interface DiceSpot {
  code: string;
  nameZh: string;
  nameEn: string;
  when: DiceCondition;
  /** Winnings to one, the stake returned besides: 1 = 1:1, 30 = 30:1. */
  pays: number;
}

export interface DiceRules {
  kind: 'dice';
  spots: readonly DiceSpot[];
  standardSpot: string;
  stakeStepMinor: number;
}

export type GameRules = SlotRules | FishingRules | CardRules | DiceRules;

export interface StudioGame {
  code: string;
  engine: EngineName;
  nameZh: string;
  nameEn: string;
  /** Spec venue categories: 3 live, 4 lottery, 5 chess and cards, 6 electronic, 7 fishing. */
  category: 3 | 4 | 5 | 6 | 7;
  /** Published RTP, 9650 = 96.50 %; equals `exactRtp(game)` rounded to basis points. */
  rtpBasisPoints: number;
  volatility: 'low' | 'medium' | 'high';
  demo: boolean;
  /** Fen. Slots: the total stake (line bet x lines); fishing: a shot; tables: each spot's stake. */
  minStakeMinor: number;
  /** Fen. Slots: the total stake; fishing: a shot; tables: the round's total over all spots. */
  maxStakeMinor: number;
  /** A small SVG data: URL (the strict CSP allows data: images). */
  imageUrl: string;
  rules: GameRules;
}

/** A spin: the bet per line (fen); the stake is lineBetMinor x the game's lines. */
export interface SlotBet {
  lineBetMinor: number;
}

/** A shot at one fish. */
export interface FishingBet {
  fish: string;
  stakeMinor: number;
}

/** Stakes (fen) per spot code of the game's rules. */
export interface DragonTigerBet {
  spots: Partial<Record<string, number>>;
}
export interface BaccaratBet {
  spots: Partial<Record<string, number>>;
}
export interface DiceBet {
  spots: Partial<Record<string, number>>;
}

export type RoundBet = SlotBet | FishingBet | DragonTigerBet | BaccaratBet | DiceBet;

export interface RoundOutcome {
  stakeMinor: number;
  payoutMinor: number;
  /** A short English summary, e.g. "Banker 7 : Player 5, Banker wins". */
  result: string;
  /** JSON: reels and winning lines, cards, dice, the fish hit (see each engine's display type). */
  display: unknown;
}

/** A playing card: rank 1 (ace) to 13 (king), suit 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
export interface Card {
  rank: number;
  suit: number;
}

/** A bet spot of a shared table (live baccarat, the lottery's dice draw) as its viewers see it. */
export interface TableSpotView {
  code: string;
  nameZh: string;
  nameEn: string;
}

/** What a viewer sees of a shared table: the studio's state call answers it and its topic pushes it on every change. */
export interface TableState {
  tableId: string;
  kind: 'baccarat' | 'dice';
  /** The spots bets may name. */
  spots: readonly TableSpotView[];
  roundNo: number;
  phase: 'betting' | 'dealing' | 'result';
  opensAtMs: number;
  closesAtMs: number;
  resultAtMs: number;
  nextOpensAtMs: number;
  nowMs: number;
  /** The current seed's hash (published before the rounds it decides), and the client seed. */
  serverSeedHash: string;
  clientSeed: string;
  /** The seed of the previous block, now revealed (null before the first rotation). */
  revealedSeed: { block: number; serverSeed: string; serverSeedHash: string } | null;
  /** Newest first; the current round's appears once its result time came. */
  results: { roundNo: number; resultAtMs: number; result: string; display: unknown }[];
}
