import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, depositPay, depositVerifyMobileConfig } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('mobile binding verification before deposit on %s', (engine) => {
  const suite = serverSuite(engine);

  it('is off for lobby and on for aurora, and tells the member whether its own phone is bound', async () => {
    const lobby = await suite.memberWithBalance(0, { siteId: 4 });
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    const ask = (token: string, siteId: number) => suite.call(depositVerifyMobileConfig, {}, { token, siteId });
    expect((await ask(lobby.token, 4)).body.data).toEqual({ keyType: 2, keyCode: 'deposit_verify_mobile_phone', status: 0, phoneBound: false });
    expect((await ask(aurora.token, 8)).body.data).toEqual({ keyType: 2, keyCode: 'deposit_verify_mobile_phone', status: 1, phoneBound: false });
    await suite.db.query("UPDATE members SET phone = '13800138000' WHERE id = $1", [aurora.memberId]);
    expect((await ask(aurora.token, 8)).body.data).toMatchObject({ status: 1, phoneBound: true });
    expect((await ask(lobby.token, 4)).body.data).toMatchObject({ status: 0, phoneBound: false });
  });

  it('refuses a deposit on aurora until a phone is bound, with nothing opened; lobby is not asked', async () => {
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    const pay = (token: string, siteId: number) =>
      suite.call(depositPay, { payTypeId: '1', amount: 100 }, { token, siteId, headers: { 'x-idempotency-key': randomUUID() } });
    const refused = await pay(aurora.token, 8);
    expect(refused.body).toMatchObject({ code: CODE.identityNoPhone, msg: 'bind a mobile phone before depositing' });
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1', [aurora.memberId]);
    expect(rows[0]?.n).toBe(0);
    await suite.db.query("UPDATE members SET phone = '13800138001' WHERE id = $1", [aurora.memberId]);
    expect((await pay(aurora.token, 8)).body.code).toBe(0);
    const lobby = await suite.memberWithBalance(0, { siteId: 4 });
    expect((await pay(lobby.token, 4)).body.code).toBe(0);
  });

  it('answers only a member with a session', async () => {
    const { status } = await suite.call(depositVerifyMobileConfig, {}, { siteId: 8 });
    expect(status).toBe(401);
  });
});
