import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { openConcurrencyPostgres } from '../../ledger/concurrency-database.fixture.js';
import { auditLedger } from '../../ledger/index.js';
import { insertMember } from '../../members/member-repository.js';
import { createSession } from '../../members/sessions.js';
import { claimOnce, publishedActivity } from './engine.fixture.js';
import { budgetLeftMinor } from './index.js';

/**
 * The claim guard and the budget under concurrency, on PostgreSQL only: PGlite has one
 * connection and serialises every transaction, so nothing competes there. Pool of 25.
 */
const url = process.env.TEST_DATABASE_URL;
const NOW = new Date(Date.UTC(2026, 10, 26, 9));

describe.skipIf(!url)('promotion claims under concurrency on postgres', () => {
  let db: Database;
  let next = 0;
  const newMember = async () => {
    next += 1;
    const id = await insertMember(db, { siteId: 4, name: `racer${next}`, passwordHash: 'x' });
    if (id === null) throw new Error('member exists');
    return id;
  };
  /** Settles every promise; answers how many were paid fresh and the refusal codes seen. */
  const race = async (claims: Promise<{ fresh: boolean }>[]) => {
    const results = await Promise.allSettled(claims);
    const paid = results.filter((r) => r.status === 'fulfilled' && r.value.fresh).length;
    const codes = new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: number; message: string }).code ?? (r.reason as Error).message] : [])));
    return { paid, codes: [...codes] };
  };
  const claimsOf = async (activityId: number) => {
    const row = (await db.query<{ n: string | number; paid: string | number }>('SELECT count(*) AS n, coalesce(sum(amount_minor), 0) AS paid FROM promo_claims WHERE activity_id = $1', [activityId])).rows[0]!;
    return { n: Number(row.n), paid: Number(row.paid) };
  };

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 25);
    await db.query(`INSERT INTO sites (site_id, brand, config, phone_rules) VALUES (4, 'lobby', '{}', '{}')`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('pays exactly the per-member cap when one member sends 20 claims at once', async () => {
    const activity = await publishedActivity(db, NOW, { caps: { claimsPerMember: 3 }, budgetMinor: 1_000_00 });
    const memberId = await newMember();
    const { paid, codes } = await race(Array.from({ length: 20 }, (_, i) => claimOnce(db, activity.id, memberId, { claimKey: `k${i}`, amountMinor: 1_00, now: NOW })));
    expect(paid).toBe(3);
    expect(codes).toEqual([270005]);
    expect(await claimsOf(activity.id)).toEqual({ n: 3, paid: 3_00 });
  });

  it('pays one claim key once when it is sent 20 times at once', async () => {
    const activity = await publishedActivity(db, NOW, { budgetMinor: 1_000_00 });
    const memberId = await newMember();
    const results = await Promise.all(Array.from({ length: 20 }, () => claimOnce(db, activity.id, memberId, { claimKey: 'same', amountMinor: 7_00, now: NOW })));
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(new Set(results.map((r) => r.claimId)).size).toBe(1);
    expect(await budgetLeftMinor(db, activity.id)).toBe(993_00);
  });

  it('never lets the budget go below zero: 50 members racing a budget of 10 rewards get exactly 10', async () => {
    const activity = await publishedActivity(db, NOW, { budgetMinor: 10 * 5_00 });
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember()));
    const { paid, codes } = await race(members.map((memberId) => claimOnce(db, activity.id, memberId, { claimKey: 'packet', amountMinor: 5_00, now: NOW })));
    expect(paid).toBe(10);
    expect(codes).toEqual([270003]);
    expect(await budgetLeftMinor(db, activity.id)).toBe(0);
    expect(await claimsOf(activity.id)).toEqual({ n: 10, paid: 50_00 });
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('holds the campaign cap below a larger budget: 30 members, a cap of 8 rewards', async () => {
    const activity = await publishedActivity(db, NOW, { budgetMinor: 1_000_00, caps: { perCampaignMinor: 8 * 2_00 } });
    const members = await Promise.all(Array.from({ length: 30 }, () => newMember()));
    const { paid, codes } = await race(members.map((memberId) => claimOnce(db, activity.id, memberId, { claimKey: 'gift', amountMinor: 2_00, now: NOW })));
    expect(paid).toBe(8);
    expect(codes).toEqual([270005]);
    expect(await budgetLeftMinor(db, activity.id)).toBe(1_000_00 - 16_00);
  });

  it('gives one reward per device when 12 accounts of one device claim at once', async () => {
    const activity = await publishedActivity(db, NOW, { oneRewardPer: ['device'], budgetMinor: 1_000_00 });
    const members = await Promise.all(Array.from({ length: 12 }, () => newMember()));
    for (const memberId of members) await createSession(db, memberId, 'one-shared-phone', NOW.getTime());
    const { paid, codes } = await race(members.map((memberId) => claimOnce(db, activity.id, memberId, { claimKey: 'welcome', amountMinor: 3_00, now: NOW })));
    expect(paid).toBe(1);
    expect(codes).toEqual([270006]);
  });
});
