import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositVerifyMobileConfig } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { orderMember } from '../orders/orders-test.fixture.js';

describe.each(testEngines())('mobile binding verification before deposit on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is off for lobby and on for aurora, and tells the member whether its own phone is bound', async () => {
    const lobby = await orderMember(db, 0, 4);
    const aurora = await orderMember(db, 0, 8);
    const ask = (token: string, siteId: number) => callApi(app, depositVerifyMobileConfig, {}, { token, siteId });
    expect((await ask(lobby.token, 4)).body.data).toEqual({ keyType: 2, keyCode: 'deposit_verify_mobile_phone', status: 0, phoneBound: false });
    expect((await ask(aurora.token, 8)).body.data).toEqual({ keyType: 2, keyCode: 'deposit_verify_mobile_phone', status: 1, phoneBound: false });
    await db.query("UPDATE members SET phone = '13800138000' WHERE id = $1", [aurora.memberId]);
    expect((await ask(aurora.token, 8)).body.data).toMatchObject({ status: 1, phoneBound: true });
    expect((await ask(lobby.token, 4)).body.data).toMatchObject({ status: 0, phoneBound: false });
  });

  it('answers only a member with a session', async () => {
    const { status } = await callApi(app, depositVerifyMobileConfig, {}, { siteId: 8 });
    expect(status).toBe(401);
  });
});
