import { CASH_OUT_MARGIN_BP, cashOutBetValue, oddsChangeDecision, type CashOutLeg, type OddsChangePolicy } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { FixtureMarket } from '../sports-feed/feed-api.js';
import { legResultOf } from './bet-rules.js';
import { betKindOf, betsWithLegs, type BetRow, type LegWithResult } from './bets-repository.js';
import { appendFeed, lockBalances, moveBalances, walletKey } from './venue-books.js';

/**
 * Full cash-out (docs/SPORTSBOOK.md, "Cash-out"): the sdk's `cashOutBetValue` at the feed's
 * current prices less CASH_OUT_MARGIN_BP, refused while an open leg's market is suspended.
 */

export type CashOutQuote = { available: true; valueMinor: number } | { available: false; reason: 'notOpen' | 'suspended' | 'marketClosed' };

type ReadMarket = (fixtureId: string, marketId: string) => Promise<FixtureMarket | undefined>;

/** The offer for a bet now, reading each open leg's market with `read` (locked or not, as the caller needs). */
export async function quoteOf(bet: BetRow, legs: readonly LegWithResult[], read: ReadMarket): Promise<CashOutQuote> {
  if (bet.status !== 'open') return { available: false, reason: 'notOpen' };
  const offered: CashOutLeg[] = [];
  for (const leg of legs) {
    const result = legResultOf(leg.market, leg.selectionId, bet.placedAt);
    if (result) {
      offered.push({ placedOdds: leg.odds, result });
      continue;
    }
    const found = await read(leg.fixtureId, leg.marketId);
    if (!found || found.fixture.status === 'ended' || found.fixture.status === 'cancelled') return { available: false, reason: 'marketClosed' };
    if (found.market.status === 'suspended') return { available: false, reason: 'suspended' };
    const selection = found.market.selections.find((s) => s.id === leg.selectionId);
    if (found.market.status !== 'active') return { available: false, reason: 'marketClosed' };
    if (!selection?.active) return { available: false, reason: 'suspended' };
    offered.push({ placedOdds: leg.odds, currentOdds: selection.odds });
  }
  const value = cashOutBetValue(offered, betKindOf(bet), bet.stakePerLineMinor, CASH_OUT_MARGIN_BP);
  return value === undefined ? { available: false, reason: 'notOpen' } : { available: true, valueMinor: value };
}

async function lockedReader(tx: Queryable, lockMarket: (tx: Queryable, fixtureId: string, marketId: string) => Promise<FixtureMarket | undefined>): Promise<ReadMarket> {
  const seen = new Map<string, FixtureMarket | undefined>();
  return async (fixtureId, marketId) => {
    const key = JSON.stringify([fixtureId, marketId]);
    if (!seen.has(key)) seen.set(key, await lockMarket(tx, fixtureId, marketId));
    return seen.get(key);
  };
}

/**
 * Cashes a member's open bet out in one transaction: the bet locked, its open markets read
 * FOR SHARE (a bet stop waits), the value compared with the quoted one by the policy, the
 * value paid to the venue balance, a settled feed entry ("Cashed out"). A bet cashed out
 * already answers that cash-out again (idempotent). Answers the value and balance after.
 */
export async function cashOut(
  db: Database,
  lockMarket: (tx: Queryable, fixtureId: string, marketId: string) => Promise<FixtureMarket | undefined>,
  request: { memberId: number; betId: string; quotedValueMinor: number; policy: OddsChangePolicy },
  now: Date,
): Promise<{ valueMinor: number; balanceMinor: number }> {
  return db.transaction(async (tx) => {
    // Locks in the order wallet, bet, markets, feed head (as settlement and the in-play delay take them).
    const [seen] = await betsWithLegs(tx, [request.betId]);
    if (!seen || seen.bet.memberId !== request.memberId) throw new BusinessError('sportsBetNotFound', `betId: no such bet of yours (${request.betId})`);
    const key = walletKey(seen.bet.venueCode, seen.bet.memberId);
    const balances = await lockBalances(tx, [{ venueCode: seen.bet.venueCode, memberId: seen.bet.memberId }]);
    const { bet, legs } = (await betsWithLegs(tx, [request.betId], { lock: true }))[0]!;
    if (bet.status === 'cashed_out') return { valueMinor: bet.payoutMinor ?? 0, balanceMinor: balances.get(key) ?? 0 };
    const quote = await quoteOf(bet, legs, await lockedReader(tx, lockMarket));
    if (!quote.available && quote.reason === 'suspended') throw new BusinessError('sportsCashOutSuspended', `betId: a market of ${bet.betId} is suspended: no cash-out now`);
    if (!quote.available) throw new BusinessError('sportsCashOutUnavailable', `betId: ${bet.betId} cannot be cashed out (${quote.reason})`, { reason: quote.reason });
    if (oddsChangeDecision(request.policy, request.quotedValueMinor, quote.valueMinor) === 'refuse') {
      throw new BusinessError('sportsCashOutValueChanged', `quotedValueMinor: the value is now ${quote.valueMinor} fen`, { valueMinor: quote.valueMinor });
    }
    const value = quote.valueMinor;
    await moveBalances(tx, [{ venueCode: bet.venueCode, memberId: bet.memberId, deltaMinor: value - bet.paidMinor }]);
    await appendFeed(tx, [{
      venueCode: bet.venueCode, betId: bet.betId, version: bet.version + 1, validBetMinor: bet.stakeMinor, payoutMinor: value, deltaMinor: value - bet.paidMinor,
      status: 'settled', betStatus: 'cashed_out', result: 'Cashed out', settledAt: now,
    }]);
    await tx.query(
      `UPDATE sportsbook_bets SET status = 'cashed_out', outcome = $2, payout_minor = $3, paid_minor = $3, valid_bet_minor = stake_minor, in_books = true,
              version = version + 1, reason = 'Cashed out', settled_at = $4 WHERE bet_id = $1`,
      [bet.betId, value > bet.stakeMinor ? 'won' : value === 0 ? 'lost' : 'partial', value, now],
    );
    return { valueMinor: value, balanceMinor: (balances.get(key) ?? 0) + value - bet.paidMinor };
  });
}
