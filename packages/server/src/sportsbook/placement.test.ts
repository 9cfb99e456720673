import { describe, expect, it } from 'vitest';
import { CODE, STAKE_LIMITS, sportsBetConfig, sportsBetDetail, sportsBetList, sportsOddsFormat, sportsOddsFormatSet } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { fixtureOf, legOf, marketOf, memberAtVenue, place, slipId, venueBalance } from './sportsbook-test-support.js';

/**
 * Placing slips at a sports venue against the real sandbox feed and lobby's store: every
 * refusal names its rule and moves nothing; the price lock follows the member's policy; a
 * slip id answers its first answer and refuses another slip.
 */
describe.each(testEngines())('sportsbook placement on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('takes a single and an accumulator pre-match: stakes off the venue balance, bets open with the odds taken', async () => {
    const { memberId, token } = await memberAtVenue(suite, 100_00);
    const [a, b] = [await fixtureOf(suite), await fixtureOf(suite)];
    const legs = [await legOf(suite, a, '1x2', 'home'), await legOf(suite, b, '1x2', 'away')];
    const singles = await place(suite, token, { legs });
    expect(singles.body.code).toBe(0);
    expect(singles.body.data.bets.map((bet) => [bet.betKind, bet.status, bet.stakeMinor, bet.legs[0]!.odds])).toEqual([
      ['single', 'open', 10_00, legs[0]!.odds], ['single', 'open', 10_00, legs[1]!.odds],
    ]);
    const acca = await place(suite, token, { legs, betKind: { kind: 'accumulator' }, stakePerLineMinor: 5_00 });
    expect(acca.body.data.bets).toHaveLength(1);
    expect(acca.body.data.bets[0]!.potentialPayoutMinor).toBe(Math.floor((5_00 * legs[0]!.odds * legs[1]!.odds) / 1_000_000));
    expect(acca.body.data.balanceMinor).toBe(100_00 - 25_00);
    expect(await venueBalance(suite, memberId)).toBe(75_00);
    const open = await suite.call(sportsBetList, { state: 'open' }, { token });
    expect(open.body.data.total).toBe(3);
    expect(open.body.data.bets.find((bet) => bet.betKind === 'accumulator')!.legs.map((leg) => [leg.homeEn, leg.marketType, leg.state])).toEqual([['Home FC', '1x2', 'open'], ['Home FC', '1x2', 'open']]);
  });

  it('answers a repeated slip with its first answer and refuses another slip under the same id', async () => {
    const { memberId, token } = await memberAtVenue(suite, 50_00);
    const fixture = await fixtureOf(suite);
    const leg = await legOf(suite, fixture, '1x2', 'draw');
    const id = slipId();
    const first = await place(suite, token, { slipId: id, legs: [leg] });
    const again = await place(suite, token, { slipId: id, legs: [leg] });
    expect(again.body).toEqual(first.body);
    expect(await venueBalance(suite, memberId)).toBe(40_00);
    const other = await place(suite, token, { slipId: id, legs: [leg], stakePerLineMinor: 20_00 });
    expect(other.body.code).toBe(CODE.sportsSlipReused);
    expect(await venueBalance(suite, memberId)).toBe(40_00);
  });

  it('refuses by rule, naming it, and moves nothing', async () => {
    const { memberId, token } = await memberAtVenue(suite, 20_00);
    const [a, b] = [await fixtureOf(suite), await fixtureOf(suite)];
    const home = await legOf(suite, a, '1x2', 'home');
    const codeOf = async (request: Parameters<typeof place>[2]) => (await place(suite, token, request)).body.code;
    expect(await codeOf({ legs: [{ ...home, marketId: 'nope' }] })).toBe(CODE.sportsMarketNotFound);
    expect(await codeOf({ legs: [{ ...home, selectionId: 'nobody' }] })).toBe(CODE.sportsMarketNotFound);
    expect(await codeOf({ legs: [home], stakePerLineMinor: STAKE_LIMITS['1x2'].preMatch.minStakeMinor - 1 })).toBe(CODE.sportsStakeTooLow);
    const cs = await legOf(suite, a, 'cs', '1-0');
    expect(await codeOf({ legs: [cs], stakePerLineMinor: STAKE_LIMITS.correct_score.preMatch.maxStakeMinor + 1 })).toBe(CODE.sportsStakeTooHigh);
    expect(await codeOf({ legs: [home], stakePerLineMinor: 20_01 })).toBe(CODE.sportsBalanceTooLow);
    // Two selections of one match cannot be combined.
    expect(await codeOf({ legs: [home, await legOf(suite, a, 'oe', 'odd')], betKind: { kind: 'accumulator' } })).toBe(CODE.sportsSlipInvalid);
    expect(await codeOf({ legs: [home, await legOf(suite, b, '1x2', 'home')], betKind: { kind: 'system', system: 'trixie' } })).toBe(CODE.sportsSlipInvalid);
    expect(await codeOf({ legs: [home], venueCode: 'LBSLOTS' })).toBe(CODE.sportsVenueNotSports);
    expect(await codeOf({ legs: [home], venueCode: 'AUSPORT' })).toBe(CODE.venueNotFound);
    suite.app.sportsFeed.sandbox!.betStop(a, 30);
    await suite.app.sportsFeed.consumer.idle();
    expect(await codeOf({ legs: [home] })).toBe(CODE.sportsMarketSuspended);
    expect(await venueBalance(suite, memberId)).toBe(20_00);
    expect((await suite.call(sportsBetList, { state: 'open' }, { token })).body.data.total).toBe(0);
  });

  it('checks the price lock by the policy: accept_none refuses a changed market with the new price, accept_higher and accept_any take it', async () => {
    const { token } = await memberAtVenue(suite, 100_00);
    const fixture = await fixtureOf(suite);
    const seen = await legOf(suite, fixture, '1x2', 'home');
    const now = await marketOf(suite, fixture, '1x2');
    // The member saw an older version at a lower and at a higher price than the market holds now.
    const lower = { ...seen, odds: seen.odds - 50, marketVersion: seen.marketVersion - 1 };
    const higher = { ...seen, odds: seen.odds + 50, marketVersion: seen.marketVersion - 1 };
    const refused = await place(suite, token, { legs: [lower], oddsChangePolicy: 'accept_none' });
    expect(refused.body.code).toBe(CODE.sportsOddsChanged);
    expect(refused.body.data).toEqual({ legs: [{ legIndex: 0, fixtureId: fixture, marketId: '1x2', selectionId: 'home', odds: seen.odds, marketVersion: now.market.version }] });
    expect((await place(suite, token, { legs: [higher], oddsChangePolicy: 'accept_higher' })).body.code).toBe(CODE.sportsOddsChanged);
    const better = await place(suite, token, { legs: [lower], oddsChangePolicy: 'accept_higher' });
    expect(better.body.data.bets[0]!.legs[0]!.odds).toBe(seen.odds);
    const any = await place(suite, token, { legs: [higher], oddsChangePolicy: 'accept_any' });
    expect(any.body.data.bets[0]!.legs[0]!.odds).toBe(seen.odds);
  });

  it('shows a member only its own bets, and keeps its odds format', async () => {
    const one = await memberAtVenue(suite, 20_00);
    const two = await memberAtVenue(suite, 0);
    const fixture = await fixtureOf(suite);
    const placed = await place(suite, one.token, { legs: [await legOf(suite, fixture, 'oe', 'even')] });
    const betId = placed.body.data.bets[0]!.betId;
    expect((await suite.call(sportsBetDetail, { betId }, { token: one.token })).body.data.betId).toBe(betId);
    expect((await suite.call(sportsBetDetail, { betId }, { token: two.token })).body.code).toBe(CODE.sportsBetNotFound);
    expect((await suite.call(sportsBetList, { state: 'open' }, { token: two.token })).body.data.total).toBe(0);
    expect((await suite.call(sportsOddsFormat, {}, { token: two.token })).body.data.format).toBe('decimal');
    await suite.call(sportsOddsFormatSet, { format: 'hongkong' }, { token: two.token });
    expect((await suite.call(sportsOddsFormat, {}, { token: two.token })).body.data.format).toBe('hongkong');
    expect((await suite.call(sportsOddsFormat, {}, { token: one.token })).body.data.format).toBe('decimal');
    const config = (await suite.call(sportsBetConfig, {})).body.data;
    expect(config.limits).toContainEqual({ marketType: 'correct_score', live: true, ...STAKE_LIMITS.correct_score.live });
  });
});
