import { describe, expect, it } from 'vitest';
import { allCalls } from '@lobby/sdk';
import { balancesOf, auditLedger } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/** The calls of this area (venue wallets, yuebao, banks, addresses, wallet type, conversions). */
const CALLS = allCalls.filter((call) => ['games', 'yuebao'].includes(call.group) || /^\/finance\/v1\/(member_bank_list|bind_bank_card|delete_bank_card|virtual_currency|e_wallet|wallet_type|change_money)/.test(call.path));

const HOSTILE: unknown[] = [
  '{', '[]', 'null', '"text"', '12', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}',
  { api_name: null }, { api_name: 'A'.repeat(10_000), transferIntoVal: 1e308 }, { money: 'NaN' }, { money: 1e21 }, { money: -0.01 },
  { id: -1 }, { id: 0 }, { id: 1.5 }, { id: '1 OR 1=1' }, '{"id":9007199254740993}', { apiNames: 'LBSPORT' }, { apiNames: [1, 2] },
  { walletType: '1' }, { status: true }, { protocol: 0, address: "'; DROP TABLE member_virtual_addresses; --" },
  { type: 0, bankName: '<img src=x onerror=alert(1)>', cardNo: '4111111111111111', realName: '\u0000' },
  { protocol: 0, address: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ', alias: 'a\u0000b' }, { protocol: 3, address: 'ebpay\u0000user' },
  { usdtAmount: 0.0000001 }, { rmbAmount: 1e-7 },
];

describe.each(testEngines())('hostile input to the wallet calls on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers every call a 400 or a business code, never a 500, and moves no money', async () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(25);
    const { memberId, token } = await suite.memberWithBalance(500_00);
    const before = await balancesOf(suite.db, memberId);
    for (const call of CALLS) {
      for (const body of HOSTILE) {
        const response = await signedInject(suite.app, { call, body: typeof body === 'string' ? body : JSON.stringify(body), token, headers: { 'x-idempotency-key': newKey() } });
        const label = `${call.name} ${typeof body === 'string' ? body : JSON.stringify(body).slice(0, 80)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        const envelope = response.json<{ code: number }>();
        if (response.statusCode === 200 && envelope.code === 0) expect(call.movesMoney ?? false, label).toBe(false);
      }
    }
    expect(await balancesOf(suite.db, memberId)).toEqual(before);
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_virtual_addresses');
    expect(rows[0]!.n).toBe(0);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  });
});
