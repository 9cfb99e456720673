import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { insertBet } from '../../game-records/bets.fixture.js';
import { openConcurrencyPostgres } from '../../ledger/concurrency-database.fixture.js';
import { auditLedger, balancesOf } from '../../ledger/index.js';
import { insertMember } from '../../members/member-repository.js';
import { createActivity, publishActivity, type Activity } from '../engine/index.js';
import { insertConfirmedDeposit } from '../engine/engine.fixture.js';
import { claimDepositBonus } from './deposit-service.js';
import { forfeitBonus, grantBonus, settleBonuses } from './index.js';

/**
 * Bonus conversion and claims under concurrency, on PostgreSQL only (PGlite serialises
 * every transaction): a met bonus converts exactly once however many readers race, and a
 * deposit bonus is paid once however many claims arrive together.
 */
const url = process.env.TEST_DATABASE_URL;
const NOW = new Date(Date.UTC(2026, 10, 26, 9));
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe.skipIf(!url)('bonus wagering under concurrency on postgres', () => {
  let db: Database;
  let activity: Activity;
  let next = 0;
  const newMember = async () => {
    next += 1;
    const id = await insertMember(db, { siteId: 4, name: `wager${next}`, passwordHash: 'x' });
    if (id === null) throw new Error('member exists');
    return id;
  };
  const transfersOf = async (pattern: string) =>
    Number((await db.query<{ n: string | number }>('SELECT count(*) AS n FROM ledger_transfers WHERE reference LIKE $1', [pattern])).rows[0]!.n);

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 25);
    const venues = { dz: [{ code: 'CSLOTS', enName: 'Slots', zhName: '电子', gameType: 6 }] };
    await db.query(`INSERT INTO sites (site_id, brand, config, phone_rules) VALUES (4, 'lobby', $1, '{}')`, [JSON.stringify({ venues })]);
    const draft = await createActivity(db, 4, {
      kind: 'deposit_first', title: 'First deposit', config: { percentBp: 1000, maxBonusMinor: 50_00, minDepositMinor: 1_00, multiple: 2, maxBetMinor: 100_00, expiryDays: 7 },
      termsText: 'terms', startsAt: at(-24), endsAt: at(24 * 30), budgetMinor: 10_000_00,
    }, at(-24));
    activity = await publishActivity(db, draft.id, at(-24));
  });
  afterAll(async () => {
    await db?.close();
  });

  it('converts a met bonus exactly once when 20 readers settle it at the same time', async () => {
    const memberId = await newMember();
    const { grant } = await db.transaction((tx) => grantBonus(tx, {
      activity, memberId, claimKey: 'race', amountMinor: 10_00, multiple: 2, expiresAt: at(24), maxBetMinor: 100_00, termsVersion: 1, now: at(0),
    }));
    await insertBet(db, { memberId, venueCode: 'CSLOTS', stakeMinor: 20_00, placedAt: at(1) });
    const ended = await Promise.all(Array.from({ length: 20 }, () => settleBonuses(db, memberId, at(2))));
    expect(ended.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await transfersOf(`promo_bonus_convert:${grant.id}`)).toBe(1);
    const balances = await balancesOf(db, memberId);
    expect([balances.get('bonus'), balances.get('centre')]).toEqual([0, 10_00]);
  });

  it('ends a bonus once when forfeits and settlements race: either converted or forfeited, never both', async () => {
    const memberId = await newMember();
    const { grant } = await db.transaction((tx) => grantBonus(tx, {
      activity, memberId, claimKey: 'forfeit-race', amountMinor: 10_00, multiple: 2, expiresAt: at(24), maxBetMinor: 100_00, termsVersion: 1, now: at(0),
    }));
    const racers = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? forfeitBonus(db, memberId, grant.id, at(1)) : settleBonuses(db, memberId, at(1))));
    await Promise.allSettled(racers);
    expect(await transfersOf(`promo_bonus_%:${grant.id}`)).toBe(1);
    expect((await balancesOf(db, memberId)).get('bonus')).toBe(0);
    expect((await auditLedger(db)).ok).toBe(true);
  });

  it('pays a first-deposit bonus once when the member sends 20 claims at once (every answer names the one bonus)', async () => {
    const memberId = await newMember();
    await insertConfirmedDeposit(db, memberId, 200_00, at(0));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      claimDepositBonus(db, { siteId: 4, kind: 'deposit_first', id: activity.id, memberId, termsVersion: 1, mode: 'first', now: at(1) })));
    // Claims that queued behind the first find its claim paid and answer the same bonus (idempotent); none pays twice.
    const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.bonus.id] : []));
    expect(new Set(answered).size).toBe(1);
    const codes = new Set(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code?: number }).code] : [])));
    expect([...codes].every((code) => code === 271004 || code === 270007)).toBe(true);
    expect((await balancesOf(db, memberId)).get('bonus')).toBe(20_00);
    expect((await db.query('SELECT 1 FROM promo_bonus_grants WHERE member_id = $1', [memberId])).rows).toHaveLength(1);
  });
});
