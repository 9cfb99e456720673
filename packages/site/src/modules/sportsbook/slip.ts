import { SLIP_LEGS_MAX, combinations, potentialPayout, type BetKind, type Fixture, type Market, type OddsChangePolicy, type OddsMilli, type SlipLeg, type SystemKind } from '@lobby/sdk';

/** One selection on the slip: what the member picked, the price it agreed to and the price now. */
export interface SlipEntry {
  fixtureId: string;
  fixtureStatus: Fixture['status'];
  homeEn: string;
  homeZh: string;
  awayEn: string;
  awayZh: string;
  marketId: string;
  marketType: Market['type'];
  line: number | undefined;
  selectionId: string;
  selectionEn: string;
  selectionZh: string;
  /** The price the member agreed to (sent as the leg's seen odds). */
  seenOdds: OddsMilli;
  /** The market version the member agreed to. */
  seenVersion: number;
  /** The price and version now, as the push delivers them. */
  odds: OddsMilli;
  version: number;
  /** False while the market is not active or the selection is closed: the slip cannot be placed. */
  open: boolean;
}

/** The kinds a slip offers: single, accumulator, the named systems and "n from m" by size. */
export type SlipKind = 'single' | 'accumulator' | Exclude<SystemKind, 'n_from_m'> | `n_from_m:${number}`;

/** Most legs a slip holds (the sportsbook contract's limit). */
export { SLIP_LEGS_MAX };

/** The key of a selection on the slip. */
export const entryKey = (entry: Pick<SlipEntry, 'fixtureId' | 'marketId' | 'selectionId'>): string => `${entry.fixtureId}/${entry.marketId}/${entry.selectionId}`;

/**
 * The slip entry for a selection of a market of a fixture, at the price shown.
 *
 * @example entryOf(fixture, market, market.selections[0])
 */
export function entryOf(fixture: Fixture, market: Market, selectionId: string): SlipEntry {
  const selection = market.selections.find((item) => item.id === selectionId);
  if (!selection) throw new Error(`no selection ${selectionId} in market ${market.id}`);
  return {
    fixtureId: fixture.id,
    fixtureStatus: fixture.status,
    homeEn: fixture.homeEn,
    homeZh: fixture.homeZh,
    awayEn: fixture.awayEn,
    awayZh: fixture.awayZh,
    marketId: market.id,
    marketType: market.type,
    line: market.line,
    selectionId,
    selectionEn: selection.nameEn,
    selectionZh: selection.nameZh,
    seenOdds: selection.odds,
    seenVersion: market.version,
    odds: selection.odds,
    version: market.version,
    open: market.status === 'active' && selection.active && (fixture.status === 'scheduled' || fixture.status === 'live'),
  };
}

/** Whether all legs are on different fixtures (combined bets need that: correlated legs are refused). */
export function distinctFixtures(entries: readonly SlipEntry[]): boolean {
  return new Set(entries.map((entry) => entry.fixtureId)).size === entries.length;
}

/**
 * The bet kinds a slip of these legs offers: singles always; an accumulator from two legs
 * on different fixtures; Trixie with 3 legs, Yankee and Lucky 15 with 4; "n from m" for
 * every size 2..m-1 from 3 legs. Combined kinds need distinct fixtures; a slip holds at
 * most SLIP_LEGS_MAX legs.
 *
 * @example offeredKinds(threeLegs) // ['single', 'accumulator', 'trixie', 'n_from_m:2']
 */
export function offeredKinds(entries: readonly SlipEntry[]): SlipKind[] {
  const count = entries.length;
  if (count === 0) return [];
  const kinds: SlipKind[] = ['single'];
  if (count < 2 || !distinctFixtures(entries)) return kinds;
  if (count > SLIP_LEGS_MAX) return kinds;
  kinds.push('accumulator');
  if (count === 3) kinds.push('trixie');
  if (count === 4) kinds.push('yankee', 'lucky15');
  if (count >= 3) for (let size = 2; size < count; size++) kinds.push(`n_from_m:${size}`);
  return kinds;
}

