import { describe, expect, it } from 'vitest';
import {
  CODE, IN_PLAY_DELAY_MS, selectionResultFor, settleBet, sportsBetDetail, sportsBetList, sportsCashOut, sportsCashOutQuote, type Score, type SportsBet,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite, type ServerSuite } from '../testing/server-suite.js';
import { expectBooksEqualVenue, fixtureOf, legOf, memberAtVenue, place, tick, venueBalance } from './sportsbook-test-support.js';

/** The bet's payout by the sdk's rules from the final scores (the feed's results are what the server used). */
function expectedPayout(bet: SportsBet, finals: Map<string, Score>, cancelled: ReadonlySet<string>): number {
  const legs = bet.legs.map((leg) => ({
    odds: leg.odds,
    result: cancelled.has(`${leg.fixtureId}/${leg.marketId}`) ? { outcome: 'void' as const } : selectionResultFor(leg.marketType, leg.line ?? undefined, leg.selectionId, finals.get(leg.fixtureId)!),
  }));
  const kind = bet.betKind === 'single' || bet.betKind === 'accumulator' ? { kind: bet.betKind } : { kind: 'system' as const, system: bet.betKind };
  return settleBet(legs, kind, bet.stakePerLineMinor).payoutMinor;
}

/** A quarter line of the fixture's Asian handicap (home side), for half results. */
async function quarterHandicap(suite: ServerSuite, fixtureId: string): Promise<string> {
  const { rows } = await suite.db.query<{ market_id: string }>(
    "SELECT market_id FROM sports_markets WHERE fixture_id = $1 AND type = 'asian_handicap' AND line % 2 <> 0 AND status = 'active' ORDER BY abs(line) LIMIT 1", [fixtureId]);
  return rows[0]!.market_id;
}

/** The first open market of a type at the fixture. */
async function marketOfType(suite: ServerSuite, fixtureId: string, type: string): Promise<string> {
  const { rows } = await suite.db.query<{ market_id: string }>("SELECT market_id FROM sports_markets WHERE fixture_id = $1 AND type = $2 AND status = 'active' ORDER BY market_id LIMIT 1", [fixtureId, type]);
  return rows[0]!.market_id;
}

async function betsOf(suite: ServerSuite, token: string, state: 'open' | 'settled'): Promise<SportsBet[]> {
  return (await suite.call(sportsBetList, { state, pageSize: 50 }, { token })).body.data.bets;
}

/**
 * Settlement through the real sandbox feed: matches played to their end settle singles,
 * accumulators and a Trixie with a cancelled (void) leg and a quarter-line half result;
 * a rollback reopens bets and takes payouts back, a resettlement posts them again; after
 * bet sync lobby's books equal the venue and the audit is sound at every step.
 */
