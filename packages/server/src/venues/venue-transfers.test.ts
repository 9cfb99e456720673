import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { balancesOf, seedDeposit, transfersOfOrder } from '../ledger/index.js';
import { insertMember } from '../members/member-repository.js';
import { seedDemoData } from '../seed/seed.js';
import { testEngines } from '../testing/databases.js';
import { SandboxVenueProvider, driveTransfer, reserveTransfer, settleTransfer } from './index.js';

describe.each(testEngines())('venue transfer settlement on %s', (engine) => {
  let db: Database;
  let next = 0;
  beforeAll(async () => {
    db = await engine.open();
    await seedDemoData(db, { demoPassword: 'demo1234' });
  });
  afterAll(async () => {
    await db.close();
  });

  async function member(): Promise<number> {
    next += 1;
    const id = (await insertMember(db, { siteId: 4, name: `settle${next}`, passwordHash: 'not-a-login-hash' }))!;
    await db.transaction((tx) => seedDeposit(tx, id, 100_00, `settle-seed:${id}`));
    return id;
  }

  it('settles a transfer once, however often and however stale the answer that reaches it', async () => {
    const memberId = await member();
    const pending = await reserveTransfer(db, { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 30_00, requestKey: 'k1' });
    expect(pending.state).toBe('pending');
    const first = await settleTransfer(db, pending, { state: 'succeeded', balanceMinor: 30_00 });
    const stale = await settleTransfer(db, pending, { state: 'succeeded', balanceMinor: 30_00 });
    const contrary = await settleTransfer(db, pending, { state: 'failed', balanceMinor: 0, reason: 'late refusal' });
    const racing = await Promise.all([1, 2, 3].map(() => settleTransfer(db, pending, { state: 'succeeded', balanceMinor: 30_00 })));
    for (const settled of [first, stale, contrary, ...racing]) expect(settled.state).toBe('completed');
    expect((await transfersOfOrder(db, pending.transferId)).map((t) => t.reference.split(':')[1])).toEqual(['reserve', 'post']);
    const books = await balancesOf(db, memberId);
    expect([books.get('centre'), books.get('venue:LBSPORT')]).toEqual([70_00, 30_00]);
  });

  it('finds the same transfer again for the same request key, and voids a refused one', async () => {
    const memberId = await member();
    const request = { memberId, venueCode: 'LBLIVE', direction: 'in' as const, amountMinor: 10_00, requestKey: 'k2' };
    const [a, b] = await Promise.all([reserveTransfer(db, request), reserveTransfer(db, request)]);
    expect(a.transferId).toBe(b.transferId);
    const venue = new SandboxVenueProvider(db);
    venue.failNext('LBLIVE', 'fail');
    const failed = await driveTransfer(db, venue, a, { fresh: true });
    expect(failed).toMatchObject({ state: 'failed', failure: 'venue refused the transfer (sandbox fault)' });
    expect((await driveTransfer(db, venue, a)).state).toBe('failed');
    expect((await balancesOf(db, memberId)).get('centre')).toBe(100_00);
    expect(await venue.balance('LBLIVE', memberId)).toBe(0);
  });
});
