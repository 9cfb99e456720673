import { describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { expectBooksEqualVenue, fixtureOf, legOf, marketOf, memberAtVenue, place } from './sportsbook-test-support.js';

/**
 * Bets racing a bet stop under real concurrency (PostgreSQL only): placements lock their
 * market FOR SHARE, so the stop's update waits for those already in, and every placement
 * after it sees the market suspended. None is accepted after the stop; each accepted bet
 * took the price and market version it was shown (accept_none).
 */
describe.each(testEngines().filter((engine) => engine.name === 'postgres'))('sportsbook bet stop race on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('accepts no bet after the bet stop, and each accepted bet holds the price it saw', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => memberAtVenue(suite, 200_00)));
    const fixture = await fixtureOf(suite);
    const seen = await legOf(suite, fixture, '1x2', 'home');
    const placements = Array.from({ length: 48 }, (_, i) => place(suite, members[i % members.length]!.token, { legs: [seen], stakePerLineMinor: 2_00 }));
    // The stop lands while the placements run (once a few are in); when the consumer is idle it is committed.
    const placed = async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sportsbook_legs WHERE fixture_id = $1', [fixture])).rows[0]!.n;
    while ((await placed()) < 6) await new Promise((resolve) => setTimeout(resolve, 2));
    suite.app.sportsFeed.sandbox!.betStop(fixture, 60);
    await suite.app.sportsFeed.consumer.idle();
    const atStop = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sportsbook_legs WHERE fixture_id = $1', [fixture]);
    const stopped = await marketOf(suite, fixture, '1x2');
    expect(stopped.market.status).toBe('suspended');
    // A second wave, sent once the stop is committed: every one of them sees the market suspended.
    const late = await Promise.all(Array.from({ length: 16 }, (_, i) => place(suite, members[i % members.length]!.token, { legs: [seen], stakePerLineMinor: 2_00, oddsChangePolicy: 'accept_any' })));
    expect(late.map((answer) => answer.body.code)).toEqual(late.map(() => CODE.sportsMarketSuspended));
    const answers = await Promise.all(placements);

    const accepted = answers.filter((answer) => answer.body.code === 0);
    const refused = answers.filter((answer) => answer.body.code !== 0).map((answer) => answer.body.code);
    expect(new Set(refused)).toEqual(new Set(refused.length > 0 ? [CODE.sportsMarketSuspended] : []));
    const after = await suite.db.query<{ n: number; versions: number[]; odds: number[] }>(
      'SELECT count(*)::int AS n, array_agg(DISTINCT market_version) AS versions, array_agg(DISTINCT odds) AS odds FROM sportsbook_legs WHERE fixture_id = $1', [fixture]);
    expect(after.rows[0]!.n).toBe(accepted.length);
    expect(after.rows[0]!.n).toBe(atStop.rows[0]!.n);
    if (accepted.length > 0) {
      expect(after.rows[0]!.versions).toEqual([seen.marketVersion]);
      expect(after.rows[0]!.odds).toEqual([seen.odds]);
    }
    expect(stopped.market.version).toBeGreaterThan(seen.marketVersion);
    for (const member of members) await expectBooksEqualVenue(suite, member.memberId);
  });
});
