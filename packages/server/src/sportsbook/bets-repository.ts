import type { BetKind, OddsChangePolicy, SelectionResult, SportsBet } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** How a bet kind is stored: the slip's kind, or the system's name. */
export type StoredKind = SportsBet['betKind'];
export type BetStatus = SportsBet['status'];

/** A bet row as stored (sportsbook_bets). */
export interface BetRow {
  betId: string;
  slipId: string;
  memberId: number;
  venueCode: string;
  gameCode: string;
  kind: StoredKind;
  size: number | null;
  lines: number[][];
  stakePerLineMinor: number;
  stakeMinor: number;
  potentialPayoutMinor: number;
  policy: OddsChangePolicy;
  status: BetStatus;
  outcome: SportsBet['outcome'];
  payoutMinor: number | null;
  paidMinor: number;
  validBetMinor: number;
  inBooks: boolean;
  version: number;
  reason: string;
  placedAt: Date;
  acceptAt: Date | null;
  settledAt: Date | null;
}

/** What a leg shows the member (names as they were when the bet was taken). */
export interface LegShown {
  sport: string;
  leagueEn: string;
  leagueZh: string;
  homeEn: string;
  homeZh: string;
  awayEn: string;
  awayZh: string;
  startsAt: string;
  marketType: SportsBet['legs'][number]['marketType'];
  line: number | null;
  selectionEn: string;
  selectionZh: string;
}

export interface LegRow {
  betId: string;
  legIndex: number;
  fixtureId: string;
  marketId: string;
  selectionId: string;
  odds: number;
  marketVersion: number;
  live: boolean;
  shown: LegShown;
}

/** A market's outcome as the sportsbook applied it (sportsbook_market_results). */
export interface MarketResult {
  state: 'settled' | 'cancelled' | 'window' | 'open';
  results: Record<string, SelectionResult>;
  voidWindows: { from: string; to: string }[];
  reason: string;
}

/** A leg with the outcome of its market (undefined while the feed stated none). */
export interface LegWithResult extends LegRow {
  market: MarketResult | undefined;
}

const num = (value: unknown) => Number(value);

export const BET_COLUMNS = `bet_id, slip_id, member_id, venue_code, game_code, kind, size, lines, stake_per_line_minor, stake_minor, potential_payout_minor,
  policy, status, outcome, payout_minor, paid_minor, valid_bet_minor, in_books, version, reason, placed_at, accept_at, settled_at`;

export function betOf(r: Record<string, unknown>): BetRow {
  return {
    betId: String(r.bet_id), slipId: String(r.slip_id), memberId: num(r.member_id), venueCode: String(r.venue_code), gameCode: String(r.game_code),
    kind: r.kind as StoredKind, size: r.size === null ? null : num(r.size), lines: r.lines as number[][], stakePerLineMinor: num(r.stake_per_line_minor),
    stakeMinor: num(r.stake_minor), potentialPayoutMinor: num(r.potential_payout_minor), policy: r.policy as OddsChangePolicy, status: r.status as BetStatus,
    outcome: (r.outcome ?? null) as SportsBet['outcome'], payoutMinor: r.payout_minor === null ? null : num(r.payout_minor), paidMinor: num(r.paid_minor),
    validBetMinor: num(r.valid_bet_minor), inBooks: Boolean(r.in_books), version: num(r.version), reason: String(r.reason),
    placedAt: r.placed_at as Date, acceptAt: (r.accept_at ?? null) as Date | null, settledAt: (r.settled_at ?? null) as Date | null,
  };
}

function legOf(r: Record<string, unknown>): LegWithResult {
  const market: MarketResult | undefined = r.state
    ? { state: r.state as MarketResult['state'], results: r.results as MarketResult['results'], voidWindows: r.void_windows as MarketResult['voidWindows'], reason: String(r.result_reason ?? '') }
    : undefined;
  return {
    betId: String(r.bet_id), legIndex: num(r.leg_index), fixtureId: String(r.fixture_id), marketId: String(r.market_id), selectionId: String(r.selection_id),
    odds: num(r.odds), marketVersion: num(r.market_version), live: Boolean(r.live), shown: r.shown as LegShown, market,
  };
}

