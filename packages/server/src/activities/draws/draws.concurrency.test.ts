import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { openConcurrencyPostgres } from '../../ledger/concurrency-database.fixture.js';
import { auditLedger } from '../../ledger/index.js';
import { insertMember } from '../../members/member-repository.js';
import { insertConfirmedDeposit, publishedActivity } from '../engine/engine.fixture.js';
import { budgetLeftMinor, liveActivity } from '../engine/index.js';
import { takeDraw } from './draw-service.js';
import { takeTickets } from './raffle.js';

/**
 * The draw kinds under concurrency, on PostgreSQL only (PGlite serialises every transaction):
 * draws never exceed the draws earned, the budget is never overspent, raffle ticket numbers
 * never repeat. Pool of 25.
 */
const url = process.env.TEST_DATABASE_URL;
/** 12:00 Beijing time: inside the day's draw window. */
const NOW = new Date(Date.UTC(2026, 10, 26, 4));

describe.skipIf(!url)('draws under concurrency on postgres', () => {
  let db: Database;
  let next = 0;
  const newMember = async () => {
    next += 1;
    const id = await insertMember(db, { siteId: 4, name: `drawer${next}`, passwordHash: 'x' });
    if (id === null) throw new Error('member exists');
    return id;
  };
  const draw = (activityId: number, memberId: number, kind: 'draw_gift' | 'spin_wheel' = 'draw_gift') =>
    db.transaction(async (tx) => takeDraw(tx, await liveActivity(tx, 4, activityId, kind, NOW), memberId, kind, 1, NOW));
  const settled = async <T,>(work: Promise<T>[]) => {
    const results = await Promise.allSettled(work);
    return {
      ok: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
      codes: [...new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: number; message: string }).code ?? (r.reason as Error).message] : [])))],
    };
  };
  const claims = async (activityId: number) =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM promo_claims WHERE activity_id = $1', [activityId])).rows[0]!.n);
  const drawGift = (budgetMinor: number, awardMinor: number) => publishedActivity(db, NOW, {
    kind: 'draw_gift', budgetMinor,
    config: { awards: [{ name: 'Prize', amountMinor: awardMinor, weight: 1 }, { name: 'Never', amountMinor: 0, weight: 0 }], moneyEachMinor: 100_00, depositRequirementMinor: 0, maxDrawsPerWindow: 50 },
  });

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 25);
    await db.query(`INSERT INTO sites (site_id, brand, config, phone_rules) VALUES (4, 'lobby', '{}', '{}')`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('gives one member exactly the 3 draws earned when it sends 12 at once, each with its own nonce', async () => {
    const activity = await drawGift(1_000_00, 1_00);
    const memberId = await newMember();
    await insertConfirmedDeposit(db, memberId, 300_00, new Date(NOW.getTime() - 60_000));
    const { ok, codes } = await settled(Array.from({ length: 12 }, () => draw(activity.id, memberId)));
    expect(ok).toHaveLength(3);
    expect(ok.map((paid) => paid.record.fair.nonce).sort()).toEqual([1, 2, 3]);
    expect(codes).toEqual([273003]);
    expect(await claims(activity.id)).toBe(3);
    expect(await budgetLeftMinor(db, activity.id)).toBe(997_00);
  });

  it('never overspends the budget: 30 members each with a draw racing a budget of 8 awards get exactly 8', async () => {
    const activity = await drawGift(8 * 5_00, 5_00);
    const members = await Promise.all(Array.from({ length: 30 }, () => newMember()));
    for (const memberId of members) await insertConfirmedDeposit(db, memberId, 100_00, new Date(NOW.getTime() - 60_000));
    const { ok, codes } = await settled(members.map((memberId) => draw(activity.id, memberId)));
    expect(ok).toHaveLength(8);
    expect(codes).toEqual([270003]);
    expect(await budgetLeftMinor(db, activity.id)).toBe(0);
    expect(await claims(activity.id)).toBe(8);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('numbers raffle tickets without a gap or a repeat when 20 members take theirs at once', async () => {
    const activity = await publishedActivity(db, NOW, {
      kind: 'raffle', budgetMinor: 100_00,
      config: { basis: 'deposit', moneyEachMinor: 100_00, maxTicketsPerMember: 5, prizes: [{ name: 'P', amountMinor: 10_00, count: 1 }] },
    });
    const members = await Promise.all(Array.from({ length: 20 }, () => newMember()));
    for (const memberId of members) await insertConfirmedDeposit(db, memberId, 300_00, new Date(NOW.getTime() - 60_000));
    const { ok, codes } = await settled(members.map((memberId) =>
      db.transaction(async (tx) => takeTickets(tx, await liveActivity(tx, 4, activity.id, 'raffle', NOW), memberId, 1, NOW))));
    expect(codes).toEqual([]);
    expect(ok.flatMap((answer) => answer.taken).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});
