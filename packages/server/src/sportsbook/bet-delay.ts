import { oddsChangeDecision, potentialPayout } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import type { FixtureMarket, SportsStore } from '../sports-feed/feed-api.js';
import { betsWithLegs, type BetRow, type LegWithResult } from './bets-repository.js';
import { appendFeed, lockBalances, stakeMove } from './venue-books.js';

/**
 * The in-play bet delay (docs/SPORTSBOOK.md, "In-play delay"): a bet on a live fixture waits
 * IN_PLAY_DELAY_MS as `pending`, then is accepted when none of its markets was suspended
 * since it was placed (`suspendedAt`), every market and selection is still open and each
 * price still passes the member's policy (the leg then takes the price now); otherwise it is
 * rejected and its stake goes back.
 */

/** Why a pending bet cannot be accepted, or undefined; `prices` gets each leg's price now. */
function rejectionOf(bet: BetRow, legs: readonly LegWithResult[], markets: Map<string, FixtureMarket | undefined>, prices: number[]): string | undefined {
  for (const [index, leg] of legs.entries()) {
    const found = markets.get(JSON.stringify([leg.fixtureId, leg.marketId]));
    const where = `selection ${index + 1}`;
    if (!found || found.market.status !== 'active' || found.fixture.status === 'ended' || found.fixture.status === 'cancelled') return `${where}: the market closed during the in-play delay`;
    if (found.suspendedAt && found.suspendedAt.getTime() >= bet.placedAt.getTime()) return `${where}: the market was suspended during the in-play delay`;
    const selection = found.market.selections.find((s) => s.id === leg.selectionId);
    if (!selection?.active) return `${where}: the selection closed during the in-play delay`;
    if (oddsChangeDecision(bet.policy, leg.odds, selection.odds) === 'refuse') return `${where}: the price moved from ${leg.odds} to ${selection.odds} during the in-play delay`;
    prices.push(selection.odds);
  }
  return undefined;
}

async function accept(tx: Queryable, bet: BetRow, legs: readonly LegWithResult[], prices: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE sportsbook_legs l SET odds = t.odds FROM unnest($2::smallint[], $3::integer[]) AS t(i, odds) WHERE l.bet_id = $1 AND l.leg_index = t.i AND l.odds <> t.odds`,
    [bet.betId, legs.map((l) => l.legIndex), prices],
  );
  await tx.query(
    `UPDATE sportsbook_bets SET status = 'open', version = version + 1, reason = 'Accepted after the in-play delay', potential_payout_minor = $2 WHERE bet_id = $1`,
    [bet.betId, potentialPayout(prices, bet.lines, bet.stakePerLineMinor)],
  );
}

async function reject(tx: Queryable, bet: BetRow, reason: string, now: Date): Promise<void> {
  await stakeMove(tx, { betId: bet.betId, kind: 'refund', venueCode: bet.venueCode, memberId: bet.memberId, deltaMinor: bet.stakeMinor }, now);
  const text = `Rejected: ${reason}`;
  await appendFeed(tx, [{
    venueCode: bet.venueCode, betId: bet.betId, version: bet.version + 1, validBetMinor: 0, payoutMinor: 0, deltaMinor: 0, status: 'cancelled', betStatus: 'rejected',
    result: text, settledAt: now,
  }]);
  await tx.query(
    `UPDATE sportsbook_bets SET status = 'rejected', payout_minor = stake_minor, version = version + 1, reason = $2, settled_at = $3, in_books = true WHERE bet_id = $1`,
    [bet.betId, text, now],
  );
}

/** Decides one pending bet whose delay is over, in one transaction (bet locked, then its markets FOR SHARE). Answers the new status. */
async function decide(db: Database, store: SportsStore, betId: string, now: Date): Promise<'open' | 'rejected' | undefined> {
  return db.transaction(async (tx) => {
    // Locks in the order wallet, bet, markets, feed head (as settlement and cash-out take them).
    const [seen] = await betsWithLegs(tx, [betId], { statuses: ['pending'] });
    if (!seen) return undefined;
    await lockBalances(tx, [{ venueCode: seen.bet.venueCode, memberId: seen.bet.memberId }]);
    const [found] = await betsWithLegs(tx, [betId], { lock: true, statuses: ['pending'] });
    if (!found || !found.bet.acceptAt || found.bet.acceptAt > now) return undefined;
    const markets = new Map<string, FixtureMarket | undefined>();
    for (const key of [...new Set(found.legs.map((l) => JSON.stringify([l.fixtureId, l.marketId])))].sort()) {
      const [fixtureId, marketId] = JSON.parse(key) as [string, string];
      markets.set(key, await store.lockMarket(tx, fixtureId, marketId));
    }
    const prices: number[] = [];
    const why = rejectionOf(found.bet, found.legs, markets, prices);
    if (why) {
      await reject(tx, found.bet, why, now);
      return 'rejected';
    }
    await accept(tx, found.bet, found.legs, prices);
    return 'open';
  });
}

/**
 * Decides every pending bet whose delay is over (of one member, or all): the sweep on
 * listening instances and every bet list call run it. Answers the bets decided.
 */
export async function decidePendingBets(db: Database, store: SportsStore, now: Date, memberId?: number): Promise<string[]> {
  const { rows } = await db.query<{ bet_id: string }>(
    `SELECT bet_id FROM sportsbook_bets WHERE status = 'pending' AND accept_at <= $1 ${memberId === undefined ? '' : 'AND member_id = $2'} ORDER BY accept_at LIMIT 500`,
    memberId === undefined ? [now] : [now, memberId],
  );
  const decided: string[] = [];
  for (const row of rows) if (await decide(db, store, row.bet_id, now)) decided.push(row.bet_id);
  return decided;
}
