/**
 * The adapter every game provider sits behind (issue 18). A provider serves one or more
 * venues; a venue is played on one wallet model:
 * - `transfer`: money is moved into the venue before play (venues/ VenueProvider, as built);
 *   lobby pulls the venue's bet records (`betRecords`) and posts them to its books;
 * - `seamless`: the member's money stays in lobby's centre wallet; the provider calls
 *   lobby's seamless wallet endpoint (authenticate, balance, bet, win, rollback) per round.
 *
 * The sandbox studio (studio/) implements it; a real aggregator replaces it.
 */

/** Spec section 3 venue categories: 1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing. */
export type GameCategory = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type WalletModel = 'transfer' | 'seamless';

export type Volatility = 'low' | 'medium' | 'high';

/** One game as the provider lists it (the catalogue sync copies it into lobby's `games`). */
export interface ProviderGame {
  /** Unique within the venue. */
  gameCode: string;
  nameZh: string;
  nameEn: string;
  category: GameCategory;
  /** A same-origin or data: URL (strict CSP: img-src 'self' data:). */
  imageUrl: string;
  /** The studio that made the game, as shown to members. */
  studio: string;
  /** Published return to player in hundredths of a percent (9650 = 96.50%). */
  rtpBasisPoints: number;
  volatility: Volatility;
  /** A visitor may play it for fun money. */
  demo: boolean;
  hot: boolean;
  /** Released recently; lists sort new games by `releasedAt`. */
  releasedAt: Date;
  /** The provider has the game in maintenance. */
  maintenance: boolean;
}

export interface LaunchRequest {
  venueCode: string;
  gameCode: string;
  /** null for a visitor's demo play. */
  memberId: number | null;
  currency: 'CNY';
  /** Lobby's one-time launch token; the provider redeems it through lobby's `authenticate`. Absent in demo play. */
  launchToken: string | null;
  language: 'zh-CN' | 'en';
  demo: boolean;
  /** Second launch: resume the member's unfinished round of this game, if any. */
  resume: boolean;
}

export interface LaunchAnswer {
  /** Where the game runs (an iframe source); for the studio a same-origin path under /studio/. */
  url: string;
  /** The provider's round the launch resumes, when `resume` found one. */
  resumedRoundId?: string;
}

/** One bet as a transfer venue reports it; `version` grows with every correction of the bet. */
export interface ProviderBetRecord {
  /**
   * The entry's place in the venue's feed: 1, 2, 3, ... with no gaps. A page whose first
   * sequence is not the one after the last applied shows a missing page; lobby stops
   * there and asks again from the gap.
   */
  sequence: number;
  betId: string;
  roundId: string;
  version: number;
  venueCode: string;
  memberId: number;
  gameCode: string;
  stakeMinor: number;
  /** Turnover: the stake that counts (0 for void and cancelled bets). */
  validBetMinor: number;
  payoutMinor: number;
  status: 'settled' | 'void' | 'cancelled';
  /** Human-readable result, e.g. "Banker 7 : Player 5". */
  result: string;
  placedAt: Date;
  settledAt: Date;
}

/**
 * A page of bet records after `cursor` (opaque to lobby; null for the feed's start);
 * `nextCursor` is where the next page starts. A correction of a bet is a new entry with
 * the same betId and a higher version; a repeat of an entry has the same sequence.
 */
export interface BetRecordPage {
  records: ProviderBetRecord[];
  nextCursor: string;
  /** More records are ready after `nextCursor`. */
  more: boolean;
}

/**
 * What a provider tells about one round so that a member can verify it (provably fair:
 * outcome from HMAC-SHA256(server seed, `${clientSeed}:${nonce}`), the sdk's `playRound`).
 * `serverSeed` stays null until the member rotates the seed pair; `serverSeedHash` was
 * shown before the round was played.
 */
export interface RoundDetail {
  roundId: string;
  venueCode: string;
  gameCode: string;
  memberId: number | null;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** The bet as the game's engine takes it (engine-specific JSON). */
  bet: unknown;
  /** The outcome the provider paid on (engine-specific JSON, as `playRound` answers it). */
  outcome: unknown;
  stakeMinor: number;
  payoutMinor: number;
  status: 'open' | 'completed' | 'cancelled';
}

export interface GameProvider {
  /** The provider's games of one venue, maintenance flags included. */
  catalogue(venueCode: string): Promise<ProviderGame[]>;
  /** Opens a game for a member (or a visitor in demo) and answers where it runs. */
  launch(request: LaunchRequest): Promise<LaunchAnswer>;
  /** Transfer venues: settled bets (and corrections) after `cursor`, oldest first. */
  betRecords(venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage>;
  /** One round's verification data; undefined when the provider has no such round. */
  roundDetail(venueCode: string, roundId: string): Promise<RoundDetail | undefined>;
}
