import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { openConcurrencyPostgres } from '../../ledger/concurrency-database.fixture.js';
import { seedDemoData } from '../../seed/seed.js';
import { budgetLeftMinor, createActivity, publishActivity } from '../engine/index.js';
import type { RainConfig } from './config.js';
import { grabPacket, prepareSessions } from './rain-service.js';

/**
 * 1,000 members grabbing in the same second (issue 20), on PostgreSQL only: PGlite has one
 * connection and serialises every transaction. A pool of 20 connections.
 */
const url = process.env.TEST_DATABASE_URL;
const MEMBERS = 1_000;
const START = Date.UTC(2026, 10, 26, 9, 0, 0);

describe.skipIf(!url)('red-packet rain under 1,000 concurrent members on postgres', () => {
  let db: Database;
  let memberIds: number[];

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 20);
    await seedDemoData(db, { demoPassword: 'demo1234' });
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO members (site_id, name, password_hash) SELECT 4, 'rainer' || g, 'not-a-login-hash' FROM generate_series(1, $1::int) g RETURNING id",
      [MEMBERS],
    );
    memberIds = rows.map((row) => Number(row.id));
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  async function rainOf(config: Partial<RainConfig>, budgetMinor: number) {
    const activity = await createActivity(db, 4, {
      kind: 'red_packet_rain', title: 'Concurrent rain', termsText: '', budgetMinor, startsAt: new Date(START), endsAt: new Date(START + 3_600_000),
      config: { everyMinutes: 10, durationSeconds: 60, sessionBudgetMinor: 3_000_00, packetsPerSession: 600, minPacketMinor: 1_00, grabsPerMember: 2, wallet: 'centre', ...config },
    }, new Date(START - 60_000));
    const published = await publishActivity(db, activity.id, new Date(START - 60_000));
    await prepareSessions(db, published, new Date(START - 30_000));
    return activity.id;
  }

  /** Every member grabs `each` times at once, all at the same instant; answers the refusal codes. */
  async function storm(activityId: number, each: number): Promise<number[]> {
    const now = new Date(START + 5_000);
    const grabs = memberIds.flatMap((memberId) => Array.from({ length: each }, () => memberId));
    const codes = await Promise.all(grabs.map((memberId) => grabPacket(db, { siteId: 4, activityId, memberId, termsVersion: 1, now }).then(
      () => 0,
      (error: unknown) => {
        if (error instanceof BusinessError) return error.code;
        throw error;
      },
    )));
    return codes;
  }

  /** Every claim is one packet of the same amount, and each member's claims equal its ledger credits from the activity. */
  async function expectExact(activityId: number) {
    const mismatched = await db.query(
      `SELECT c.member_id FROM promo_claims c
         LEFT JOIN (SELECT a.member_id, sum(t.amount_minor) AS credited FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
                     WHERE t.reference LIKE $2 GROUP BY a.member_id) l ON l.member_id = c.member_id
        WHERE c.activity_id = $1 GROUP BY c.member_id, l.credited HAVING sum(c.amount_minor) <> coalesce(l.credited, 0)`,
      [activityId, `promo:${activityId}:%`],
    );
    expect(mismatched.rows).toEqual([]);
    const packets = await db.query<{ claimed: number; unpaired: number }>(
      `SELECT count(*)::int AS claimed,
              count(*) FILTER (WHERE c.id IS NULL OR c.amount_minor <> p.amount_minor)::int AS unpaired
         FROM promo_rain_packets p LEFT JOIN promo_claims c ON c.activity_id = p.activity_id AND c.member_id = p.member_id
                                   AND c.claim_key = 'rain:' || p.session_key || ':' || p.packet_no
        WHERE p.activity_id = $1 AND p.member_id IS NOT NULL`,
      [activityId],
    );
    const claims = await db.query<{ n: number; most: number }>(
      'SELECT coalesce(sum(per), 0)::int AS n, coalesce(max(per), 0)::int AS most FROM (SELECT count(*) AS per FROM promo_claims WHERE activity_id = $1 GROUP BY member_id) x',
      [activityId],
    );
    expect(packets.rows[0]!.unpaired).toBe(0);
    expect(packets.rows[0]!.claimed).toBe(claims.rows[0]!.n);
    return { claims: claims.rows[0]!.n, mostPerMember: claims.rows[0]!.most };
  }

  it('never pays more than the budget: grabs stop at the budget, each member paid exactly its packets', async () => {
    const budgetMinor = 1_000_00;
    const id = await rainOf({}, budgetMinor);
    const codes = await storm(id, 2);
    const paid = budgetMinor - (await budgetLeftMinor(db, id));
    const sum = await db.query<{ total: string }>('SELECT coalesce(sum(amount_minor), 0) AS total FROM promo_claims WHERE activity_id = $1', [id]);
    expect(Number(sum.rows[0]!.total)).toBe(paid);
    expect(paid).toBeLessThanOrEqual(budgetMinor);
    expect(await budgetLeftMinor(db, id)).toBeGreaterThanOrEqual(0);
    const { claims, mostPerMember } = await expectExact(id);
    expect(claims).toBe(codes.filter((code) => code === 0).length);
    expect(mostPerMember).toBeLessThanOrEqual(2);
    expect(new Set(codes.filter((code) => code !== 0))).toEqual(new Set([CODE.activityBudgetSpent, CODE.rainPacketsGone, CODE.rainGrabLimit].filter((code) => codes.includes(code))));
    expect(codes).toContain(CODE.activityBudgetSpent);
  }, 180_000);

  it('hands out every packet once: 1,000 members racing 500 packets take exactly the session budget', async () => {
    const id = await rainOf({ packetsPerSession: 500, sessionBudgetMinor: 2_500_00, grabsPerMember: 1 }, 100_000_00);
    const codes = await storm(id, 1);
    expect(codes.filter((code) => code === 0)).toHaveLength(500);
    expect(codes.filter((code) => code !== 0).every((code) => code === CODE.rainPacketsGone)).toBe(true);
    expect(100_000_00 - (await budgetLeftMinor(db, id))).toBe(2_500_00);
    const { claims, mostPerMember } = await expectExact(id);
    expect(claims).toBe(500);
    expect(mostPerMember).toBe(1);
  }, 180_000);
});
