import { describe, expect, it } from 'vitest';
import { RECYCLE_THROTTLE_MS, oneClickRecycle, opsAudit } from '@lobby/sdk';
import { auditLedger, balancesOf } from '../ledger/index.js';
import { launchedMember, studioApi } from '../studio/studio-test-support.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { auditVenueBooks, venueBooksOf } from '../venues/index.js';

const VENUE = 'LBSLOTS';

/**
 * Bet sync against the real sandbox studio (studio/): rounds played through its play API
 * move the sandbox venue wallet and join its feed; lobby's pull under each fault the studio
 * can inject leaves every member's books equal to the venue and the audit sound.
 */
describe.each(testEngines())('bet sync with the sandbox studio on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  let next = 0;
  const play = (session: string) =>
    studioApi<{ balanceMinor: number }>(suite.app, 'POST', '/studio/api/rounds', session, { requestId: `bs-${process.pid}-${(next += 1)}`, bet: { lineBetMinor: 100 } });

  async function playRounds(session: string, rounds: number) {
    for (let i = 0; i < rounds; i += 1) expect((await play(session)).code).toBe(0);
  }

  async function expectBooksEqualVenue(memberIds: readonly number[]) {
    for (const memberId of memberIds) {
      const books = (await venueBooksOf(suite.db, memberId)).get(VENUE);
      expect(books).toBe(await suite.app.venueProvider.balance(VENUE, memberId));
    }
    const audit = await auditVenueBooks(suite.db, suite.app.venueProvider, suite.clock.now());
    expect(audit.bookMismatches).toEqual([]);
    expect(audit.feedStops).toEqual([]);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  }

  it('posts studio rounds under every feed fault; books equal the venue after each pull', async () => {
    const a = await launchedMember(suite, VENUE, 'fruit-classic', 40_00);
    const b = await launchedMember(suite, VENUE, 'fruit-classic', 25_00);
    const members = [a.memberId, b.memberId];
    const faults = [
      { fault: 'duplicate' as const }, { fault: 'outOfOrder' as const }, { fault: 'missingPage' as const },
      { fault: 'lateCorrection' as const, deltaMinor: 150 }, { fault: 'lateCorrection' as const, deltaMinor: -40 }, { fault: 'timeout' as const },
    ];
    await playRounds(a.session, 6);
    await playRounds(b.session, 4);
    expect((await suite.app.betSync.syncVenue(VENUE))?.reachedEnd).toBe(true);
    await expectBooksEqualVenue(members);
    for (const fault of faults) {
      await playRounds(a.session, 3);
      await playRounds(b.session, 2);
      suite.app.studio.failNext('feed', VENUE, fault);
      const first = await suite.app.betSync.syncVenue(VENUE);
      if (fault.fault === 'timeout') expect(first?.stoppedBy).toMatch(/./);
      // A fault may leave the pull short (a missing tail, a timeout); the next pull catches up.
      if (!first?.reachedEnd || fault.fault === 'missingPage') await suite.app.betSync.syncVenue(VENUE);
      await expectBooksEqualVenue(members);
    }
    const corrections = await suite.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'game_payout_correction' AND reference LIKE $1", [`bet:${VENUE}:%`]);
    expect(corrections.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('recycling after studio play moves exactly the venue balance, and the operator audit is sound', async () => {
    suite.clock.advance(RECYCLE_THROTTLE_MS);
    const { memberId, token, session } = await launchedMember(suite, VENUE, 'fruit-classic', 30_00);
    await playRounds(session, 15);
    const centre = (await balancesOf(suite.db, memberId)).get('centre')!;
    const atVenue = await suite.app.venueProvider.balance(VENUE, memberId);
    const recycled = await suite.callWithKey(oneClickRecycle, {}, token);
    expect(recycled.body.data.transfers.map((t) => [t.apiName, t.amount, t.state])).toEqual(atVenue > 0 ? [[VENUE, atVenue / 100, 'completed']] : []);
    expect((await balancesOf(suite.db, memberId)).get('centre')).toBe(centre + atVenue);
    expect((await venueBooksOf(suite.db, memberId)).get(VENUE)).toBe(0);
    expect(await suite.app.venueProvider.balance(VENUE, memberId)).toBe(0);
    const report = (await suite.call(opsAudit, {}, { token: suite.opsToken })).body.data;
    expect(report.checks.filter((check) => !check.sound)).toEqual([]);
  });
});
