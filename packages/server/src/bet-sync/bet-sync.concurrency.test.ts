import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { openConcurrencyPostgres } from '../ledger/concurrency-database.fixture.js';
import { auditLedger } from '../ledger/index.js';
import { BetSync, feedPosition, syncVenueBets } from './index.js';
import { SeededBetFeed, fundSeededMembers } from './seeded-feed.fixture.js';

/**
 * Bet sync under real concurrency (PostgreSQL, a pool of 12): several instances pulling
 * the same venue at once (each its own BetSync, as separate processes would be) post every
 * bet exactly once; the feed position's row lock decides which applier takes a page.
 */
const url = process.env.TEST_DATABASE_URL;
const FEED = { venueCode: 'CONCV', records: 2_000, members: 30, seed: 31 };
const FUNDING = 10_000_000;

describe.skipIf(!url)('bet sync concurrency on postgres', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 12);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('six instances pulling one venue at once post each bet once; the books equal the feed', async () => {
    const feed = new SeededBetFeed(FEED);
    await db.transaction((tx) => fundSeededMembers(tx, feed, FUNDING));
    const instances = Array.from({ length: 6 }, () => new BetSync(db, () => feed, { pageSize: 37 }));
    const rounds = await Promise.all(instances.map(async (instance) => {
      let applied = 0;
      for (let i = 0; i < 20; i += 1) applied += (await instance.syncVenue(FEED.venueCode))?.applied ?? 0;
      return applied;
    }));
    const expected = feed.expected(FUNDING);
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(FEED.records); // every record is a new bet or a newer version, applied by one instance
    expect((await feedPosition(db, FEED.venueCode)).lastSequence).toBe(FEED.records);
    const wallets = await db.query<{ member_id: number; balance_minor: number }>('SELECT member_id, balance_minor FROM ledger_accounts WHERE kind = $1', [`venue:${FEED.venueCode}`]);
    expect(new Map(wallets.rows.map((w) => [Number(w.member_id), Number(w.balance_minor)]))).toEqual(expected.books);
    const entries = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers WHERE reference LIKE $1', [`bet:${FEED.venueCode}:%`]);
    expect(entries.rows[0]!.n).toBe(expected.entries);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
    expect(await syncVenueBets(db, feed, FEED.venueCode)).toMatchObject({ applied: 0, reachedEnd: true });
  }, 120_000);
});
