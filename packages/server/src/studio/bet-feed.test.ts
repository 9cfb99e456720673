import { describe, expect, it } from 'vitest';
import type { ProviderBetRecord } from '../games/game-provider.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { StudioTimeoutError } from './faults.js';
import { transferTableWallet } from './tables/table-wallet.js';
import type { RoundView } from './play-views.js';
import { launchedMember, studioApi, venueBalanceOf } from './studio-test-support.js';

const VENUE = 'LBCHESS';

describe.each(testEngines())('the studio bet-record feed on %s', (engine) => {
  const suite = serverSuite(engine);
  let next = 0;

  /** Plays `count` dragon-tiger rounds for a new member; answers the member and the feed cursor before them. */
  async function played(count: number) {
    const head = await suite.db.query<{ last: string }>(`SELECT coalesce(max(sequence), 0)::text AS last FROM studio_bet_feed WHERE venue_code = $1`, [VENUE]);
    const { memberId, session } = await launchedMember(suite, VENUE, 'dragon-tiger', 100_00);
    const rounds: RoundView[] = [];
    for (let i = 0; i < count; i += 1) {
      const answer = await studioApi<{ round: RoundView }>(suite.app, 'POST', '/studio/api/rounds', session, { requestId: `feed-${(next += 1)}-${Date.now()}`, bet: { spots: { tiger: 200 } } });
      rounds.push(answer.data.round);
    }
    return { memberId, rounds, cursor: head.rows[0]!.last };
  }

  const sequences = (records: ProviderBetRecord[]) => records.map((r) => r.sequence);

  it('serves settled bets oldest first, gap-free, with stake, valid bet and payout as played', async () => {
    const { memberId, rounds, cursor } = await played(4);
    const page = await suite.app.studio.betRecords(VENUE, cursor, 10);
    const start = Number(cursor);
    expect(sequences(page.records)).toEqual([start + 1, start + 2, start + 3, start + 4]);
    expect(page.records.map((r) => [r.betId, r.stakeMinor, r.validBetMinor, r.payoutMinor, r.status, r.memberId])).toEqual(
      rounds.map((r) => [r.roundId, r.stakeMinor, r.stakeMinor, r.payoutMinor, 'settled', memberId]),
    );
    expect(page).toMatchObject({ nextCursor: String(start + 4), more: false });
    const firstTwo = await suite.app.studio.betRecords(VENUE, cursor, 2);
    expect(firstTwo.more).toBe(true);
    expect((await suite.app.studio.betRecords('LBSTUDIO', null, 10)).records).toEqual([]);
  });

  it('injects duplicates, out-of-order pages, a missing page served later, a late correction and a timeout', async () => {
    const { memberId, cursor } = await played(6);
    const start = Number(cursor);
    const studio = suite.app.studio;

    studio.failNext('feed', VENUE, { fault: 'duplicate' });
    const doubled = await studio.betRecords(VENUE, cursor, 3);
    expect(sequences(doubled.records)).toEqual([start + 1, start + 1, start + 2, start + 2, start + 3, start + 3]);

    studio.failNext('feed', VENUE, { fault: 'outOfOrder' });
    expect(sequences((await studio.betRecords(VENUE, cursor, 3)).records)).toEqual([start + 3, start + 2, start + 1]);

    const door = await suite.app.inject({ method: 'POST', url: '/sandbox/studio/fault', payload: { target: 'feed', venueCode: VENUE, fault: 'missingPage' } });
    expect(door.json()).toMatchObject({ code: 0 });
    const skipped = await studio.betRecords(VENUE, cursor, 3);
    expect(sequences(skipped.records)).toEqual([start + 4, start + 5, start + 6]);
    expect(sequences((await studio.betRecords(VENUE, cursor, 3)).records)).toEqual([start + 1, start + 2, start + 3]);
    studio.failNext('feed', VENUE, { fault: 'missingPage' });
    const nearEnd = String(start + 4);
    expect(await studio.betRecords(VENUE, nearEnd, 3)).toMatchObject({ records: [], nextCursor: nearEnd });
    expect(sequences((await studio.betRecords(VENUE, nearEnd, 3)).records)).toEqual([start + 5, start + 6]);

    studio.failNext('feed', VENUE, { fault: 'timeout' });
    await expect(studio.betRecords(VENUE, cursor, 3)).rejects.toBeInstanceOf(StudioTimeoutError);

    const before = await venueBalanceOf(suite, VENUE, memberId);
    const served = await studio.betRecords(VENUE, cursor, 6);
    const last = served.records.at(-1)!;
    studio.failNext('feed', VENUE, { fault: 'lateCorrection', deltaMinor: 150 });
    const corrected = await studio.betRecords(VENUE, served.nextCursor, 10);
    const correction = corrected.records.find((r) => r.betId === last.betId)!;
    expect(correction).toMatchObject({ version: 2, payoutMinor: last.payoutMinor + 150, sequence: last.sequence + 1, stakeMinor: last.stakeMinor });
    expect(await venueBalanceOf(suite, VENUE, memberId)).toBe(before + 150);

    const bad = await suite.app.inject({ method: 'POST', url: '/sandbox/studio/fault', payload: { target: 'feed', venueCode: VENUE, fault: 'explode' } });
    expect(bad.json().msg).toMatch(/fault: one of/);
  });

  it('reports the stakes of shared-table bets not settled yet, for the venue audit', async () => {
    const { memberId } = await played(0);
    const bet = { betId: `open-${Date.now()}`, roundId: 'table-1:1', venueCode: VENUE, gameCode: 'dragon-tiger', memberId, stakeMinor: 3_00, placedAt: new Date() };
    expect(await suite.app.studio.openStakesMinor(VENUE, memberId)).toBe(0);
    await suite.db.transaction((tx) => transferTableWallet.stake(tx, bet, new Date()));
    expect(await suite.app.studio.openStakesMinor(VENUE, memberId)).toBe(3_00);
    expect(await venueBalanceOf(suite, VENUE, memberId)).toBe(97_00);
    await suite.db.transaction((tx) => transferTableWallet.pay(tx, bet, 6_00, 'Tiger wins', new Date()));
    expect(await suite.app.studio.openStakesMinor(VENUE, memberId)).toBe(0);
    expect(await venueBalanceOf(suite, VENUE, memberId)).toBe(103_00);
  });
});
