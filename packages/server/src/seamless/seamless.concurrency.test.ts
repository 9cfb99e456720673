import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { auditLedger, balancesOf } from '../ledger/index.js';
import { openConcurrencyPostgres } from '../ledger/concurrency-database.fixture.js';
import { buildTestApp } from '../testing/app.js';
import { memberWithBalance } from '../testing/members.js';
import { SeamlessWalletClient, injectTransport } from './client.js';
import { studioCredentialsOf } from './credentials.js';

/**
 * The seamless wallet under concurrent provider calls, on PostgreSQL only (PGlite has one
 * connection and serialises every transaction, so row locks never compete there).
 */
const url = process.env.TEST_DATABASE_URL;
const VENUE = 'LBSTUDIO';

describe.skipIf(!url)('seamless wallet under concurrency on postgres', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: SeamlessWalletClient;

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 20);
    app = await buildTestApp(db);
    const { providerId, secret } = studioCredentialsOf(app);
    // 2,000 requests queue on one member's centre wallet row: the last answers come after
    // seconds, not because one is slow; the 10 s client timeout is tested in seamless.test.ts.
    client = new SeamlessWalletClient({ providerId, secret, transport: injectTransport(app), timeoutMs: 120_000 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const centreOf = async (memberId: number) => (await balancesOf(db, memberId)).get('centre') ?? 0;

  it('applies 1,000 concurrent bets on one member, each id once, never below zero, every refusal with the real balance', async () => {
    const { memberId } = await memberWithBalance(db, 300_00);
    const bets = Array.from({ length: 1_000 }, (_, i) => ({
      transactionId: `cc-bet-${i}`, roundId: `cc-round-${i % 250}`, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 1_00,
    }));
    // Every bet is sent twice at once: the provider's duplicate delivery.
    const answers = await Promise.all([...bets, ...bets].map((bet) => client.send('bet', bet)));
    const firsts = answers.slice(0, 1_000);
    const seconds = answers.slice(1_000);
    expect(seconds.map((a) => a.raw)).toEqual(firsts.map((a) => a.raw));
    const applied = firsts.filter((a) => a.ok);
    const refused = firsts.filter((a) => !a.ok);
    expect(applied).toHaveLength(300);
    expect(new Set(refused.map((a) => (a.ok ? 'OK' : a.code)))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    for (const answer of [...applied, ...refused]) {
      const balanceMinor = answer.ok ? answer.answer.balanceMinor : answer.balanceMinor!;
      expect(balanceMinor).toBeGreaterThanOrEqual(0);
      expect(balanceMinor).toBeLessThan(300_00);
    }
    expect(await centreOf(memberId)).toBe(0);
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ledger_transfers WHERE reference LIKE 'seamless:%:cc-bet-%'`);
    expect(Number(rows[0]!.n)).toBe(300);
    const bets2 = await db.query<{ n: string; stake: string }>('SELECT count(*) AS n, sum(stake_minor) AS stake FROM game_bets WHERE member_id = $1', [memberId]);
    expect([Number(bets2.rows[0]!.n), Number(bets2.rows[0]!.stake)]).toEqual([300, 300_00]);
    expect((await auditLedger(db)).ok).toBe(true);
  }, 120_000);

  it('races bets with their rollbacks and wins: each debit is refunded, paid or refused once, and money is conserved', async () => {
    const { memberId } = await memberWithBalance(db, 1_000_00);
    const work = Array.from({ length: 200 }, (_, i) => {
      const bet = { transactionId: `race-bet-${i}`, roundId: `race-round-${i}`, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 5_00 };
      const rollback = client.rollback({ transactionId: `race-rb-${i}`, refTransactionId: bet.transactionId, memberId });
      const win = client.win({ transactionId: `race-win-${i}`, roundId: bet.roundId, betTransactionIds: [bet.transactionId], amountMinor: 7_00 });
      return Promise.all([client.bet(bet), rollback, win]);
    });
    const outcomes = await Promise.all(work);
    let expected = 1_000_00;
    for (const [bet, rollback, win] of outcomes) {
      const debited = bet.ok;
      const refunded = rollback.ok && rollback.answer.reference !== null;
      const paid = win.ok;
      expect(refunded && paid).toBe(false);
      if (!debited) expect(refunded || paid).toBe(false);
      expected += (debited ? -5_00 : 0) + (refunded ? 5_00 : 0) + (paid ? 7_00 : 0);
    }
    expect(await centreOf(memberId)).toBe(expected);
    expect((await auditLedger(db)).ok).toBe(true);
  }, 120_000);
});
