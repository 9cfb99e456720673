import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, availableBalance, buyCoin, checkBuyCoinPermission, coinWalletBalance, walletBalance } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { auditLedger, coinOrdersOf } from '../ledger/index.js';
import { MEMBER_STATUS, updateStatus } from '../members/member-repository.js';
import { buildTestApp } from '../testing/app.js';
import { callApi, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { memberWithBalance } from '../testing/members.js';

describe.each(testEngines())('anchor coin routes on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  let keys = 0;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const keyed = (token: string, key = `key-${++keys}`) => ({ token, headers: { 'x-idempotency-key': key } });
  const wallet = async (token: string) => (await callApi(app, walletBalance, {}, { token })).body.data;

  it('shows the coin wallet, the available balance and the rate', async () => {
    const { token } = await memberWithBalance(db, 123_45);
    expect((await callApi(app, coinWalletBalance, {}, { token })).body.data).toEqual({ coinWalletBalance: 0 });
    expect((await callApi(app, availableBalance, {}, { token })).body.data).toEqual({ availableBalance: 123.45, coinRate: 10 });
  });

  it('allows an active member and refuses a sleeping one with a code and message', async () => {
    const { memberId, token } = await memberWithBalance(db, 0);
    expect((await callApi(app, checkBuyCoinPermission, {}, { token })).body.data).toEqual({ code: 0, msg: 'ok' });
    await updateStatus(db, memberId, MEMBER_STATUS.sleeping);
    const refused = (await callApi(app, checkBuyCoinPermission, {}, { token })).body.data;
    expect(refused.code).toBe(CODE.memberSleeping);
    expect(refused.msg).not.toBe('');
    const buy = await callApi(app, buyCoin, { money: 1 }, keyed(token));
    expect(buy.body.code).toBe(CODE.memberSleeping);
  });

  it('buys coins from the centre wallet and answers the new balances', async () => {
    const { memberId, token } = await memberWithBalance(db, 100_00);
    const { status, body } = await callApi(app, buyCoin, { money: 18 }, keyed(token));
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ money: 18, coins: 180, coinWalletBalance: 180, centerWalletBalance: 82 });
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 82, coinWalletBalance: 180 });
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1);
  });

  it('replays the first result for the same key and refuses the key with another body', async () => {
    const { memberId, token } = await memberWithBalance(db, 100_00);
    const first = await callApi(app, buyCoin, { money: 5 }, keyed(token, 'replayed-key'));
    const again = await callApi(app, buyCoin, { money: 5 }, keyed(token, 'replayed-key'));
    expect(again.body).toEqual(first.body);
    const other = await callApi(app, buyCoin, { money: 6 }, keyed(token, 'replayed-key'));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(CODE.idempotencyKeyReused);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 95, coinWalletBalance: 50 });
  });

  it('refuses a purchase above the balance with exceedsBalance, changes nothing, and replays the refusal', async () => {
    const { memberId, token } = await memberWithBalance(db, 10_00);
    const first = await callApi(app, buyCoin, { money: 11 }, keyed(token, 'too-much'));
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(CODE.exceedsBalance);
    const again = await callApi(app, buyCoin, { money: 11 }, keyed(token, 'too-much'));
    expect(again.body).toEqual(first.body);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(0);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 10, coinWalletBalance: 0 });
  });

  it('makes one order from 30 simultaneous requests with one key', async () => {
    const { memberId, token } = await memberWithBalance(db, 100_00);
    const answers = await Promise.all(Array.from({ length: 30 }, () => callApi(app, buyCoin, { money: 7 }, keyed(token, 'double-click'))));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]!.body.code).toBe(0);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 93, coinWalletBalance: 70 });
  });

  it('requires an idempotency key', async () => {
    const { token } = await memberWithBalance(db, 10_00);
    const { status, body } = await callApi(app, buyCoin, { money: 1 }, { token });
    expect(status).toBe(400);
    expect(body.code).toBe(CODE.idempotencyKeyMissing);
  });

  it('answers hostile amounts with 400, never 500, and changes nothing', async () => {
    const { memberId, token } = await memberWithBalance(db, 1_000_00);
    const bodies = [
      '{"money":-1}', '{"money":0}', '{"money":1.5}', '{"money":1.005}', '{"money":500001}', '{"money":1e300}',
      '{"money":"10"}', '{"money":null}', '{"money":[1]}', '{}', '{"money":1,"extra":1}', '{"money":', '[]', 'null',
      `{"money":"${'9'.repeat(5_000)}"}`, '{"money":99999999999999999999999}', '{"money":NaN}', '{"__proto__":{"money":1}}',
    ];
    for (const body of bodies) {
      const response = await signedInject(app, { call: buyCoin, body, ...keyed(token) });
      expect(response.statusCode, body).toBe(400);
      expect(response.json<{ code: number }>().code, body).toBeGreaterThanOrEqual(400_000);
    }
    const badKey = await signedInject(app, { call: buyCoin, body: '{"money":1}', token, headers: { 'x-idempotency-key': 'has space' } });
    expect(badKey.statusCode).toBe(400);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(0);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 1_000, coinWalletBalance: 0 });
    expect((await auditLedger(db)).ok).toBe(true);
  });
});
