import { describe, expect, it } from 'vitest';
import { DEMO_OPENING_BALANCE_MINOR, auditLedger, transfersOfOrder } from '../ledger/index.js';
import { findMemberByName } from '../members/member-repository.js';
import { walletOf } from '../testing/members.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';

describe.each(testEngines())('the demo money on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });

  it('arrives through a sandbox deposit confirmed by a signed provider callback', async () => {
    const demo = (await findMemberByName(suite.db, 4, 'demo'))!;
    expect(await walletOf(suite.db, demo.id)).toBe(DEMO_OPENING_BALANCE_MINOR);
    const { rows } = await suite.db.query<{ bill_no: string; state: number; amount_minor: number }>('SELECT bill_no, state, amount_minor FROM deposit_orders WHERE member_id = $1', [demo.id]);
    expect(rows).toEqual([{ bill_no: expect.stringMatching(/^D\d{22}$/), state: 104, amount_minor: DEMO_OPENING_BALANCE_MINOR }]);
    const callbacks = await suite.db.query<{ result: string }>('SELECT result FROM payment_callbacks WHERE bill_no = $1', [rows[0]!.bill_no]);
    expect(callbacks.rows).toEqual([{ result: 'applied' }]);
    const transfers = await transfersOfOrder(suite.db, rows[0]!.bill_no);
    expect(transfers.map((t) => [t.code, t.amountMinor])).toEqual([['deposit', DEMO_OPENING_BALANCE_MINOR]]);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
