import { beforeEach, describe, expect, it } from 'vitest';
import { CODE, RECYCLE_THROTTLE_MS, oneClickRecycle, opsAudit, opsBetSync, venueBalanceRefresh, venueRecycleConfirmList, venueTransferIn, venueTransferOut } from '@lobby/sdk';
import type { ProviderBetRecord } from '../games/game-provider.js';
import { auditLedger, balancesOf, LedgerError } from '../ledger/index.js';
import { routeGroups } from '../route-groups.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { sandboxOf } from '../testing/venues.js';
import { auditVenueBooks, venueBooksOf } from '../venues/index.js';
import { FakeBetFeed } from './fake-feed.fixture.js';
import { applyFeedPage } from './bet-sync-repository.js';
import { feedPosition, syncVenueBets } from './index.js';

const VENUE = 'LBSLOTS';

describe.each(testEngines())('bet sync on %s', (engine) => {
  let feed: FakeBetFeed | undefined;
  const suite = serverSuite(engine, () => ({
    clock: true,
    routeGroups: [
      (app) => {
        feed = new FakeBetFeed(app.lobby.db);
        app.decorate('gameProvider', feed);
      },
      ...routeGroups,
    ],
  }));
  const fake = () => feed!;
  // Two pulls at once consume a varying number of faulted pages; what one test leaves queued must not hit the next.
  beforeEach(() => feed?.clearFaults());

  /** A member with `venueMinor` fen moved into the venue through the transfer call. */
  async function player(venueMinor: number) {
    const member = await suite.memberWithBalance(venueMinor + 100_00);
    const answer = await suite.callWithKey(venueTransferIn, { api_name: VENUE, transferIntoVal: venueMinor / 100 }, member.token);
    expect(answer.body.code).toBe(0);
    return member;
  }

  /** Small pages, so faults hit the middle of a pull. */
  const pull = (options: { pageSize?: number } = {}) => syncVenueBets(suite.db, fake(), VENUE, { pageSize: options.pageSize ?? 3 });

  async function booksAndVenue(memberId: number) {
    return { books: (await venueBooksOf(suite.db, memberId)).get(VENUE), venue: await sandboxOf(suite.app).balance(VENUE, memberId) };
  }

  /** The reconciliation: the ledger sound and every venue wallet equal to the venue's balance, every feed pulled to its end. */
  async function expectReconciled() {
    const audit = await auditVenueBooks(suite.db, suite.app.venueProvider, suite.clock.now());
    expect(audit.bookMismatches).toEqual([]);
    expect(audit.feedStops).toEqual([]);
    expect(audit.ok).toBe(true);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  }

  it('posts each settled bet once: the books equal the venue, game_bets holds stake, valid bet and payout', async () => {
    const { memberId } = await player(100_00);
    const plays: Array<[number, number]> = [[10_00, 0], [5_00, 12_50], [20_00, 20_00], [1_00, 0], [3_00, 9_00], [7_77, 0], [2_00, 4_00]];
    for (const [stake, payout] of plays) await fake().play(VENUE, memberId, stake, payout);
    const expected = 100_00 + plays.reduce((sum, [stake, payout]) => sum + payout - stake, 0);
    expect(await sandboxOf(suite.app).balance(VENUE, memberId)).toBe(expected);
    expect((await booksAndVenue(memberId)).books).toBe(100_00);

    const outcome = await pull();
    expect(outcome).toMatchObject({ reachedEnd: true, stoppedBy: null, applied: plays.length, pages: 3 });
    expect(await booksAndVenue(memberId)).toEqual({ books: expected, venue: expected });
    const bets = await suite.db.query<{ stake_minor: number; valid_bet_minor: number; payout_minor: number; status: string }>(
      'SELECT stake_minor, valid_bet_minor, payout_minor, status FROM game_bets WHERE venue_code = $1 AND member_id = $2 ORDER BY id', [VENUE, memberId]);
    expect(bets.rows.map((b) => [Number(b.stake_minor), Number(b.valid_bet_minor), Number(b.payout_minor), b.status]))
      .toEqual(plays.map(([stake, payout]) => [stake, stake, payout, 'settled']));
    await expectReconciled();

    const again = await pull();
    expect(again).toMatchObject({ applied: 0, reachedEnd: true });
    expect((await booksAndVenue(memberId)).books).toBe(expected);
  });

  it('duplicates in a page and two pulls at once post nothing twice', async () => {
    const { memberId } = await player(50_00);
    for (let i = 0; i < 8; i += 1) await fake().play(VENUE, memberId, 2_00, i % 3 === 0 ? 5_00 : 0);
    fake().failNext(VENUE, 'duplicate', 5);
    const [a, b] = await Promise.all([pull(), pull()]);
    expect(a.applied + b.applied).toBe(8);
    const { books, venue } = await booksAndVenue(memberId);
    expect(books).toBe(venue);
    await expectReconciled();
  });

  it('out-of-order pages are applied in sequence order', async () => {
    const { memberId } = await player(30_00);
    for (let i = 0; i < 7; i += 1) await fake().play(VENUE, memberId, 3_00, i === 1 ? 10_00 : 1_00);
    fake().failNext(VENUE, 'outOfOrder', 3);
    expect(await pull()).toMatchObject({ reachedEnd: true, applied: 7 });
    const { books, venue } = await booksAndVenue(memberId);
    expect(books).toBe(venue);
    await expectReconciled();
  });

  it('a missing page stops the pull at the gap, the audit reports it, and the page is applied once it is served', async () => {
    const { memberId } = await player(40_00);
    const before = await feedPosition(suite.db, VENUE);
    for (let i = 0; i < 9; i += 1) await fake().play(VENUE, memberId, 4_00, i % 2 === 0 ? 0 : 6_00);
    fake().failNext(VENUE, 'missingPage');
    const stopped = await pull();
    expect(stopped.reachedEnd).toBe(false);
    expect(stopped.stoppedBy).toBe(`gap in the feed: sequence ${before.lastSequence + 1} missing (next served ${before.lastSequence + 4})`);
    expect((await booksAndVenue(memberId)).books).toBe(40_00);
    const audit = await auditVenueBooks(suite.db, suite.app.venueProvider, suite.clock.now());
    expect(audit.ok).toBe(false);
    expect(audit.feedStops).toEqual([expect.objectContaining({ venueCode: VENUE, lastSequence: before.lastSequence, error: stopped.stoppedBy })]);
    expect(audit.bookMismatches).toContainEqual(expect.objectContaining({ memberId, booksMinor: 40_00 }));

    expect(await pull()).toMatchObject({ reachedEnd: true, applied: 9 });
    await expectReconciled();
  });

  it('a late correction up and down posts compensating entries; the first entries stay as posted; an older version changes nothing', async () => {
    const { memberId } = await player(60_00);
    const betId = await fake().play(VENUE, memberId, 10_00, 15_00);
    await pull();
    await fake().correct(VENUE, betId, { payoutMinor: 25_00 });
    await pull();
    expect(await booksAndVenue(memberId)).toEqual({ books: 75_00, venue: 75_00 });
    await fake().correct(VENUE, betId, { payoutMinor: 12_00, stakeMinor: 8_00 });
    await pull();
    expect(await booksAndVenue(memberId)).toEqual({ books: 64_00, venue: 64_00 });
    fake().replayOldVersion(VENUE, betId);
    expect(await pull()).toMatchObject({ applied: 0, reachedEnd: true });
    expect((await booksAndVenue(memberId)).books).toBe(64_00);

    const entries = await suite.db.query<{ reference: string; code: string; amount_minor: number }>(
      'SELECT reference, code, amount_minor FROM ledger_transfers WHERE reference LIKE $1 ORDER BY id', [`bet:${VENUE}:${betId}:%`]);
    expect(entries.rows.map((e) => [e.reference, e.code, Number(e.amount_minor)])).toEqual([
      [`bet:${VENUE}:${betId}:v1:stake`, 'game_stake', 10_00],
      [`bet:${VENUE}:${betId}:v1:payout`, 'game_payout', 15_00],
      [`bet:${VENUE}:${betId}:v2:payout`, 'game_payout_correction', 10_00],
      [`bet:${VENUE}:${betId}:v3:stake`, 'game_stake_correction', 2_00],
      [`bet:${VENUE}:${betId}:v3:payout`, 'game_payout_correction', 13_00],
    ]);
    const bet = await suite.db.query<{ version: number; stake_minor: number; payout_minor: number }>(
      'SELECT version, stake_minor, payout_minor FROM game_bets WHERE venue_code = $1 AND provider_bet_id = $2', [VENUE, betId]);
    expect(bet.rows.map((b) => [b.version, Number(b.stake_minor), Number(b.payout_minor)])).toEqual([[3, 8_00, 12_00]]);
    await expectReconciled();
  });

  it('void and cancelled bets move nothing and count no turnover; a settled bet voided later returns its stake', async () => {
    const { memberId } = await player(20_00);
    const voided = await fake().play(VENUE, memberId, 5_00, 0, 'void');
    await fake().play(VENUE, memberId, 6_00, 0, 'cancelled');
    const later = await fake().play(VENUE, memberId, 4_00, 0);
    await pull();
    expect((await booksAndVenue(memberId)).books).toBe(16_00);
    await fake().correct(VENUE, later, { status: 'void' });
    await pull();
    expect(await booksAndVenue(memberId)).toEqual({ books: 20_00, venue: 20_00 });
    const rows = await suite.db.query<{ provider_bet_id: string; valid_bet_minor: number; status: string }>(
      'SELECT provider_bet_id, valid_bet_minor, status FROM game_bets WHERE member_id = $1 ORDER BY id', [memberId]);
    expect(rows.rows.map((r) => [r.provider_bet_id === voided, Number(r.valid_bet_minor), r.status])).toEqual([[true, 0, 'void'], [false, 0, 'cancelled'], [false, 0, 'void']]);
    await expectReconciled();
  });

  it('a timeout (thrown, or no answer in time) leaves the books and the position as they were; the next pull catches up', async () => {
    const { memberId } = await player(30_00);
    await fake().play(VENUE, memberId, 9_00, 0);
    const before = await feedPosition(suite.db, VENUE);
    fake().failNext(VENUE, 'timeout');
    const stopped = await pull();
    expect(stopped).toMatchObject({ applied: 0, reachedEnd: false, stoppedBy: `FeedTimeoutError: venue ${VENUE} did not answer the bet-record request in time` });
    expect(await feedPosition(suite.db, VENUE)).toMatchObject({ cursor: before.cursor, lastSequence: before.lastSequence, lastError: stopped.stoppedBy });
    expect((await booksAndVenue(memberId)).books).toBe(30_00);
    expect(await pull()).toMatchObject({ applied: 1, reachedEnd: true });
    await fake().play(VENUE, memberId, 2_00, 0);
    fake().failNext(VENUE, 'hang');
    const hung = await syncVenueBets(suite.db, fake(), VENUE, { pageTimeoutMs: 50 });
    expect(hung).toMatchObject({ applied: 0, reachedEnd: false, stoppedBy: `Error: venue ${VENUE} sent no bet records within 50 ms` });
    expect(await pull()).toMatchObject({ applied: 1, reachedEnd: true });
    await expectReconciled();
  });

  it('a bad record stops the pull there with a message naming the field, and nothing of it is posted', async () => {
    const { memberId } = await player(10_00);
    const sequence = (await feedPosition(suite.db, VENUE)).lastSequence + 1;
    const bad = {
      sequence, betId: 'BAD1', roundId: 'R-BAD', version: 1, venueCode: VENUE, memberId, gameCode: 'slot-1', stakeMinor: -5, validBetMinor: 0,
      payoutMinor: 0, status: 'settled' as const, result: '', placedAt: new Date(), settledAt: new Date(),
    };
    const broken = Object.assign(Object.create(fake()) as FakeBetFeed, { betRecords: async () => ({ records: [bad], nextCursor: 'x', more: false }) });
    const outcome = await syncVenueBets(suite.db, broken, VENUE);
    expect(outcome.stoppedBy).toMatch(/stakeMinor must be a whole number of fen, 0 or more$/);
    expect((await suite.db.query("SELECT 1 FROM game_bets WHERE provider_bet_id = 'BAD1'")).rows).toEqual([]);
    expect(await pull()).toMatchObject({ reachedEnd: true });
  });

  it('a page that would take a member venue wallet below zero is refused whole: nothing of it is posted and the position stays', async () => {
    const { memberId } = await player(10_00);
    const asked = await feedPosition(suite.db, VENUE);
    const record = (n: number, stakeMinor: number): ProviderBetRecord => ({
      sequence: asked.lastSequence + n, betId: `refused-${process.pid}-${n}`, roundId: `R-refused-${n}`, version: 1, venueCode: VENUE, memberId,
      gameCode: 'slot-1', stakeMinor, validBetMinor: stakeMinor, payoutMinor: 0, status: 'settled', result: 'lost', placedAt: new Date(), settledAt: new Date(),
    });
    // The first record alone fits (5 of 10); the second takes the wallet to -25.
    const page = [record(1, 5_00), record(2, 30_00)];
    const refused = await applyFeedPage(suite.db, VENUE, asked, page, { cursor: 'next', lastSequence: asked.lastSequence + 2 }).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(LedgerError);
    expect((await booksAndVenue(memberId)).books).toBe(10_00);
    expect(await feedPosition(suite.db, VENUE)).toMatchObject({ cursor: asked.cursor, lastSequence: asked.lastSequence });
    const written = await suite.db.query('SELECT 1 FROM game_bets WHERE venue_code = $1 AND provider_bet_id = ANY($2::text[])', [VENUE, page.map((r) => r.betId)]);
    expect(written.rows).toEqual([]);
    // The page is not the fake venue's own, so the shared feed's position must stay where it was (checked above).
    await expectReconciled();
  });

  it('transfer-out and refresh take the venue word: bets are posted first and a loss cannot be taken out', async () => {
    const { memberId, token } = await player(50_00);
    await fake().play(VENUE, memberId, 30_00, 0);
    const tooMuch = await suite.callWithKey(venueTransferOut, { api_name: VENUE, transferOutVal: 50 }, token);
    expect(tooMuch.body.code).toBe(CODE.exceedsBalance);
    expect(await booksAndVenue(memberId)).toEqual({ books: 20_00, venue: 20_00 });
    await fake().play(VENUE, memberId, 5_00, 15_00);
    const refreshed = await suite.call(venueBalanceRefresh, { apiName: VENUE }, { token });
    expect(refreshed.body.data.venueList[0]!.money).toBe(30);
    expect((await booksAndVenue(memberId)).books).toBe(30_00);
    const out = await suite.callWithKey(venueTransferOut, { api_name: VENUE, transferOutVal: 30 }, token);
    expect(out.body.code).toBe(0);
    expect(await booksAndVenue(memberId)).toEqual({ books: 0, venue: 0 });
    await expectReconciled();
  });

  it('the recycle confirm list shows what the venue holds after play, and a venue lost to zero drops out of it', async () => {
    const { memberId, token } = await player(20_00);
    await fake().play(VENUE, memberId, 5_00, 12_34);
    const listed = await suite.call(venueRecycleConfirmList, {}, { token });
    expect(listed.body.data.venueList.map((v) => [v.channelCode, v.money])).toEqual([[VENUE, 27.34]]);
    await fake().play(VENUE, memberId, 27_34, 0);
    expect((await suite.call(venueRecycleConfirmList, {}, { token })).body.data.venueList).toEqual([]);
    await expectReconciled();
  });

  it('recycling after play moves exactly the venue balance into the centre wallet, and the operator audit is sound', async () => {
    suite.clock.advance(RECYCLE_THROTTLE_MS);
    const { memberId, token } = await player(80_00);
    const centreBefore = (await balancesOf(suite.db, memberId)).get('centre')!;
    await fake().play(VENUE, memberId, 25_00, 0);
    await fake().play(VENUE, memberId, 10_00, 31_11);
    const venueBalance = await sandboxOf(suite.app).balance(VENUE, memberId);
    expect(venueBalance).toBe(76_11);
    const recycled = await suite.callWithKey(oneClickRecycle, {}, token);
    expect(recycled.body.data.state).toBe('completed');
    expect(recycled.body.data.transfers.map((t) => [t.apiName, t.amount, t.state])).toEqual([[VENUE, 76.11, 'completed']]);
    expect((await balancesOf(suite.db, memberId)).get('centre')).toBe(centreBefore + venueBalance);
    expect(await booksAndVenue(memberId)).toEqual({ books: 0, venue: 0 });
    const report = (await suite.call(opsAudit, {}, { token: suite.opsToken })).body.data;
    expect(report.checks.filter((check) => !check.sound)).toEqual([]);
    expect(report.checks.map((check) => check.name)).toContain('venues.betFeedsPulled');
  });

  it('the operator pulls now (one venue or all) and an unknown venue is refused without a trace', async () => {
    const { memberId } = await player(10_00);
    await fake().play(VENUE, memberId, 1_00, 3_00);
    const one = await suite.call(opsBetSync, { venueCode: VENUE }, { token: suite.opsToken });
    expect(one.body.data.venues).toEqual([expect.objectContaining({ venueCode: VENUE, applied: 1, reachedEnd: true, stoppedBy: null })]);
    expect((await booksAndVenue(memberId)).books).toBe(12_00);
    const all = await suite.call(opsBetSync, {}, { token: suite.opsToken });
    expect(all.body.data.venues.map((v) => [v.venueCode, v.applied])).toContainEqual([VENUE, 0]);
    const unknown = await suite.call(opsBetSync, { venueCode: 'NOPE' }, { token: suite.opsToken });
    expect(unknown.body.code).toBe(CODE.venueNotFound);
    expect((await suite.db.query("SELECT 1 FROM bet_sync_cursors WHERE venue_code = 'NOPE'")).rows).toEqual([]);
    const member = await suite.call(opsBetSync, {}, { token: (await suite.memberWithBalance(0)).token });
    expect(member.status).not.toBe(200);
  });
});
