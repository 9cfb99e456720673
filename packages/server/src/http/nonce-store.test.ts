import { describe, expect, it } from 'vitest';
import { CODE, venueTypeList, walletBalance } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { signedInject } from '../testing/client.js';
import { sessionOf } from '../testing/members.js';
import { buildTestApp } from '../testing/app.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { NonceClaims, claimNonce } from './nonce-store.js';

describe.each(testEngines())('nonce group commit on %s', (engine) => {
  const suite = databaseSuite(engine);

  /** The database, counting the statements sent through it. */
  const counted = () => {
    const counter = { statements: 0 };
    const q: Queryable = {
      query: (sql, params) => {
        counter.statements += 1;
        return suite.db.query(sql, params);
      },
      exec: (sql) => suite.db.exec(sql),
    };
    return { q, counter };
  };

  it('accepts each nonce once across concurrent claims, repeats inside a batch included, in fewer statements', async () => {
    const { q, counter } = counted();
    const claims = new NonceClaims(q);
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => claims.claim(`device-${i % 4}`, `batch-nonce-${i % 40}`, now)),
    );
    // 40 distinct (device, nonce) pairs: i % 40 fixes i % 4 too.
    expect(answers.filter(Boolean)).toHaveLength(40);
    expect(counter.statements).toBeLessThan(20);
    const again = await Promise.all(Array.from({ length: 40 }, (_, i) => claims.claim(`device-${i % 4}`, `batch-nonce-${i}`, now)));
    expect(again.every((claimed) => claimed === false)).toBe(true);
    const { rows } = await suite.db.query<{ n: number }>("SELECT count(*)::int AS n FROM request_nonces WHERE nonce LIKE 'batch-nonce-%'");
    expect(rows[0]!.n).toBe(40);
  });

  it('sees nonces written by another writer (another instance) and they see its own', async () => {
    const claims = new NonceClaims(suite.db);
    const now = Date.now();
    expect(await claimNonce(suite.db, 'device-x', 'shared-nonce-1', now)).toBe(true);
    expect(await claims.claim('device-x', 'shared-nonce-1', now)).toBe(false);
    expect(await claims.claim('device-x', 'shared-nonce-2', now)).toBe(true);
    expect(await claimNonce(suite.db, 'device-x', 'shared-nonce-2', now)).toBe(false);
    expect(await claims.claim('device-y', 'shared-nonce-2', now)).toBe(true);
  });

  it('relaxes synchronous commit for the nonce batch only: every connection keeps it on after, for money transactions', async () => {
    const claims = new NonceClaims(suite.db);
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => claims.claim('device-sync', `sync-nonce-${i}`, now)));
    expect(answers.every(Boolean)).toBe(true);
    // Ten transactions at once hold ten connections of the pool (PGlite has one).
    const settings = await Promise.all(
      Array.from({ length: 10 }, () => suite.db.transaction(async (tx) => (await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit)),
    );
    expect(settings).toEqual(Array.from({ length: 10 }, () => 'on'));
    expect(await claims.claim('device-sync', 'sync-nonce-0', now)).toBe(false);
  });

  it('refuses every claim of a batch the database could not write, and keeps serving after', async () => {
    let fail = true;
    const flaky: Queryable = {
      query: (sql, params) => (fail ? Promise.reject(new Error('connection lost')) : suite.db.query(sql, params)),
      exec: (sql) => suite.db.exec(sql),
    };
    const claims = new NonceClaims(flaky);
    await expect(claims.claim('device-z', 'flaky-nonce-1', Date.now())).rejects.toThrow('connection lost');
    fail = false;
    expect(await claims.claim('device-z', 'flaky-nonce-1', Date.now())).toBe(true);
  });

  it('answers a signed request replayed 20 times at once exactly once; the others 401 nonceReused', async () => {
    const app = await buildTestApp(suite.db);
    try {
      const timestamp = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => signedInject(app, { call: venueTypeList, body: { type: 'dz' }, nonce: 'replayed-at-once-1', timestamp })),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(refused.map((answer) => [answer.statusCode, answer.json<{ code: number }>().code])).toEqual(Array.from({ length: 19 }, () => [401, CODE.nonceReused]));
      const later = await signedInject(app, { call: venueTypeList, body: { type: 'dz' }, nonce: 'replayed-at-once-1', timestamp });
      expect([later.statusCode, later.json<{ code: number }>().code]).toEqual([401, CODE.nonceReused]);
    } finally {
      await app.close();
    }
  });

  it('answers a balance read (readOnly) replayed with its nonce every time, without using the nonce up', async () => {
    const app = await buildTestApp(suite.db);
    try {
      const token = await sessionOf(suite.db, 4, 'demo', 'nonce-read-device');
      const timestamp = Date.now();
      const reads = await Promise.all(Array.from({ length: 3 }, () => signedInject(app, { call: walletBalance, token, nonce: 'read-replayed-1', timestamp })));
      expect(reads.map((answer) => [answer.statusCode, answer.json<{ code: number }>().code])).toEqual([[200, 0], [200, 0], [200, 0]]);
      expect(new Set(reads.map((answer) => answer.body)).size).toBe(1);
      // The reads claimed nothing: a call that is not a read takes the same nonce once.
      const first = await signedInject(app, { call: venueTypeList, body: { type: 'dz' }, nonce: 'read-replayed-1', timestamp });
      const replay = await signedInject(app, { call: venueTypeList, body: { type: 'dz' }, nonce: 'read-replayed-1', timestamp });
      expect([first.statusCode, replay.statusCode, replay.json<{ code: number }>().code]).toEqual([200, 401, CODE.nonceReused]);
    } finally {
      await app.close();
    }
  });
});
