/**
 * The sportsbook's shared vocabulary (issue 19; docs/SPORTS.md): what the feed adapter
 * delivers, what a bet slip holds and what settlement answers. Pure data: the server, the
 * site and the tests all speak it.
 *
 * Odds are held exactly as integer thousandths of decimal odds (`OddsMilli`: 1.950 is
 * 1950); the smallest price a market may carry is 1.001 (1001). Stakes and payouts are
 * integer minor units (fen). No float ever holds a price or money.
 */

/** Decimal odds times 1000, an integer >= 1001 (1.001). */
export type OddsMilli = number;

/** The formats a member may choose (kept per member). */
export const ODDS_FORMATS = ['decimal', 'hongkong', 'malay', 'indonesian', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** The sports the feed serves: football and basketball for sports, two e-sports titles for e-sports. */
export const SPORT_CODES = ['football', 'basketball', 'esoccer', 'moba'] as const;
export type SportCode = (typeof SPORT_CODES)[number];

/** Sports (venue category 1) or e-sports (venue category 2). */
export type SportKind = 'sports' | 'esports';

/** Where a fixture is on its clock. */
export type FixtureStatus = 'scheduled' | 'live' | 'ended' | 'cancelled';

/** The market types of issue 19. */
export const MARKET_TYPES = ['1x2', 'asian_handicap', 'over_under', 'correct_score', 'odd_even'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/**
 * The established market lifecycle (as odds feeds use it): active (bets taken), suspended
 * (bet stop, shown greyed), inactive (withdrawn before settling, no bets), settled, cancelled
 * (void, stakes back), handed over (another producer now serves it, e.g. pre-match to live).
 */
export const MARKET_STATUSES = ['active', 'suspended', 'inactive', 'settled', 'cancelled', 'handed_over'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** A line in quarters of a goal/point (handicap -0.25 is -1, total 2.5 is 10). Absent for lineless markets. */
export type LineQuarters = number;

export interface Selection {
  /** Unique within the market, e.g. 'home', 'draw', 'away', 'over', 'under', '2-1', 'odd'. */
  id: string;
  nameEn: string;
  nameZh: string;
  odds: OddsMilli;
  /** A selection may be closed on its own while the market stays active. */
  active: boolean;
}

export interface Market {
  /** Unique within the fixture, e.g. '1x2', 'ah:-1' (handicap -0.25 for home), 'ou:10'. */
  id: string;
  type: MarketType;
  /** Handicap of the home side or the total, in quarters; undefined for 1X2, correct score, odd/even. */
  line?: LineQuarters;
  status: MarketStatus;
  /** Grows with every change of the market (odds, status); a bet locks the version it saw. */
  version: number;
  selections: Selection[];
}

export interface Score {
  home: number;
  away: number;
}

export interface Fixture {
  id: string;
  sport: SportCode;
  kind: SportKind;
  leagueId: string;
  leagueEn: string;
  leagueZh: string;
  homeEn: string;
  homeZh: string;
  awayEn: string;
  awayZh: string;
  /** ISO 8601 kick-off time. */
  startsAt: string;
  status: FixtureStatus;
  /** Match minute (sports) or game minute; 0 before the start. */
  minute: number;
  score: Score;
  /** Grows with every change of the fixture itself (status, score, clock). */
  version: number;
}

/**
 * The outcome of one selection once its market is settled (feed settlement message):
 * `won`/`lost`; half results for quarter lines; `void` (stake back); `deadHeatFactor` in
 * thousandths splits a won stake when several selections tie (500: half the stake wins).
 * `voidFactor` (thousandths) is the part of the stake returned, e.g. 1000 full void.
 * On `won`/`lost` a `voidFactor` says the feed's way (result plus void factor, as the
 * big feeds send it): won with 500 is half won, lost with 500 is half lost
 * (docs/SPORTS-RULES.md, "Settlement").
 */
export type SelectionResult =
  | { outcome: 'won'; deadHeatFactor?: number; voidFactor?: number }
  | { outcome: 'lost'; voidFactor?: number }
  | { outcome: 'half_won' }
  | { outcome: 'half_lost' }
  | { outcome: 'void'; voidFactor?: number };

/** One selection on a slip, with the price the member saw (the server checks it). */
export interface SlipLeg {
  fixtureId: string;
  marketId: string;
  selectionId: string;
  /** The odds the member saw. */
  odds: OddsMilli;
  /** The market version the member saw. */
  marketVersion: number;
}

/** A system bet names its kind; 'n_from_m' takes `size` (legs per combination, 2..m). */
export type SystemKind = 'trixie' | 'yankee' | 'lucky15' | 'n_from_m';

export type BetKind =
  | { kind: 'single' }
  | { kind: 'accumulator' }
  | { kind: 'system'; system: SystemKind; size?: number };

/** How the member takes an odds change between seeing a price and the bet being taken. */
export const ODDS_CHANGE_POLICIES = ['accept_any', 'accept_higher', 'accept_none'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];

/** What settlement answers for one bet (all integer minor units). */
export interface BetSettlement {
  /** Total stake of the bet (every line of a system bet). */
  stakeMinor: number;
  /** What is paid back (stake included); 0 for a lost bet. */
  payoutMinor: number;
  /** The stake that counts as turnover (void parts excluded). */
  validBetMinor: number;
  /** 'won' when payout > stake, 'lost' when 0, 'void' when payout == stake from voids only, else 'partial'. */
  outcome: 'won' | 'lost' | 'void' | 'partial';
}