/** The stored bet kind as the sdk's BetKind. */
export function betKindOf(bet: Pick<BetRow, 'kind' | 'size'>): BetKind {
  if (bet.kind === 'single') return { kind: 'single' };
  if (bet.kind === 'accumulator') return { kind: 'accumulator' };
  return bet.kind === 'n_from_m' ? { kind: 'system', system: 'n_from_m', size: bet.size ?? 2 } : { kind: 'system', system: bet.kind };
}

/** Bets by id with their legs and the legs' market outcomes; `lock` takes their rows FOR UPDATE (in bet id order). */
export async function betsWithLegs(q: Queryable, betIds: readonly string[], options: { lock?: boolean; statuses?: readonly BetStatus[] } = {}): Promise<{ bet: BetRow; legs: LegWithResult[] }[]> {
  if (betIds.length === 0) return [];
  const statuses = options.statuses ? 'AND status = ANY($2::text[])' : '';
  const { rows } = await q.query(
    `SELECT ${BET_COLUMNS} FROM sportsbook_bets WHERE bet_id = ANY($1::text[]) ${statuses} ORDER BY bet_id ${options.lock ? 'FOR UPDATE' : ''}`,
    options.statuses ? [betIds, options.statuses] : [betIds],
  );
  const bets = rows.map(betOf);
  if (bets.length === 0) return [];
  const legs = await q.query(
    `SELECT l.bet_id, l.leg_index, l.fixture_id, l.market_id, l.selection_id, l.odds, l.market_version, l.live, l.shown,
            r.state, r.results, r.void_windows, r.reason AS result_reason
       FROM sportsbook_legs l LEFT JOIN sportsbook_market_results r ON r.fixture_id = l.fixture_id AND r.market_id = l.market_id
      WHERE l.bet_id = ANY($1::text[]) ORDER BY l.bet_id, l.leg_index`,
    [bets.map((b) => b.betId)],
  );
  const byBet = new Map<string, LegWithResult[]>();
  for (const row of legs.rows) {
    const leg = legOf(row);
    const list = byBet.get(leg.betId) ?? [];
    list.push(leg);
    byBet.set(leg.betId, list);
  }
  return bets.map((bet) => ({ bet, legs: byBet.get(bet.betId) ?? [] }));
}

/** One step of a bet's history as its feed entries tell it. */
export interface BetStep {
  version: number;
  status: BetStatus;
  payoutMinor: number;
  reason: string;
  at: Date;
}

/** The feed entries of the bets, by bet id, oldest first. */
export async function stepsOf(q: Queryable, betIds: readonly string[]): Promise<Map<string, BetStep[]>> {
  const steps = new Map<string, BetStep[]>();
  if (betIds.length === 0) return steps;
  const { rows } = await q.query<Record<string, unknown>>(
    'SELECT bet_id, version, bet_status, payout_minor, result, settled_at FROM sportsbook_bet_feed WHERE bet_id = ANY($1::text[]) ORDER BY bet_id, version',
    [betIds],
  );
  for (const r of rows) {
    const list = steps.get(String(r.bet_id)) ?? [];
    list.push({ version: num(r.version), status: r.bet_status as BetStatus, payoutMinor: num(r.payout_minor), reason: String(r.result), at: r.settled_at as Date });
    steps.set(String(r.bet_id), list);
  }
  return steps;
}

/** A bet as settlement reads it: its row's figures and its legs (no names), by bet id order. */
export interface SettlingBet {
  bet: BetRow;
  legs: { fixtureId: string; marketId: string; selectionId: string; odds: number }[];
}

/** The columns settlement reads of a bet and one of its legs. */
const SETTLING_COLUMNS = `b.bet_id, b.member_id, b.venue_code, b.kind, b.size, b.stake_per_line_minor, b.stake_minor, b.status, b.payout_minor, b.paid_minor,
  b.valid_bet_minor, b.version, (extract(epoch from b.placed_at) * 1000)::bigint AS placed_ms, b.settled_at IS NOT NULL AS was_settled,
  l.fixture_id, l.market_id, l.selection_id, l.odds`;

