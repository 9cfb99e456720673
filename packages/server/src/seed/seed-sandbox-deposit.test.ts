import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { DEMO_OPENING_BALANCE_MINOR, auditLedger, transfersOfOrder } from '../ledger/index.js';
import { findMemberByName } from '../members/member-repository.js';
import { walletOf } from '../testing/orders.js';
import { testEngines } from '../testing/databases.js';
import { seedDemoData } from './seed.js';

describe.each(testEngines())('the demo money on %s', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open();
    await seedDemoData(db, { demoPassword: 'demo1234' });
  });
  afterAll(async () => {
    await db.close();
  });

  it('arrives through a sandbox deposit confirmed by a signed provider callback', async () => {
    const demo = (await findMemberByName(db, 4, 'demo'))!;
    expect(await walletOf(db, demo.id)).toBe(DEMO_OPENING_BALANCE_MINOR);
    const { rows } = await db.query<{ bill_no: string; state: number; amount_minor: number }>('SELECT bill_no, state, amount_minor FROM deposit_orders WHERE member_id = $1', [demo.id]);
    expect(rows).toEqual([{ bill_no: expect.stringMatching(/^D\d{22}$/), state: 104, amount_minor: DEMO_OPENING_BALANCE_MINOR }]);
    const callbacks = await db.query<{ result: string }>('SELECT result FROM payment_callbacks WHERE bill_no = $1', [rows[0]!.bill_no]);
    expect(callbacks.rows).toEqual([{ result: 'applied' }]);
    const transfers = await transfersOfOrder(db, rows[0]!.bill_no);
    expect(transfers.map((t) => [t.code, t.amountMinor])).toEqual([['deposit', DEMO_OPENING_BALANCE_MINOR]]);
    expect((await auditLedger(db)).ok).toBe(true);
  });
});
