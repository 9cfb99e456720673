import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE, RECYCLE_THROTTLE_MS, oneClickRecycle, oneClickRecycleV2, venueBalanceRefresh, venueRecycleConfirmList, venueTransferIn, venueTransferOut,
} from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { balancesOf, auditLedger } from '../ledger/index.js';
import { buildTestApp } from '../testing/app.js';
import { callApi, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { reconcilePendingTransfers, type VenueFault } from './index.js';
import { memberWithBalance } from '../testing/members.js';
import { callWithKey, moneyEverywhere, movableClock, newKey, sandboxOf } from '../testing/venues.js';

const VENUES = ['LBSPORT', 'LBESPORT', 'LBLIVE', 'LBLOTTO', 'LBCHESS', 'LBSLOTS', 'YBHX'] as const;

describe.each(testEngines())('venue recycling and faults on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  const clock = movableClock();
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { providers: { clock } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('recycles every venue into the centre wallet, then throttles for 10 s', async () => {
    const { memberId, token } = await memberWithBalance(db, 300_00);
    await callWithKey(app, venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token);
    await callWithKey(app, venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 50.5 }, token);
    const confirm = await callApi(app, venueRecycleConfirmList, {}, { token });
    expect(confirm.body.data.venueList.map((v) => [v.channelCode, v.money])).toEqual([['LBSPORT', 100], ['LBLIVE', 50.5]]);
    const recycled = await callWithKey(app, oneClickRecycle, {}, token);
    expect(recycled.body.data).toMatchObject({ message: 'Recovery successful!', state: 'completed', centerWalletBalance: 300 });
    expect(recycled.body.data.transfers.map((t) => [t.apiName, t.amount, t.state])).toEqual([['LBSPORT', 100, 'completed'], ['LBLIVE', 50.5, 'completed']]);
    expect(await sandboxOf(app).balance('LBSPORT', memberId)).toBe(0);
    const tooSoon = await callWithKey(app, oneClickRecycle, {}, token);
    expect(tooSoon.body).toMatchObject({ code: CODE.operationTooFrequent, msg: 'the operation is too frequent' });
    clock.advance(RECYCLE_THROTTLE_MS);
    expect((await callWithKey(app, oneClickRecycle, {}, token)).body.code).toBe(0);
  });

  it('v2 recycles only the confirmed venues; unknown names are refused', async () => {
    clock.advance(RECYCLE_THROTTLE_MS);
    const { memberId, token } = await memberWithBalance(db, 300_00);
    await callWithKey(app, venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token);
    await callWithKey(app, venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 20 }, token);
    const unknown = await callWithKey(app, oneClickRecycleV2, { apiNames: ['NOPE'] }, token);
    expect(unknown.body.code).toBe(CODE.venueNotFound);
    const empty = await signedInject(app, { call: oneClickRecycleV2, body: { apiNames: [] }, token, headers: { 'x-idempotency-key': newKey() } });
    expect(empty.statusCode).toBe(400);
    const badType = await signedInject(app, { call: oneClickRecycle, body: { walletType: 3 }, token, headers: { 'x-idempotency-key': newKey() } });
    expect(badType.statusCode).toBe(400);
    const v2 = await callWithKey(app, oneClickRecycleV2, { apiNames: ['LBCHESS'], walletType: 1 }, token);
    expect(v2.body.data).toMatchObject({ state: 'completed', centerWalletBalance: 200 });
    expect(await sandboxOf(app).balance('LBSPORT', memberId)).toBe(100_00);
    expect(await sandboxOf(app).balance('LBCHESS', memberId)).toBe(0);
  });

  it('throttles refresh per member for 10 s and reads balances from the venues', async () => {
    const a = await memberWithBalance(db, 50_00);
    const b = await memberWithBalance(db, 0);
    await callWithKey(app, venueTransferIn, { api_name: 'LBESPORT', transferIntoVal: 12.34 }, a.token);
    const first = await callApi(app, venueBalanceRefresh, {}, { token: a.token });
    expect(first.body.data.message).toBe('amount refreshed');
    expect(first.body.data.venueList.find((v) => v.channelCode === 'LBESPORT')!.money).toBe(12.34);
    expect((await callApi(app, venueBalanceRefresh, { apiName: 'LBESPORT' }, { token: a.token })).body.code).toBe(CODE.operationTooFrequent);
    expect((await callApi(app, venueBalanceRefresh, {}, { token: b.token })).body.code).toBe(0);
    clock.advance(RECYCLE_THROTTLE_MS - 1);
    expect((await callApi(app, venueBalanceRefresh, {}, { token: a.token })).body.code).toBe(CODE.operationTooFrequent);
    clock.advance(1);
    expect((await callApi(app, venueBalanceRefresh, {}, { token: a.token })).body.code).toBe(0);
  });

  it('conserves centre plus venue balances through timeouts, failures and double answers', async () => {
    const start = 2_000_00;
    const { memberId, token } = await memberWithBalance(db, start);
    const faults: Array<VenueFault | undefined> = ['timeout', 'timeoutBefore', 'fail', 'double', undefined];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n);
    for (let step = 0; step < 40; step += 1) {
      const venue = VENUES[random(VENUES.length)]!;
      const fault = faults[random(faults.length)];
      if (fault) sandboxOf(app).failNext(venue, fault);
      const amount = 1 + random(30_000) / 100;
      const key = newKey();
      const pick = random(5);
      if (pick === 4) {
        clock.advance(RECYCLE_THROTTLE_MS);
        await callWithKey(app, oneClickRecycle, {}, token, key);
      } else {
        const call = pick < 2 ? venueTransferIn : venueTransferOut;
        const body = pick < 2 ? { api_name: venue, transferIntoVal: amount } : { api_name: venue, transferOutVal: amount };
        const answer = await callWithKey(app, call as typeof venueTransferIn, body as never, token, key);
        expect(answer.status).toBe(200);
        if (random(2) === 0) await callWithKey(app, call as typeof venueTransferIn, body as never, token, key);
      }
      sandboxOf(app).clearFaults();
      const books = await balancesOf(db, memberId);
      expect(books.get('centre') ?? 0).toBeGreaterThanOrEqual(0);
    }
    expect(await reconcilePendingTransfers(db, sandboxOf(app), memberId)).toBe(0);
    const money = await moneyEverywhere(db, sandboxOf(app), memberId, VENUES);
    expect(money.total).toBe(start);
    const books = await balancesOf(db, memberId);
    for (const [i, venue] of VENUES.entries()) expect(books.get(`venue:${venue}`) ?? 0).toBe(money.venues[i]);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts WHERE kind LIKE 'venue_clearing:%' AND balance_minor <> 0`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });
  it('settles a pending transfer once when many retries and reconcilers race', async () => {
    const { memberId, token } = await memberWithBalance(db, 100_00);
    const key = newKey();
    sandboxOf(app).failNext('LBLOTTO', 'timeout');
    const body = { api_name: 'LBLOTTO', transferIntoVal: 25 };
    expect((await callWithKey(app, venueTransferIn, body, token, key)).body.data.state).toBe('pending');
    const racers = await Promise.all([
      ...Array.from({ length: 6 }, () => callWithKey(app, venueTransferIn, body, token, key)),
      reconcilePendingTransfers(db, sandboxOf(app), memberId),
      reconcilePendingTransfers(db, sandboxOf(app), null),
    ]);
    for (const answer of racers.slice(0, 6)) expect((answer as { body: { data: { state: string } } }).body.data.state).toBe('completed');
    const books = await balancesOf(db, memberId);
    expect([books.get('centre'), books.get('venue:LBLOTTO')]).toEqual([75_00, 25_00]);
    expect(await sandboxOf(app).balance('LBLOTTO', memberId)).toBe(25_00);
  });
});
