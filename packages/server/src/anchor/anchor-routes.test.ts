import { describe, expect, it } from 'vitest';
import { CODE, HEADER, availableBalance, buyCoin, checkBuyCoinPermission, coinWalletBalance, walletBalance } from '@lobby/sdk';
import { auditLedger, coinOrdersOf } from '../ledger/index.js';
import { MEMBER_STATUS, updateStatus } from '../members/member-repository.js';
import { newKey, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('anchor coin routes on %s', (engine) => {
  const suite = serverSuite(engine);

  const wallet = async (token: string) => (await suite.call(walletBalance, {}, { token })).body.data;

  it('shows the coin wallet, the available balance and the rate', async () => {
    const { token } = await suite.memberWithBalance(123_45);
    expect((await suite.call(coinWalletBalance, {}, { token })).body.data).toEqual({ coinWalletBalance: 0 });
    expect((await suite.call(availableBalance, {}, { token })).body.data).toEqual({ availableBalance: 123.45, coinRate: 10 });
  });

  it('allows an active member and refuses a sleeping one with a code and message', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.call(checkBuyCoinPermission, {}, { token })).body.data).toEqual({ code: 0, msg: 'ok' });
    await updateStatus(suite.db, memberId, MEMBER_STATUS.sleeping);
    const refused = (await suite.call(checkBuyCoinPermission, {}, { token })).body.data;
    expect(refused.code).toBe(CODE.memberSleeping);
    expect(refused.msg).not.toBe('');
    const buy = await suite.callWithKey(buyCoin, { money: 1 }, token);
    expect(buy.body.code).toBe(CODE.memberSleeping);
  });

  it('buys coins from the centre wallet and answers the new balances', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const { status, body } = await suite.callWithKey(buyCoin, { money: 18 }, token);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ money: 18, coins: 180, coinWalletBalance: 180, centerWalletBalance: 82 });
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 82, coinWalletBalance: 180 });
    expect(await coinOrdersOf(suite.db, memberId)).toHaveLength(1);
  });

  it('replays the first result for the same key and refuses the key with another body', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const first = await suite.callWithKey(buyCoin, { money: 5 }, token, 'replayed-key');
    const again = await suite.callWithKey(buyCoin, { money: 5 }, token, 'replayed-key');
    expect(again.body).toEqual(first.body);
    const other = await suite.callWithKey(buyCoin, { money: 6 }, token, 'replayed-key');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(CODE.idempotencyKeyReused);
    expect(await coinOrdersOf(suite.db, memberId)).toHaveLength(1);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 95, coinWalletBalance: 50 });
  });

  it('refuses a purchase above the balance with exceedsBalance, changes nothing, and replays the refusal', async () => {
    const { memberId, token } = await suite.memberWithBalance(10_00);
    const first = await suite.callWithKey(buyCoin, { money: 11 }, token, 'too-much');
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(CODE.exceedsBalance);
    const again = await suite.callWithKey(buyCoin, { money: 11 }, token, 'too-much');
    expect(again.body).toEqual(first.body);
    expect(await coinOrdersOf(suite.db, memberId)).toHaveLength(0);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 10, coinWalletBalance: 0 });
  });

  it('makes one order from 30 simultaneous requests with one key', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const answers = await Promise.all(Array.from({ length: 30 }, () => suite.callWithKey(buyCoin, { money: 7 }, token, 'double-click')));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]!.body.code).toBe(0);
    expect(await coinOrdersOf(suite.db, memberId)).toHaveLength(1);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 93, coinWalletBalance: 70 });
  });

  it('requires an idempotency key', async () => {
    const { token } = await suite.memberWithBalance(10_00);
    const { status, body } = await suite.call(buyCoin, { money: 1 }, { token });
    expect(status).toBe(400);
    expect(body.code).toBe(CODE.idempotencyKeyMissing);
  });

  it('answers hostile amounts with 400, never 500, and changes nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    const bodies = [
      '{"money":-1}', '{"money":0}', '{"money":1.5}', '{"money":1.005}', '{"money":500001}', '{"money":1e300}',
      '{"money":"10"}', '{"money":null}', '{"money":[1]}', '{}', '{"money":1,"extra":1}', '{"money":', '[]', 'null',
      `{"money":"${'9'.repeat(5_000)}"}`, '{"money":99999999999999999999999}', '{"money":NaN}', '{"__proto__":{"money":1}}',
    ];
    for (const body of bodies) {
      const response = await signedInject(suite.app, { call: buyCoin, body, token, headers: { [HEADER.idempotencyKey]: newKey() } });
      expect(response.statusCode, body).toBe(400);
      expect(response.json<{ code: number }>().code, body).toBeGreaterThanOrEqual(400_000);
    }
    const badKey = await signedInject(suite.app, { call: buyCoin, body: '{"money":1}', token, headers: { 'x-idempotency-key': 'has space' } });
    expect(badKey.statusCode).toBe(400);
    expect(await coinOrdersOf(suite.db, memberId)).toHaveLength(0);
    expect(await wallet(token)).toMatchObject({ centerWalletBalance: 1_000, coinWalletBalance: 0 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