describe.each(testEngines())('sportsbook settlement on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('settles singles, an accumulator and a Trixie with a void leg and a half result; rollback and resettlement keep the books equal to the venue', async () => {
    const { memberId, token } = await memberAtVenue(suite, 1_000_00);
    const [a, b, c] = [await fixtureOf(suite, { startsInMs: 60_000 }), await fixtureOf(suite, { startsInMs: 60_000 }), await fixtureOf(suite, { startsInMs: 60_000 })];
    const ah = await quarterHandicap(suite, b);
    const total = await marketOfType(suite, b, 'over_under');
    const aHome = await legOf(suite, a, '1x2', 'home');
    const bHalf = await legOf(suite, b, ah, 'home');
    const cHome = await legOf(suite, c, '1x2', 'home');
    expect((await place(suite, token, { legs: [aHome, bHalf, await legOf(suite, a, 'oe', 'odd')] })).body.code).toBe(0);
    expect((await place(suite, token, { legs: [aHome, await legOf(suite, b, total, 'under')], betKind: { kind: 'accumulator' } })).body.code).toBe(0);
    const trixie = await place(suite, token, { legs: [aHome, bHalf, cHome], betKind: { kind: 'system', system: 'trixie' }, stakePerLineMinor: 3_00 });
    expect(trixie.body.data.bets[0]!.lines).toBe(4);
    const staked = 30_00 + 10_00 + 12_00;
    expect(await venueBalance(suite, memberId)).toBe(1_000_00 - staked);
    await expectBooksEqualVenue(suite, memberId);

    // C's 1X2 is cancelled before the start: its legs are void. A ends 1-0, B and C 0-0.
    suite.app.sportsFeed.sandbox!.cancel(c, { marketIds: ['1x2'], reason: 'match moved' });
    suite.clock.advance(61_000);
    await tick(suite);
    suite.app.sportsFeed.sandbox!.goal(a, 'home');
    for (const id of [a, b, c]) suite.app.sportsFeed.sandbox!.run(id, { toEnd: true });
    await tick(suite);

    const finals = new Map([[a, { home: 1, away: 0 }], [b, { home: 0, away: 0 }], [c, { home: 0, away: 0 }]]);
    const settled = await betsOf(suite, token, 'settled');
    expect(settled).toHaveLength(5);
    expect(await betsOf(suite, token, 'open')).toEqual([]);
    for (const bet of settled) expect(bet.payoutMinor).toBe(expectedPayout(bet, finals, new Set([`${c}/1x2`])));
    // Worked example: Trixie at 3.00 a line, A won at oA, B half lost (1/2), C void (1): AB, AC, BC, ABC.
    const tx = settled.find((bet) => bet.betKind === 'trixie')!;
    const oA = aHome.odds;
    const stateB = tx.legs[1]!.state;
    // B's factor per unit staked at 0-0 on a quarter line: half lost 1/2, half won (1 + oB) / 2, lost 0, won oB.
    const [fn, fd] = ({ half_lost: [1, 2], half_won: [1000 + bHalf.odds, 2000], lost: [0, 1], won: [bHalf.odds, 1000] } as Record<string, [number, number]>)[stateB]!;
    const line = (numerator: number, denominator: number) => Math.floor((3_00 * numerator) / denominator);
    expect(tx.payoutMinor).toBe(line(oA * fn, 1000 * fd) + line(oA, 1000) + line(fn, fd) + line(oA * fn, 1000 * fd));
    expect(tx.legs.map((leg) => leg.state)).toEqual(['won', stateB, 'void']);
    const paid = settled.reduce((sum, bet) => sum + bet.payoutMinor!, 0);
    expect(await venueBalance(suite, memberId)).toBe(1_000_00 - staked + paid);
    await expectBooksEqualVenue(suite, memberId);
    const turnover = await suite.db.query<{ valid: string }>("SELECT coalesce(sum(valid_bet_minor), 0) AS valid FROM game_bets WHERE member_id = $1 AND venue_code = 'LBSPORT' AND status = 'settled'", [memberId]);
    expect(Number(turnover.rows[0]!.valid)).toBe(settled.reduce((sum, bet) => sum + bet.validBetMinor, 0));
    const firstBooks = await venueBalance(suite, memberId);

    // A's 1X2 rolled back and settled again (the same score): bets reopen, then settle again; the books return to the first state.
    suite.app.sportsFeed.sandbox!.rollback(a, { kind: 'settlement', marketIds: ['1x2'], resettle: true, reason: 'score checked' });
    await tick(suite);
    expect(await venueBalance(suite, memberId)).toBe(firstBooks);
    const again = (await suite.call(sportsBetDetail, { betId: tx.betId }, { token })).body.data;
    expect(again).toMatchObject({ status: 'settled', payoutMinor: tx.payoutMinor, resettled: true });
    expect(again.reason).toMatch(/^Resettled/);
    expect(again.history.map((step) => step.status)).toEqual(['open', 'settled', 'open', 'settled']);
    expect(again.history[2]!.reason).toBe('Reopened: score checked');
    await expectBooksEqualVenue(suite, memberId);

    // B's total rolled back and left open: the accumulator reopens and its payout is taken back; its stake counts as open at the venue.
    suite.app.sportsFeed.sandbox!.rollback(b, { kind: 'settlement', marketIds: [total], reason: 'result under review' });
    await tick(suite);
    const reopened = await betsOf(suite, token, 'open');
    expect(reopened.map((bet) => [bet.betKind, bet.reason])).toEqual([['accumulator', 'Reopened: result under review']]);
    const accaPaid = settled.find((bet) => bet.betKind === 'accumulator')!.payoutMinor!;
    expect(await venueBalance(suite, memberId)).toBe(firstBooks - accaPaid);
    expect(await suite.app.sportsbook.provider.openStakesMinor('LBSPORT', memberId)).toBe(10_00);
    await expectBooksEqualVenue(suite, memberId);
    const corrections = await suite.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers WHERE code LIKE 'game_%_correction' AND reference LIKE 'bet:LBSPORT:%'");
    expect(corrections.rows[0]!.n).toBeGreaterThan(0);
  });

  it('holds an in-play bet for the delay: accepted when its market stayed open, rejected with the stake back after a bet stop', async () => {
    const { memberId, token } = await memberAtVenue(suite, 100_00);
    const live = await fixtureOf(suite, { startsInMs: 0 });
    const kept = await place(suite, token, { legs: [await legOf(suite, live, 'oe', 'even')], oddsChangePolicy: 'accept_any' });
    expect(kept.body.data.bets[0]).toMatchObject({ status: 'pending', acceptAt: new Date(suite.clock.now() + IN_PLAY_DELAY_MS).toISOString() });
    suite.clock.advance(IN_PLAY_DELAY_MS);
    expect((await betsOf(suite, token, 'open')).map((bet) => bet.status)).toEqual(['open']);

    const stopped = await place(suite, token, { legs: [await legOf(suite, live, 'oe', 'odd')], oddsChangePolicy: 'accept_any' });
    expect(stopped.body.data.bets[0]!.status).toBe('pending');
    suite.clock.advance(1_000);
    suite.app.sportsFeed.sandbox!.betStop(live, 2);
    await tick(suite);
    suite.clock.advance(IN_PLAY_DELAY_MS);
    await tick(suite);
    const rejected = (await suite.call(sportsBetDetail, { betId: stopped.body.data.bets[0]!.betId }, { token })).body.data;
    expect(rejected).toMatchObject({ status: 'rejected', validBetMinor: 0 });
    expect(rejected.reason).toMatch(/^Rejected: selection 1: the market was suspended during the in-play delay/);
    expect(await venueBalance(suite, memberId)).toBe(90_00);
    await expectBooksEqualVenue(suite, memberId);
  });

  it('voids a bet placed inside a cancel window (taken after its outcome was known)', async () => {
    const { memberId, token } = await memberAtVenue(suite, 50_00);
    const fixture = await fixtureOf(suite);
    const placedAt = suite.clock.now();
    const bet = (await place(suite, token, { legs: [await legOf(suite, fixture, '1x2', 'away')] })).body.data.bets[0]!;
    suite.clock.advance(1_000);
    suite.app.sportsFeed.sandbox!.cancel(fixture, { marketIds: ['1x2'], voidFromMs: placedAt - 500, voidToMs: placedAt + 500 });
    await tick(suite);
    const after = (await suite.call(sportsBetDetail, { betId: bet.betId }, { token })).body.data;
    expect(after).toMatchObject({ status: 'void', payoutMinor: 10_00, validBetMinor: 0, outcome: 'void' });
    expect(await venueBalance(suite, memberId)).toBe(50_00);
    await expectBooksEqualVenue(suite, memberId);
  });

  it('cashes out at the quoted value (once), and refuses while a market is suspended', async () => {
    const { memberId, token } = await memberAtVenue(suite, 100_00);
    const fixture = await fixtureOf(suite);
    const [first, second] = (await place(suite, token, { legs: [await legOf(suite, fixture, '1x2', 'home'), await legOf(suite, fixture, 'oe', 'odd')] })).body.data.bets;
    const quote = (await suite.call(sportsCashOutQuote, { betId: first!.betId }, { token })).body.data;
    expect(quote.available).toBe(true);
    expect(quote.valueMinor).toBeGreaterThan(0);
    expect((await suite.call(sportsCashOut, { betId: first!.betId, quotedValueMinor: quote.valueMinor + 1 }, { token })).body.code).toBe(CODE.sportsCashOutValueChanged);
    const done = await suite.call(sportsCashOut, { betId: first!.betId, quotedValueMinor: quote.valueMinor }, { token });
    expect(done.body.data).toMatchObject({ valueMinor: quote.valueMinor, bet: { status: 'cashed_out', payoutMinor: quote.valueMinor } });
    const again = await suite.call(sportsCashOut, { betId: first!.betId, quotedValueMinor: quote.valueMinor }, { token });
    expect(again.body.data.valueMinor).toBe(quote.valueMinor);
    expect(await venueBalance(suite, memberId)).toBe(80_00 + quote.valueMinor);

    suite.app.sportsFeed.sandbox!.betStop(fixture, 30);
    await suite.app.sportsFeed.consumer.idle();
    expect((await suite.call(sportsCashOutQuote, { betId: second!.betId }, { token })).body.data).toMatchObject({ available: false, reason: 'suspended' });
    expect((await suite.call(sportsCashOut, { betId: second!.betId, quotedValueMinor: 1, oddsChangePolicy: 'accept_any' }, { token })).body.code).toBe(CODE.sportsCashOutSuspended);
    await expectBooksEqualVenue(suite, memberId);
  });
});
