import { describe, expect, it } from 'vitest';
import { balancesOf, seedDeposit, transfersOfOrder } from '../ledger/index.js';
import { insertMember } from '../members/member-repository.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { SandboxVenueProvider, driveTransfer, reserveTransfer, settleTransfer } from './index.js';

describe.each(testEngines())('venue transfer settlement on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });
  let next = 0;

  async function member(): Promise<number> {
    next += 1;
    const id = (await insertMember(suite.db, { siteId: 4, name: `settle${next}`, passwordHash: 'not-a-login-hash' }))!;
    await suite.db.transaction((tx) => seedDeposit(tx, id, 100_00, `settle-seed:${id}`));
    return id;
  }

  it('settles a transfer once, however often and however stale the answer that reaches it', async () => {
    const memberId = await member();
    const pending = await reserveTransfer(suite.db, { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 30_00, requestKey: 'k1' });
    expect(pending.state).toBe('pending');
    const first = await settleTransfer(suite.db, pending, { state: 'succeeded', balanceMinor: 30_00 });
    const stale = await settleTransfer(suite.db, pending, { state: 'succeeded', balanceMinor: 30_00 });
    const contrary = await settleTransfer(suite.db, pending, { state: 'failed', balanceMinor: 0, reason: 'late refusal' });
    const racing = await Promise.all([1, 2, 3].map(() => settleTransfer(suite.db, pending, { state: 'succeeded', balanceMinor: 30_00 })));
    for (const settled of [first, stale, contrary, ...racing]) expect(settled.state).toBe('completed');
    expect((await transfersOfOrder(suite.db, pending.transferId)).map((t) => t.reference.split(':')[1])).toEqual(['reserve', 'post']);
    const books = await balancesOf(suite.db, memberId);
    expect([books.get('centre'), books.get('venue:LBSPORT')]).toEqual([70_00, 30_00]);
  });

  it('finds the same transfer again for the same request key, and voids a refused one', async () => {
    const memberId = await member();
    const request = { memberId, venueCode: 'LBLIVE', direction: 'in' as const, amountMinor: 10_00, requestKey: 'k2' };
    const [a, b] = await Promise.all([reserveTransfer(suite.db, request), reserveTransfer(suite.db, request)]);
    expect(a.transferId).toBe(b.transferId);
    const venue = new SandboxVenueProvider(suite.db);
    venue.failNext('LBLIVE', 'fail');
    const failed = await driveTransfer(suite.db, venue, a, { fresh: true });
    expect(failed).toMatchObject({ state: 'failed', failure: 'venue refused the transfer (sandbox fault)' });
    expect((await driveTransfer(suite.db, venue, a)).state).toBe('failed');
    expect((await balancesOf(suite.db, memberId)).get('centre')).toBe(100_00);
    expect(await venue.balance('LBLIVE', memberId)).toBe(0);
  });
});
