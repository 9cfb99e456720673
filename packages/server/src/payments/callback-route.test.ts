import { describe, expect, it } from 'vitest';
import { CODE, depositPay } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { walletOf } from '../testing/members.js';
import { CALLBACK_PATH } from './callback-route.js';
import { CALLBACK_HEADER, signCallback } from './callback-signature.js';

describe.each(testEngines())('payment provider callbacks on %s', (engine) => {
  const suite = serverSuite(engine);

  const post = (body: string, headers: Record<string, string>, provider = 'sandbox') =>
    suite.app.inject({ method: 'POST', url: `${CALLBACK_PATH}${provider}`, payload: body, headers: { ...headers, 'content-type': 'application/json' } });

  async function openOrder() {
    const member = await suite.memberWithBalance(0);
    const order = (await suite.callWithKey(depositPay, { payTypeId: '411', amount: 88 }, member.token)).body.data;
    const { rows } = await suite.db.query<{ provider_ref: string }>('SELECT provider_ref FROM deposit_orders WHERE bill_no = $1', [order.billNo]);
    return { ...member, payment: { billNo: order.billNo, providerRef: rows[0]!.provider_ref, amountMinor: 88_00 } };
  }

  it('refuses an unsigned, wrongly signed, stale or tampered callback with 401 and changes nothing', async () => {
    const { memberId, payment } = await openOrder();
    const sandbox = suite.app.payments.sandbox;
    const body = sandbox.callbackBody(payment, 'paid');
    const good = sandbox.signedHeaders(body);
    const stale = String(Date.now() - 10 * 60_000);
    for (const [sentBody, headers] of [
      [body, {}],
      [body, { ...good, [CALLBACK_HEADER.signature]: signCallback('not-the-secret', good[CALLBACK_HEADER.timestamp]!, body) }],
      [body, { [CALLBACK_HEADER.timestamp]: stale, [CALLBACK_HEADER.signature]: 'a'.repeat(64) }],
      [body.replace('8800', '880000'), good],
    ] as const) {
      const response = await post(sentBody, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(CODE.callbackSignatureInvalid);
    }
    expect(await walletOf(suite.db, memberId)).toBe(0);
    expect((await suite.db.query('SELECT 1 FROM payment_callbacks WHERE bill_no = $1', [payment.billNo])).rows).toHaveLength(0);
  });

  it('stores a signed callback once: the same event again is a duplicate', async () => {
    const { memberId, payment } = await openOrder();
    const body = suite.app.payments.sandbox.callbackBody(payment, 'paid');
    const headers = suite.app.payments.sandbox.signedHeaders(body);
    const results = await Promise.all([post(body, headers), post(body, headers), post(body, headers)]);
    expect(results.map((r) => r.json().data.result).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await walletOf(suite.db, memberId)).toBe(88_00);
  });

  it('ignores a signed callback whose amount or reference does not match the order', async () => {
    const { memberId, payment } = await openOrder();
    for (const wrong of [{ ...payment, amountMinor: 8_800_00 }, { ...payment, providerRef: 'SBXFORGED' }, { ...payment, billNo: 'D000' }]) {
      const body = suite.app.payments.sandbox.callbackBody(wrong, 'paid');
      const response = await post(body, suite.app.payments.sandbox.signedHeaders(body));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.result).toMatch(/^ignored:/);
    }
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('applies a callback the sandbox sends late, and a failure closes the order', async () => {
    const late = await openOrder();
    const [delivery] = await suite.app.payments.sandbox.settle(late.payment, 'paid', { delayMs: 150 });
    expect(delivery).toEqual({ httpStatus: 200, result: 'applied' });
    expect(await walletOf(suite.db, late.memberId)).toBe(88_00);
    const failed = await openOrder();
    await suite.app.payments.sandbox.settle(failed.payment, 'failed');
    const { rows } = await suite.db.query<{ state: number }>('SELECT state FROM deposit_orders WHERE bill_no = $1', [failed.payment.billNo]);
    expect(rows[0]!.state).toBe(103);
    expect(await walletOf(suite.db, failed.memberId)).toBe(0);
  });

  it('answers 404 for an unknown provider and 400 for a signed body that is not a callback', async () => {
    expect((await post('{}', {}, 'nobody')).statusCode).toBe(404);
    const body = JSON.stringify({ hello: 'world' });
    expect((await post(body, suite.app.payments.sandbox.signedHeaders(body))).statusCode).toBe(400);
  });
});
