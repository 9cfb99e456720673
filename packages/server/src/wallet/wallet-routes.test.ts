import { describe, expect, it } from 'vitest';
import { CODE, totalFundsMinor, usdtWalletBalance, userInfo, walletBalance } from '@lobby/sdk';
import { ensureMemberAccounts, ensureSystemAccount, ensureVenueAccount, createTransfer } from '../ledger/index.js';
import { findMemberByName } from '../members/member-repository.js';
import { createSession } from '../members/sessions.js';
import { signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import type { SandboxVenueProvider } from '../venues/index.js';

describe.each(testEngines())('finance routes on %s', (engine) => {
  const suite = serverSuite(engine);

  it('shows the seeded demo member 10,000.00 in the centre wallet', async () => {
    const demo = (await findMemberByName(suite.db, 4, 'demo'))!;
    const token = await createSession(suite.db, demo.id, 'test-device-0001', Date.now());
    const { status, body } = await suite.call(walletBalance, {}, { token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ centerWalletBalance: 10_000, memberTotalBalance: 10_000, coinWalletBalance: 0, totalFunds: 10_000 });
    expect(body.data.venueList.map((venue) => venue.channelCode)).toContain('LBSPORT');
  });

  it('sends the frozen walletBalance answer with the headers of any JSON answer and its exact length', async () => {
    const { token } = await suite.memberWithBalance(1_00);
    const frozen = await signedInject(suite.app, { call: walletBalance, body: {}, token });
    const plain = await signedInject(suite.app, { call: usdtWalletBalance, body: {}, token });
    const securityOf = (headers: Record<string, unknown>) =>
      Object.fromEntries(['content-type', 'x-content-type-options', 'referrer-policy', 'cache-control'].map((name) => [name, headers[name]]));
    expect(securityOf(frozen.headers)).toEqual(securityOf(plain.headers));
    expect(securityOf(frozen.headers)).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    expect(Number(frozen.headers['content-length'])).toBe(frozen.rawPayload.length);
    expect(frozen.json<{ code: number; data: { centerWalletBalance: number } }>()).toMatchObject({ code: 0, data: { centerWalletBalance: 1 } });
  });

  it('reports every wallet, the venue money and total funds by the spec formula', async () => {
    const { memberId, token } = await suite.memberWithBalance(500_12);
    await suite.db.transaction(async (tx) => {
      const { centre, locked } = await ensureMemberAccounts(tx, memberId);
      const venue = await ensureVenueAccount(tx, memberId, 'venue:LBSPORT', 'CNY');
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: locked.id, amountMinor: 100_02, currency: 'CNY', code: 'test', reference: `lock:${memberId}` });
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: venue.id, amountMinor: 50_00, currency: 'CNY', code: 'test', reference: `venue:${memberId}` });
      const houseUsdt = await ensureSystemAccount(tx, 'house', 'USDT');
      const { usdt } = await ensureMemberAccounts(tx, memberId);
      await createTransfer(tx, { debitAccountId: houseUsdt.id, creditAccountId: usdt.id, amountMinor: 1_234_567, currency: 'USDT', code: 'test', reference: `usdt:${memberId}` });
    });
    const { body } = await suite.call(walletBalance, {}, { token });
    expect(body.data).toMatchObject({
      centerWalletBalance: 350.1,
      lockedWalletBalance: 100.02,
      memberTotalBalance: 450.12,
      virtualCurrencyWalletBalance: 1.234567,
      virtualCurrencyLockWalletBalance: 0,
      yebWalletBalance: 0,
      baseRate: 7.2,
      totalFunds: 500.12,
    });
    expect(body.data.venueList.find((venue) => venue.channelCode === 'LBSPORT')!.money).toBe(50);
    expect(totalFundsMinor(body.data)).toBe(500_12);
    const usdt = await suite.call(usdtWalletBalance, {}, { token });
    expect(usdt.body.data).toEqual({ virtualCurrencyWalletBalance: 1.234567, virtualCurrencyLockWalletBalance: 0, baseRate: 7.2 });
  });

  it('marks a venue in maintenance in the wallet balance venue list, and clears the mark after', async () => {
    const { token } = await suite.memberWithBalance(10_00);
    const sandbox = suite.app.venueProvider as SandboxVenueProvider;
    const lbsport = async () => (await suite.call(walletBalance, {}, { token })).body.data.venueList.filter((venue) => venue.channelCode === 'LBSPORT');
    expect((await lbsport()).map((venue) => venue.maintenance)).toEqual([false]);
    sandbox.setMaintenance('LBSPORT', true);
    try {
      const marked = (await suite.call(walletBalance, {}, { token })).body.data.venueList;
      expect(marked.filter((venue) => venue.channelCode === 'LBSPORT').map((venue) => venue.maintenance)).toEqual([true]);
      expect(marked.filter((venue) => venue.channelCode !== 'LBSPORT').some((venue) => venue.maintenance)).toBe(false);
    } finally {
      sandbox.setMaintenance('LBSPORT', false);
    }
    expect((await lbsport()).map((venue) => venue.maintenance)).toEqual([false]);
  });

  it('feeds user info from the ledger', async () => {
    const { token } = await suite.memberWithBalance(77_70);
    const { body } = await suite.call(userInfo, {}, { token });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ centerWalletBalance: 77.7, centerMoney: 77.7, memberTotalBalance: 77.7 });
  });

  it('refuses visitors', async () => {
    const { status, body } = await suite.call(walletBalance, {});
    expect(status).toBe(401);
    expect(body.code).toBe(CODE.tokenMissing);
  });
});