/** The contract's bet kind of a slip kind. */
export function betKindOf(kind: SlipKind): BetKind {
  if (kind === 'single' || kind === 'accumulator') return { kind };
  if (kind.startsWith('n_from_m:')) return { kind: 'system', system: 'n_from_m', size: Number(kind.slice('n_from_m:'.length)) };
  return { kind: 'system', system: kind as Exclude<SystemKind, 'n_from_m'> };
}

/** How many lines (each staked `stakePerLine`) a slip kind makes of `legCount` legs. */
export function lineCount(legCount: number, kind: SlipKind): number {
  return legCount === 0 ? 0 : combinations(legCount, betKindOf(kind)).length;
}

/**
 * The slip's totals: lines, total stake and the payout if every leg wins at the agreed
 * prices (integer minor units, floored per line by the sdk).
 *
 * @example slipTotals(legs, 'trixie', 1000) // { lines: 4, stakeMinor: 4000, payoutMinor: ... }
 */
export function slipTotals(entries: readonly SlipEntry[], kind: SlipKind, stakePerLineMinor: number): { lines: number; stakeMinor: number; payoutMinor: number } {
  if (entries.length === 0 || stakePerLineMinor <= 0) return { lines: lineCount(entries.length, kind), stakeMinor: 0, payoutMinor: 0 };
  const combos = combinations(entries.length, betKindOf(kind));
  return {
    lines: combos.length,
    stakeMinor: combos.length * stakePerLineMinor,
    payoutMinor: potentialPayout(
      entries.map((entry) => entry.seenOdds),
      combos,
      stakePerLineMinor,
    ),
  };
}

/** The legs a placement sends: the agreed prices and versions. */
export function legsOf(entries: readonly SlipEntry[]): SlipLeg[] {
  return entries.map((entry) => ({ fixtureId: entry.fixtureId, marketId: entry.marketId, selectionId: entry.selectionId, odds: entry.seenOdds, marketVersion: entry.seenVersion }));
}

/** Which way a price moved from the agreed one: up, down, or not at all. */
export function moveOf(entry: SlipEntry): 'up' | 'down' | null {
  if (entry.odds > entry.seenOdds) return 'up';
  if (entry.odds < entry.seenOdds) return 'down';
  return null;
}

/** Whether the market moved under the entry since the member agreed to it (price or version). */
export function hasChanged(entry: SlipEntry): boolean {
  return entry.odds !== entry.seenOdds || entry.version !== entry.seenVersion;
}

/**
 * Whether the member's policy takes the changes on the slip as they are (the server's price
 * lock, sdk priceLockDecision): accept any; higher or equal odds only; none (any change of
 * the market, even of its version alone, is refused until the member accepts it).
 */
export function policyTakes(policy: OddsChangePolicy, entries: readonly SlipEntry[]): boolean {
  return entries.every((entry) => {
    if (!hasChanged(entry) || policy === 'accept_any') return true;
    return policy === 'accept_higher' && entry.odds >= entry.seenOdds;
  });
}

/**
 * An entry after a market change arrived (push or a fresh detail): the new price, version and
 * whether it can be taken. Older versions are ignored.
 */
export function withMarket(entry: SlipEntry, market: Market, fixtureStatus?: Fixture['status']): SlipEntry {
  if (market.id !== entry.marketId || market.version < entry.version) return entry;
  const selection = market.selections.find((item) => item.id === entry.selectionId);
  const status = fixtureStatus ?? entry.fixtureStatus;
  return {
    ...entry,
    fixtureStatus: status,
    odds: selection?.odds ?? entry.odds,
    version: market.version,
    open: market.status === 'active' && (selection?.active ?? false) && (status === 'scheduled' || status === 'live'),
  };
}
