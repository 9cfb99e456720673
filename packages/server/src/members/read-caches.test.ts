import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, buyCoin, logout, walletBalance } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { openPostgres } from '../db/postgres.js';
import { createTransfer, ensureMemberAccounts } from '../ledger/index.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { readCachesOf } from './read-caches.js';

/**
 * The read path caches (read-caches.ts, docs/WALLET.md "Read path caches"): sessions
 * and balances served from memory, dropped by the database's notifications on every
 * instance and by this instance's own logouts and money calls at once.
 */

/** Polls `read` until `done` holds or `ms` pass; answers the last value read. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe.each(testEngines())('read path caches on %s', (engine) => {
  const suite = serverSuite(engine);

  const balance = async (token: string) => (await suite.call(walletBalance, {}, { token })).body;

  it('serves sessions and balances from memory while listening, each member only its own', async () => {
    const caches = readCachesOf(suite.db);
    expect(caches.balances.isLive).toBe(true);
    const one = await suite.memberWithBalance(1_00);
    const two = await suite.memberWithBalance(2_00);
    for (let i = 0; i < 3; i += 1) {
      expect((await balance(one.token)).data.centerWalletBalance).toBe(1);
      expect((await balance(two.token)).data.centerWalletBalance).toBe(2);
    }
    expect(caches.balances.size).toBeGreaterThanOrEqual(2);
    expect(caches.sessions.size).toBeGreaterThanOrEqual(2);
  });

  it('shows a member its own new balance right after its own money call', async () => {
    const { token } = await suite.memberWithBalance(100_00);
    expect((await balance(token)).data.centerWalletBalance).toBe(100);
    expect((await balance(token)).data.centerWalletBalance).toBe(100);
    const bought = await suite.callWithKey(buyCoin, { money: 10 }, token);
    expect(bought.body.code).toBe(0);
    const after = await balance(token);
    expect(after.data).toMatchObject({ centerWalletBalance: 90, coinWalletBalance: 100 });
  });

  it('drops a cached balance when the ledger moves that member money outside the call', async () => {
    const { memberId, token } = await suite.memberWithBalance(50_00);
    expect((await balance(token)).data.centerWalletBalance).toBe(50);
    await suite.db.transaction(async (tx) => {
      const { centre, locked } = await ensureMemberAccounts(tx, memberId);
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: locked.id, amountMinor: 5_00, currency: 'CNY', code: 'test', reference: `cache-lock:${memberId}` });
    });
    // PGlite delivers the notification before the commit resolves; PostgreSQL a moment after.
    const first = await balance(token);
    if (engine.name === 'pglite') expect(first.data.centerWalletBalance).toBe(45);
    const seen = await eventually(() => balance(token), (body) => body.data.centerWalletBalance === 45);
    expect(seen.data).toMatchObject({ centerWalletBalance: 45, lockedWalletBalance: 5 });
  });

  it('refuses a token at once after its logout on the same instance', async () => {
    const { token } = await suite.memberWithBalance(1_00);
    expect((await balance(token)).code).toBe(0);
    expect((await balance(token)).code).toBe(0);
    expect((await suite.call(logout, {}, { token })).body.code).toBe(0);
    expect((await balance(token)).code).toBe(CODE.tokenInvalid);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('read path caches across two instances on postgres', () => {
  // Instance A is the suite's app; instance B is a second app on its own pool to the same database.
  const suite = serverSuite(testEngines().find((engine) => engine.name === 'postgres')!);
  let other: Database;
  let appB: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    const { rows } = await suite.db.query<{ name: string }>('SELECT current_database() AS name');
    const target = new URL(url!);
    target.pathname = `/${rows[0]!.name}`;
    otherUrl = target.toString();
    other = await openPostgres(otherUrl);
    appB = await buildTestApp(other);
  });
  afterAll(async () => {
    await appB.close();
    await other.close();
  });

  const balanceOn = async (app: FastifyInstance, token: string) => (await callApi(app, walletBalance, {}, { token })).body;

  it('a logout on one instance ends the session cached on the other', async () => {
    const { token } = await suite.memberWithBalance(1_00);
    expect((await balanceOn(appB, token)).code).toBe(0);
    expect((await balanceOn(appB, token)).code).toBe(0);
    expect(readCachesOf(other).sessions.size).toBeGreaterThan(0);
    expect((await suite.call(logout, {}, { token })).body.code).toBe(0);
    const after = await eventually(() => balanceOn(appB, token), (body) => body.code === CODE.tokenInvalid);
    expect(after.code).toBe(CODE.tokenInvalid);
  });

  it('a purchase on one instance reaches the balance cached on the other', async () => {
    const { token } = await suite.memberWithBalance(20_00);
    expect((await balanceOn(appB, token)).data.centerWalletBalance).toBe(20);
    expect((await balanceOn(appB, token)).data.centerWalletBalance).toBe(20);
    expect((await suite.callWithKey(buyCoin, { money: 3 }, token)).body.code).toBe(0);
    const after = await eventually(() => balanceOn(appB, token), (body) => body.data.centerWalletBalance === 17);
    expect(after.data).toMatchObject({ centerWalletBalance: 17, coinWalletBalance: 30 });
  });

  it('a lost LISTEN connection stops the caches serving until it listens again', async () => {
    const { memberId, token } = await suite.memberWithBalance(10_00);
    expect((await balanceOn(appB, token)).data.centerWalletBalance).toBe(10);
    const caches = readCachesOf(other);
    const admin = new pg.Client({ connectionString: otherUrl });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    } finally {
      await admin.end();
    }
    await eventually(async () => caches.balances.isLive, (live) => !live, 2000);
    expect(caches.balances.isLive).toBe(false);
    expect(caches.balances.size).toBe(0);
    // Money moved while nobody listens is seen at once: nothing is served from memory.
    await suite.db.transaction(async (tx) => {
      const { centre, locked } = await ensureMemberAccounts(tx, memberId);
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: locked.id, amountMinor: 1_00, currency: 'CNY', code: 'test', reference: `cache-lost:${memberId}` });
    });
    expect((await balanceOn(appB, token)).data.centerWalletBalance).toBe(9);
    expect(await eventually(async () => caches.balances.isLive, (live) => live, 5000)).toBe(true);
  });
});
