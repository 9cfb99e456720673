import { describe, expect, it } from 'vitest';
import {
  CODE, RECYCLE_THROTTLE_MS, oneClickRecycle, oneClickRecycleV2, venueBalanceRefresh, venueRecycleConfirmList, venueTransferIn, venueTransferOut,
} from '@lobby/sdk';
import { balancesOf, auditLedger } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { moneyEverywhere, sandboxOf } from '../testing/venues.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { reconcilePendingTransfers, type VenueFault } from './index.js';

const VENUES = ['LBSPORT', 'LBESPORT', 'LBLIVE', 'LBLOTTO', 'LBCHESS', 'LBSLOTS', 'YBHX'] as const;

describe.each(testEngines())('venue recycling and faults on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('recycles every venue into the centre wallet, then throttles for 10 s', async () => {
    const { memberId, token } = await suite.memberWithBalance(300_00);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 50.5 }, token);
    const confirm = await suite.call(venueRecycleConfirmList, {}, { token });
    expect(confirm.body.data.venueList.map((v) => [v.channelCode, v.money])).toEqual([['LBSPORT', 100], ['LBLIVE', 50.5]]);
    const recycled = await suite.callWithKey(oneClickRecycle, {}, token);
    expect(recycled.body.data).toMatchObject({ message: 'Recovery successful!', state: 'completed', centerWalletBalance: 300 });
    expect(recycled.body.data.transfers.map((t) => [t.apiName, t.amount, t.state])).toEqual([['LBSPORT', 100, 'completed'], ['LBLIVE', 50.5, 'completed']]);
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(0);
    const tooSoon = await suite.callWithKey(oneClickRecycle, {}, token);
    expect(tooSoon.body).toMatchObject({ code: CODE.operationTooFrequent, msg: 'The operation is too frequent, please try again later' });
    suite.clock.advance(RECYCLE_THROTTLE_MS);
    expect((await suite.callWithKey(oneClickRecycle, {}, token)).body.code).toBe(0);
  });

  it('v2 recycles only the confirmed venues; unknown names are refused', async () => {
    suite.clock.advance(RECYCLE_THROTTLE_MS);
    const { memberId, token } = await suite.memberWithBalance(300_00);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 20 }, token);
    const unknown = await suite.callWithKey(oneClickRecycleV2, { apiNames: ['NOPE'] }, token);
    expect(unknown.body.code).toBe(CODE.venueNotFound);
    const empty = await signedInject(suite.app, { call: oneClickRecycleV2, body: { apiNames: [] }, token, headers: { 'x-idempotency-key': newKey() } });
    expect(empty.statusCode).toBe(400);
    const badType = await signedInject(suite.app, { call: oneClickRecycle, body: { walletType: 3 }, token, headers: { 'x-idempotency-key': newKey() } });
    expect(badType.statusCode).toBe(400);
    const v2 = await suite.callWithKey(oneClickRecycleV2, { apiNames: ['LBCHESS'], walletType: 1 }, token);
    expect(v2.body.data).toMatchObject({ state: 'completed', centerWalletBalance: 200 });
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(100_00);
    expect(await sandboxOf(suite.app).balance('LBCHESS', memberId)).toBe(0);
  });

  it('throttles refresh per member for 10 s and reads balances from the venues', async () => {
    const a = await suite.memberWithBalance(50_00);
    const b = await suite.memberWithBalance(0);
    await suite.callWithKey(venueTransferIn, { api_name: 'LBESPORT', transferIntoVal: 12.34 }, a.token);
    const first = await suite.call(venueBalanceRefresh, {}, { token: a.token });
    expect(first.body.data.message).toBe('Amount refreshed');
    expect(first.body.data.venueList.find((v) => v.channelCode === 'LBESPORT')!.money).toBe(12.34);
    expect((await suite.call(venueBalanceRefresh, { apiName: 'LBESPORT' }, { token: a.token })).body.code).toBe(CODE.operationTooFrequent);
    expect((await suite.call(venueBalanceRefresh, {}, { token: b.token })).body.code).toBe(0);
    suite.clock.advance(RECYCLE_THROTTLE_MS - 1);
    expect((await suite.call(venueBalanceRefresh, {}, { token: a.token })).body.code).toBe(CODE.operationTooFrequent);
    suite.clock.advance(1);
    expect((await suite.call(venueBalanceRefresh, {}, { token: a.token })).body.code).toBe(0);
  });

  it('conserves centre plus venue balances through timeouts, failures and double answers', async () => {
    const start = 2_000_00;
    const { memberId, token } = await suite.memberWithBalance(start);
    const faults: Array<VenueFault | undefined> = ['timeout', 'timeoutBefore', 'fail', 'double', undefined];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n);
    for (let step = 0; step < 40; step += 1) {
      const venue = VENUES[random(VENUES.length)]!;
      const fault = faults[random(faults.length)];
      if (fault) sandboxOf(suite.app).failNext(venue, fault);
      const amount = 1 + random(30_000) / 100;
      const key = newKey();
      const pick = random(5);
      if (pick === 4) {
        suite.clock.advance(RECYCLE_THROTTLE_MS);
        await suite.callWithKey(oneClickRecycle, {}, token, key);
      } else {
        const call = pick < 2 ? venueTransferIn : venueTransferOut;
        const body = pick < 2 ? { api_name: venue, transferIntoVal: amount } : { api_name: venue, transferOutVal: amount };
        const answer = await suite.callWithKey(call as typeof venueTransferIn, body as never, token, key);
        expect(answer.status).toBe(200);
        if (random(2) === 0) await suite.callWithKey(call as typeof venueTransferIn, body as never, token, key);
      }
      sandboxOf(suite.app).clearFaults();
      const books = await balancesOf(suite.db, memberId);
      expect(books.get('centre') ?? 0).toBeGreaterThanOrEqual(0);
    }
    expect(await reconcilePendingTransfers(suite.db, sandboxOf(suite.app), memberId)).toBe(0);
    const money = await moneyEverywhere(suite.db, sandboxOf(suite.app), memberId, VENUES);
    expect(money.total).toBe(start);
    const books = await balancesOf(suite.db, memberId);
    for (const [i, venue] of VENUES.entries()) expect(books.get(`venue:${venue}`) ?? 0).toBe(money.venues[i]);
    const { rows } = await suite.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts WHERE kind LIKE 'venue_clearing:%' AND balance_minor <> 0`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  });
  it('settles a pending transfer once when many retries and reconcilers race', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const key = newKey();
    sandboxOf(suite.app).failNext('LBLOTTO', 'timeout');
    const body = { api_name: 'LBLOTTO', transferIntoVal: 25 };
    expect((await suite.callWithKey(venueTransferIn, body, token, key)).body.data.state).toBe('pending');
    const racers = await Promise.all([
      ...Array.from({ length: 6 }, () => suite.callWithKey(venueTransferIn, body, token, key)),
      reconcilePendingTransfers(suite.db, sandboxOf(suite.app), memberId),
      reconcilePendingTransfers(suite.db, sandboxOf(suite.app), null),
    ]);
    for (const answer of racers.slice(0, 6)) expect((answer as { body: { data: { state: string } } }).body.data.state).toBe('completed');
    const books = await balancesOf(suite.db, memberId);
    expect([books.get('centre'), books.get('venue:LBLOTTO')]).toEqual([75_00, 25_00]);
    expect(await sandboxOf(suite.app).balance('LBLOTTO', memberId)).toBe(25_00);
  });
});
