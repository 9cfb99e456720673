import type { Database, Queryable } from '../db/database.js';
import type { MarketOutcomeRecord } from '../sports-feed/feed-api.js';
import { betTargetOf, type BetTarget } from './bet-rules.js';
import { marketBetsForSettlement, type BetRow, type MarketResult, type SettlingRead } from './bets-repository.js';
import { appendFeed, lockBalances, moveBalances, walletKey, type FeedEntry } from './venue-books.js';

/** Bets brought to their outcome per transaction (a market with 100,000 bets settles in 5; a chunk holds its members' wallet locks about a second). */
export const SETTLEMENT_CHUNK = 20_000;

/**
 * Records a market's outcome (only a newer version than the one applied; docs/SPORTSBOOK.md,
 * "Settlement"): settled results, a whole cancel, a cancel window (a cancel or a settlement
 * may name one; kept until a rollback that names none), or open again after a rollback.
 * Answers whether it was newer.
 */
export async function recordOutcome(db: Database, outcome: MarketOutcomeRecord, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sportsbook_market_results (fixture_id, market_id, version, state, results, reason, applied_at) VALUES ($1, $2, 0, 'open', '{}', '', $3) ON CONFLICT DO NOTHING`,
      [outcome.fixtureId, outcome.marketId, now],
    );
    const { rows } = await tx.query<{ version: number; void_windows: MarketResult['voidWindows'] }>(
      'SELECT version, void_windows FROM sportsbook_market_results WHERE fixture_id = $1 AND market_id = $2 FOR UPDATE',
      [outcome.fixtureId, outcome.marketId],
    );
    if (Number(rows[0]!.version) >= outcome.version) return false;
    const window = outcome.voidFrom && outcome.voidTo ? { from: outcome.voidFrom.toISOString(), to: outcome.voidTo.toISOString() } : undefined;
    // A rollback reopens every bet except those a window it still names voids; a settlement or cancel keeps every window stated before.
    const kept = outcome.state === 'open' ? [] : rows[0]!.void_windows;
    const windows = window && !kept.some((w) => w.from === window.from && w.to === window.to) ? [...kept, window] : kept;
    const state: MarketResult['state'] = outcome.state === 'cancelled' && window ? 'window' : outcome.state;
    await tx.query(
      `UPDATE sportsbook_market_results SET version = $3, state = $4, results = $5, void_windows = $6, reason = $7, applied_at = $8 WHERE fixture_id = $1 AND market_id = $2`,
      [outcome.fixtureId, outcome.marketId, outcome.version, state, JSON.stringify(outcome.results), JSON.stringify(windows), outcome.reason, now],
    );
    return true;
  });
}

/** The words of a step: first settlement, a resettlement, or a reopening, with the feed's reason. */
function reasonOf(bet: BetRow, target: BetTarget, why: string): string {
  const because = why ? `: ${why}` : '';
  if (target.status === 'open') return `Reopened${because}`;
  // Every settlement or reopening step stamps settled_at: a bet that has one was settled before.
  if (bet.settledAt !== null) return `Resettled${because}`;
  return target.status === 'void' ? `Void${because}` : `Settled${because}`;
}

/** A bet's step: its target, the move of its venue balance, and its feed entry. */
interface Step {
  bet: BetRow;
  target: BetTarget;
  paidMinor: number;
  entry: FeedEntry;
}

/** The bets whose outcomes moved them, with their targets (in the order given). */
function changedBets(read: SettlingRead): { bet: BetRow; target: BetTarget }[] {
  const changed: { bet: BetRow; target: BetTarget }[] = [];
  for (const { bet, legs } of read.bets) {
    const target = betTargetOf(bet, legs.map((leg) => ({ ...leg, market: read.markets.get(JSON.stringify([leg.fixtureId, leg.marketId])) })));
    if (target.status === bet.status && target.payoutMinor === bet.payoutMinor && target.validBetMinor === bet.validBetMinor) continue;
    if (target.status === 'open' && bet.status === 'open') continue;
    changed.push({ bet, target });
  }
  return changed;
}

/**
 * Each changed bet's step: the venue pays back its payout at the target (0 while open) less
 * what it paid already; a take-back never goes below the member's balance (what it cannot
 * take back stays paid: docs/SPORTSBOOK.md, "Money"). Credits are counted first, so a
 * take-back may use what the same run pays the member.
 */
function stepsOf(changed: readonly { bet: BetRow; target: BetTarget }[], balances: Map<string, number>, why: string, now: Date): Step[] {
  const wanted = changed.map((c) => (c.target.payoutMinor ?? 0) - c.bet.paidMinor);
  const order = changed.map((_, i) => i).sort((a, b) => wanted[b]! - wanted[a]!);
  const steps: Step[] = new Array<Step>(changed.length);
  for (const i of order) {
    const { bet, target } = changed[i]!;
    const key = walletKey(bet.venueCode, bet.memberId);
    const balance = balances.get(key) ?? 0;
    const delta = Math.max(wanted[i]!, -balance);
    balances.set(key, balance + delta);
    const paidMinor = bet.paidMinor + delta;
    const plain = (target.status === 'void' && paidMinor === bet.stakeMinor) || (target.status === 'open' && paidMinor === 0);
    const reason = reasonOf(bet, target, why);
    steps[i] = {
      bet, target, paidMinor,
      entry: {
        venueCode: bet.venueCode, betId: bet.betId, version: bet.version + 1, validBetMinor: target.status === 'settled' ? target.validBetMinor : 0,
        payoutMinor: plain ? 0 : paidMinor, deltaMinor: delta, status: plain ? 'void' : 'settled', betStatus: target.status, result: reason, settledAt: now,
      },
    };
  }
  return steps;
}

/** Another writer moved a bet between this run's read and its write: the run rolls back and reads again. */
class SettlementRaced extends Error {}

/** PostgreSQL's answers to a race: unique violation (a version posted by another run), deadlock, serialization. */
const RACE_CODES = new Set(['23505', '40P01', '40001']);
const raced = (error: unknown) => error instanceof SettlementRaced || RACE_CODES.has(String((error as { code?: unknown }).code));

/**
 * Brings the next chunk of the market's bets (open, settled or void ones; pending,
 * rejected and cashed-out bets are left alone) to what their markets' outcomes say, in one
 * transaction: bets and their markets' outcomes read (no bet locks), the members' venue
 * balances locked, every changed bet written only at the version read (else the run rolls
 * back and reads again), then the balances moved and the feed entries appended, a few
 * statements each. Locks are taken in the order wallet, bet, feed head, as cash-out and the
 * in-play delay take them. A bet already where its outcomes say changes nothing, so a
 * repeat (or a second instance) is harmless. Answers the bets changed and the last bet id read.
 */
export async function settleChunk(
  db: Database,
  market: { fixtureId: string; marketId: string },
  after: string,
  chunk: number,
  why: string,
  now: Date,
): Promise<{ changed: number; read: number; last: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const read = await marketBetsForSettlement(tx, market, after, chunk);
        const last = read.bets.at(-1)?.bet.betId ?? after;
        const changed = changedBets(read);
        if (changed.length === 0) return { changed: 0, read: read.bets.length, last };
        const balances = await lockBalances(tx, changed.map((c) => ({ venueCode: c.bet.venueCode, memberId: c.bet.memberId })));
        const steps = stepsOf(changed, balances, why, now);
        if ((await writeSteps(tx, steps, now)) !== steps.length) throw new SettlementRaced('a bet changed while it was settled');
        await moveBalances(tx, steps.map((s) => ({ venueCode: s.bet.venueCode, memberId: s.bet.memberId, deltaMinor: s.entry.deltaMinor })));
        await appendFeed(tx, steps.map((s) => s.entry));
        return { changed: steps.length, read: read.bets.length, last };
      });
    } catch (error) {
      if (attempt >= 5 || !raced(error)) throw error;
    }
  }
}

/** Items grouped by a key (a market's many bets fall into a few groups: won, lost, void). */
function groupsOf<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/**
 * Writes each bet's new state where it still is at the version read, one statement per
 * group of bets with the same new state; answers how many were written.
 */
async function writeSteps(tx: Queryable, steps: readonly Step[], now: Date): Promise<number> {
  let written = 0;
  const keyOf = (s: Step) => JSON.stringify([s.target.status, s.target.outcome, s.target.payoutMinor, s.paidMinor, s.target.validBetMinor, s.entry.status, s.entry.result, s.bet.version]);
  for (const group of groupsOf(steps, keyOf)) {
    const [s] = group as [Step];
    const { rowCount } = await tx.query(
      `UPDATE sportsbook_bets SET status = $2, outcome = $3, payout_minor = $4, paid_minor = $5, valid_bet_minor = $6, in_books = $7, version = version + 1,
              reason = $8, settled_at = $9
        WHERE bet_id = ANY($1::text[]) AND version = $10`,
      [group.map((g) => g.bet.betId), s.target.status, s.target.outcome, s.target.payoutMinor, s.paidMinor, s.target.validBetMinor, s.entry.status === 'settled', s.entry.result, now, s.bet.version],
    );
    written += rowCount;
  }
  return written;
}

/**
 * Applies a market's outcome (the feed listener and the sweep call it; idempotent per
 * outcome version): records it, then, unless every bet on the market was brought to that
 * version already, settles them in chunks and notes the version. Answers the bets changed.
 */
export async function applyOutcome(db: Database, outcome: MarketOutcomeRecord, now: Date, chunk = SETTLEMENT_CHUNK): Promise<number> {
  await recordOutcome(db, outcome, now);
  const { rows: marks } = await db.query<{ version: number; settled_version: number; reason: string }>(
    'SELECT version, settled_version, reason FROM sportsbook_market_results WHERE fixture_id = $1 AND market_id = $2',
    [outcome.fixtureId, outcome.marketId],
  );
  const mark = marks[0];
  if (!mark || Number(mark.settled_version) >= Number(mark.version)) return 0;
  let changed = 0;
  // LIMIT counts leg rows; a market has one leg per bet, so a chunk is `chunk` bets.
  for (let after = ''; ;) {
    const step = await settleChunk(db, outcome, after, chunk, mark.reason, now);
    changed += step.changed;
    after = step.last;
    if (step.read < chunk) break;
  }
  await db.query('UPDATE sportsbook_market_results SET settled_version = greatest(settled_version, $3) WHERE fixture_id = $1 AND market_id = $2', [
    outcome.fixtureId, outcome.marketId, Number(mark.version),
  ]);
  return changed;
}

/** Settles what the listener missed: outcomes changed since the sweep's mark, page by page (at most `pages`). Answers the outcomes seen. */
export async function sweepOutcomes(
  db: Database,
  outcomesSince: (since: Date, limit: number) => Promise<MarketOutcomeRecord[]>,
  now: Date,
  pageSize = 200,
  pages = 5,
): Promise<number> {
  await db.query(`INSERT INTO sportsbook_settlement_cursor (id, swept_to) VALUES (1, 'epoch') ON CONFLICT DO NOTHING`);
  let seen = 0;
  for (let page = 0; page < pages; page += 1) {
    const { rows } = await db.query<{ swept_to: Date }>('SELECT swept_to FROM sportsbook_settlement_cursor WHERE id = 1');
    const since = new Date(rows[0]!.swept_to);
    const outcomes = await outcomesSince(since, pageSize);
    for (const outcome of outcomes) await applyOutcome(db, outcome, now);
    seen += outcomes.length;
    const last = Math.max(...outcomes.map((o) => o.at.getTime()));
    // The mark moves past the page's last time only when that time closes the page; a page of one instant moves it 1 ms.
    const next = outcomes.length === 0 ? since : new Date(outcomes.length < pageSize ? last : Math.max(last, since.getTime() + 1));
    await db.query('UPDATE sportsbook_settlement_cursor SET swept_to = greatest(swept_to, $1) WHERE id = 1', [next]);
    if (outcomes.length < pageSize) break;
  }
  return seen;
}
