import { describe, expect, it } from 'vitest';
import { allCalls, type AnyCall } from '@lobby/sdk';
import { auditLedger } from '../ledger/index.js';
import { signedInject } from '../testing/client.js';
import { walletOf } from '../testing/members.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/** The order calls: deposit, withdrawal and operator groups (download operator calls excluded). */
const orderCalls = allCalls.filter((call) => ['deposit', 'withdrawal'].includes(call.group) || /^\/ops\/v1\/(deposit|withdrawal|orders|sandbox|whoami)/.test(call.path));

const HOSTILE: unknown[] = [
  '{"billNo":',
  '[]',
  'null',
  '"text"',
  { billNo: 123 },
  { billNo: null },
  { billNo: 'x'.repeat(5000) },
  { billNo: "D1' OR '1'='1" },
  { billNo: { $ne: '' } },
  { amount: 1e308, payTypeId: '1' },
  { amount: -0.01, payTypeId: '1' },
  { amount: '100', payTypeId: '1', withdrawType: 0 },
  { type: '0' },
  { password: 'A'.repeat(32) },
  { content: '<img src=x onerror=alert(1)>', billNo: 'D1' },
  { orderState: 'all', limit: 1e9 },
  { __proto__: { admin: true } },
];

describe.each(testEngines())('order calls given hostile input on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers every order call with a 400 or a business code, never a 500, and moves no money', { timeout: 240_000 }, async () => {
    expect(orderCalls.length).toBeGreaterThan(30);
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    const statuses = new Set<number>();
    for (const call of orderCalls as AnyCall[]) {
      for (const body of HOSTILE) {
        const response = await signedInject(suite.app, {
          call,
          body: typeof body === 'string' ? body : JSON.stringify(body),
          token: call.auth === 'operator' ? suite.opsToken : token,
          headers: { 'x-idempotency-key': `hostile-${Math.random()}` },
        });
        expect(response.statusCode, `${call.name} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(typeof response.json().code).toBe('number');
        statuses.add(response.statusCode);
      }
    }
    expect(statuses.has(400)).toBe(true);
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([1_000_00, 0]);
    expect((await suite.db.query('SELECT 1 FROM deposit_orders WHERE member_id = $1 UNION ALL SELECT 1 FROM withdrawal_orders WHERE member_id = $1', [memberId])).rows).toHaveLength(0);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
