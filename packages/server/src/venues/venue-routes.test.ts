import { describe, expect, it } from 'vitest';
import { CODE, autoTransferStatus, setAutoTransferStatus, venueBalances, venueTransferIn, venueTransferOut, walletBalance } from '@lobby/sdk';
import { balancesOf, auditLedger } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { moneyEverywhere, sandboxOf } from '../testing/venues.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('venue transfers on %s', (engine) => {
  const suite = serverSuite(engine);

  it('moves yuan into a venue and back, the venue keeping its own balance', async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    const into = await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 250.5 }, token);
    expect(into.body.code).toBe(0);
    expect(into.body.data).toMatchObject({ state: 'completed', apiName: 'LBSPORT', amount: 250.5, centerWalletBalance: 749.5, money: 250.5 });
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(250_50);
    const out = await suite.callWithKey(venueTransferOut, { api_name: 'LBSPORT', transferOutVal: 50.25 }, token);
    expect(out.body.data).toMatchObject({ state: 'completed', centerWalletBalance: 799.75, money: 200.25 });
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(200_25);
    const wallet = await suite.call(walletBalance, {}, { token });
    expect(wallet.body.data.venueList.find((v) => v.channelCode === 'LBSPORT')!.money).toBe(200.25);
    expect(wallet.body.data.totalFunds).toBe(1_000);
  });

  it('answers a replayed key with the first result and moves money once', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const key = newKey();
    const first = await suite.callWithKey(venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 30 }, token, key);
    const again = await suite.callWithKey(venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 30 }, token, key);
    expect(again.body).toEqual(first.body);
    expect(await sandboxOf(suite.app).balance('LBLIVE', memberId)).toBe(30_00);
    const other = await suite.callWithKey(venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 31 }, token, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(CODE.idempotencyKeyReused);
  });

  it('refuses bad input with 400 and unknown venues or short balances with a code, moving nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(10_00);
    const cases: Array<[unknown, number]> = [
      [{ api_name: 'LBSPORT', transferIntoVal: -1 }, CODE.invalidField],
      [{ api_name: 'LBSPORT', transferIntoVal: 0 }, CODE.invalidField],
      [{ api_name: 'LBSPORT', transferIntoVal: 1.234 }, CODE.invalidField],
      [{ api_name: 'LBSPORT', transferIntoVal: '5' }, CODE.invalidField],
      [{ api_name: '<script>', transferIntoVal: 5 }, CODE.invalidField],
      [{ api_name: 'LBSPORT' }, CODE.invalidField],
      [{ api_name: 'LBSPORT', transferIntoVal: 5, extra: 1 }, CODE.unknownField],
    ];
    for (const [body, code] of cases) {
      const response = await signedInject(suite.app, { call: venueTransferIn, body, token, headers: { 'x-idempotency-key': newKey() } });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const noKey = await suite.call(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 5 }, { token });
    expect(noKey.body.code).toBe(CODE.idempotencyKeyMissing);
    const unknown = await suite.callWithKey(venueTransferIn, { api_name: 'NOPE', transferIntoVal: 5 }, token);
    expect(unknown.body.code).toBe(CODE.venueNotFound);
    const aurora = await suite.callWithKey(venueTransferIn, { api_name: 'AUSPORT', transferIntoVal: 5 }, token);
    expect(aurora.body.code).toBe(CODE.venueNotFound);
    const short = await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10.01 }, token);
    expect(short.body.code).toBe(CODE.exceedsBalance);
    const outShort = await suite.callWithKey(venueTransferOut, { api_name: 'LBSPORT', transferOutVal: 1 }, token);
    expect(outShort.body.code).toBe(CODE.exceedsBalance);
    expect((await balancesOf(suite.db, memberId)).get('centre')).toBe(10_00);
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(0);
    expect((await suite.call(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 5 })).status).toBe(401);
  });

  it('keeps one member out of another member\'s venue money', async () => {
    const a = await suite.memberWithBalance(100_00);
    const b = await suite.memberWithBalance(0);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 60 }, a.token);
    const steal = await suite.callWithKey(venueTransferOut, { api_name: 'LBCHESS', transferOutVal: 60 }, b.token);
    expect(steal.body.code).toBe(CODE.exceedsBalance);
    const listB = await suite.call(venueBalances, {}, { token: b.token });
    expect(listB.body.data.venueList.find((v) => v.channelCode === 'LBCHESS')!.money).toBe(0);
    expect(await sandboxOf(suite.app).balance('LBCHESS', a.memberId)).toBe(60_00);
  });

  it('marks a venue in maintenance and refuses transfers to it', async () => {
    const { token } = await suite.memberWithBalance(100_00);
    sandboxOf(suite.app).setMaintenance('LBLOTTO', true);
    try {
      const list = await suite.call(venueBalances, {}, { token });
      expect(list.body.data.venueList.find((v) => v.channelCode === 'LBLOTTO')!.maintenance).toBe(true);
      expect(list.body.data.venueList.find((v) => v.channelCode === 'LBSPORT')!.maintenance).toBe(false);
      const refused = await suite.callWithKey(venueTransferIn, { api_name: 'LBLOTTO', transferIntoVal: 5 }, token);
      expect(refused.body.code).toBe(CODE.venueMaintaining);
      expect(refused.body.msg).toContain('Maintaining');
    } finally {
      sandboxOf(suite.app).setMaintenance('LBLOTTO', false);
    }
  });

  it('leaves a timed-out transfer pending and settles it once when the same key is retried', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const key = newKey();
    sandboxOf(suite.app).failNext('LBSLOTS', 'timeout');
    const first = await suite.callWithKey(venueTransferIn, { api_name: 'LBSLOTS', transferIntoVal: 40 }, token, key);
    expect(first.body.data).toMatchObject({ state: 'pending', centerWalletBalance: 60, money: 0 });
    expect(await sandboxOf(suite.app).balance('LBSLOTS', memberId)).toBe(40_00);
    const retry = await suite.callWithKey(venueTransferIn, { api_name: 'LBSLOTS', transferIntoVal: 40 }, token, key);
    expect(retry.body.data).toMatchObject({ state: 'completed', transferId: first.body.data.transferId, centerWalletBalance: 60, money: 40 });
    const replay = await suite.callWithKey(venueTransferIn, { api_name: 'LBSLOTS', transferIntoVal: 40 }, token, key);
    expect(replay.body).toEqual(retry.body);
    expect(await sandboxOf(suite.app).balance('LBSLOTS', memberId)).toBe(40_00);
  });

  it('resends a request the venue never received with the same transfer id, and voids a refused one', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const key = newKey();
    sandboxOf(suite.app).failNext('YBHX', 'timeoutBefore');
    const lost = await suite.callWithKey(venueTransferIn, { api_name: 'YBHX', transferIntoVal: 10 }, token, key);
    expect(lost.body.data.state).toBe('pending');
    expect(await sandboxOf(suite.app).balance('YBHX', memberId)).toBe(0);
    const retry = await suite.callWithKey(venueTransferIn, { api_name: 'YBHX', transferIntoVal: 10 }, token, key);
    expect(retry.body.data).toMatchObject({ state: 'completed', money: 10, centerWalletBalance: 90 });
    sandboxOf(suite.app).failNext('YBHX', 'fail');
    const refused = await suite.callWithKey(venueTransferOut, { api_name: 'YBHX', transferOutVal: 10 }, token);
    expect(refused.body.code).toBe(CODE.venueTransferFailed);
    expect(refused.body.data).toMatchObject({ state: 'failed', money: 10, centerWalletBalance: 90 });
    sandboxOf(suite.app).failNext('YBHX', 'double');
    const doubled = await suite.callWithKey(venueTransferOut, { api_name: 'YBHX', transferOutVal: 10 }, token);
    expect(doubled.body.data).toMatchObject({ state: 'completed', money: 0, centerWalletBalance: 100 });
    expect(await sandboxOf(suite.app).balance('YBHX', memberId)).toBe(0);
  });

  it('switches auto transfer on and off per member', async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    expect((await suite.call(autoTransferStatus, {}, { token: a.token })).body.data).toEqual({ status: 0 });
    expect((await suite.call(setAutoTransferStatus, { status: 1 }, { token: a.token })).body.data).toEqual({ status: 1 });
    expect((await suite.call(autoTransferStatus, {}, { token: a.token })).body.data).toEqual({ status: 1 });
    expect((await suite.call(autoTransferStatus, {}, { token: b.token })).body.data).toEqual({ status: 0 });
    const bad = await signedInject(suite.app, { call: setAutoTransferStatus, body: { status: 2 }, token: a.token });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the ledger sound', async () => {
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
    const { memberId } = await suite.memberWithBalance(0);
    expect((await moneyEverywhere(suite.db, sandboxOf(suite.app), memberId, ['LBSPORT'])).total).toBe(0);
  });
});