/** Groups rows of bet and leg (in bet id, leg order) into bets with their legs. */
function settlingBetsOf(rows: readonly Record<string, unknown>[]): SettlingBet[] {
  const bets: SettlingBet[] = [];
  for (const r of rows) {
    const betId = String(r.bet_id);
    let last = bets.at(-1);
    if (last?.bet.betId !== betId) {
      const bet: BetRow = {
        betId, slipId: '', memberId: num(r.member_id), venueCode: String(r.venue_code), gameCode: '', kind: r.kind as StoredKind, size: r.size === null ? null : num(r.size),
        lines: [], stakePerLineMinor: num(r.stake_per_line_minor), stakeMinor: num(r.stake_minor), potentialPayoutMinor: 0, policy: 'accept_none',
        status: r.status as BetStatus, outcome: null, payoutMinor: r.payout_minor === null ? null : num(r.payout_minor), paidMinor: num(r.paid_minor),
        validBetMinor: num(r.valid_bet_minor), inBooks: false, version: num(r.version), reason: '', placedAt: new Date(num(r.placed_ms)), acceptAt: null,
        // Settlement asks only whether the bet was settled before (its time is not read).
        settledAt: r.was_settled ? new Date(0) : null,
      };
      last = { bet, legs: [] };
      bets.push(last);
    }
    last.legs.push({ fixtureId: String(r.fixture_id), marketId: String(r.market_id), selectionId: String(r.selection_id), odds: num(r.odds) });
  }
  return bets;
}

/** The outcomes of the bets' markets, read once per market. */
async function outcomesOf(q: Queryable, bets: readonly SettlingBet[]): Promise<Map<string, MarketResult>> {
  const keys = new Map<string, { fixtureId: string; marketId: string }>();
  for (const { legs } of bets) for (const leg of legs) keys.set(JSON.stringify([leg.fixtureId, leg.marketId]), leg);
  const markets = new Map<string, MarketResult>();
  if (keys.size === 0) return markets;
  const pairs = [...keys.values()];
  const found = await q.query<Record<string, unknown>>(
    `SELECT r.fixture_id, r.market_id, r.state, r.results, r.void_windows, r.reason FROM sportsbook_market_results r
       JOIN unnest($1::text[], $2::text[]) AS t(f, m) ON r.fixture_id = t.f AND r.market_id = t.m`,
    [pairs.map((p) => p.fixtureId), pairs.map((p) => p.marketId)],
  );
  for (const r of found.rows) {
    markets.set(JSON.stringify([r.fixture_id, r.market_id]), {
      state: r.state as MarketResult['state'], results: r.results as MarketResult['results'], voidWindows: r.void_windows as MarketResult['voidWindows'], reason: String(r.reason),
    });
  }
  return markets;
}

/** What settlement reads for a chunk: bets with their legs, and their markets' outcomes. */
export interface SettlingRead {
  bets: SettlingBet[];
  markets: Map<string, MarketResult>;
}

/**
 * The next `limit` open, settled or void bets with a leg on the market, after bet id
 * `after` (keyset paging), with all their legs (no row locks: settlement writes each bet
 * only at the version it read), and their markets' outcomes. One read for singles; the
 * other legs of combined bets in a second.
 */
export async function marketBetsForSettlement(q: Queryable, market: { fixtureId: string; marketId: string }, after: string, limit: number): Promise<SettlingRead> {
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT ${SETTLING_COLUMNS} FROM sportsbook_legs l JOIN sportsbook_bets b ON b.bet_id = l.bet_id
      WHERE l.fixture_id = $1 AND l.market_id = $2 AND l.bet_id > $3 AND b.status IN ('open', 'settled', 'void') ORDER BY l.bet_id, l.leg_index LIMIT $4`,
    [market.fixtureId, market.marketId, after, limit],
  );
  const combined = [...new Set(rows.filter((r) => r.kind !== 'single').map((r) => String(r.bet_id)))];
  if (combined.length === 0) return { bets: settlingBetsOf(rows), markets: await outcomesOf(q, settlingBetsOf(rows)) };
  const legs = await q.query<Record<string, unknown>>(
    `SELECT ${SETTLING_COLUMNS} FROM sportsbook_bets b JOIN sportsbook_legs l ON l.bet_id = b.bet_id WHERE b.bet_id = ANY($1::text[]) ORDER BY b.bet_id, l.leg_index`,
    [combined],
  );
  const whole = new Map<string, Record<string, unknown>[]>();
  for (const r of legs.rows) whole.set(String(r.bet_id), [...(whole.get(String(r.bet_id)) ?? []), r]);
  const merged = rows.flatMap((r) => (r.kind === 'single' ? [r] : (whole.get(String(r.bet_id)) ?? [])));
  const bets = settlingBetsOf(merged);
  return { bets, markets: await outcomesOf(q, bets) };
}
