import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { testEngines } from '../testing/databases.js';
import { buildTestApp } from '../testing/app.js';
import { claimNonce } from './nonce-store.js';
import { hitRate } from './rate-limit.js';
import { sweep } from './housekeeping.js';

describe.each(testEngines())('housekeeping on %s', (engine) => {
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

  it('deletes nonces past twice the sign window and ended rate windows, keeps fresh ones', async () => {
    const now = Date.now();
    await claimNonce(db, 'device-a', 'old-nonce-1', now - 11 * 60_000);
    await claimNonce(db, 'device-a', 'new-nonce-1', now - 60_000);
    await hitRate(db, { key: 'probe:old', windowMs: 60_000 }, now - 5 * 60_000);
    await hitRate(db, { key: 'probe:new', windowMs: 60_000 }, now);
    expect(await sweep(app)).toBeGreaterThanOrEqual(2);
    const nonces = await db.query<{ nonce: string }>('SELECT nonce FROM request_nonces ORDER BY nonce');
    expect(nonces.rows.map((row) => row.nonce)).toEqual(['new-nonce-1']);
    const counters = await db.query<{ key: string }>("SELECT key FROM rate_counters WHERE key LIKE 'probe:%'");
    expect(counters.rows).toEqual([{ key: 'probe:new' }]);
    expect(await claimNonce(db, 'device-a', 'old-nonce-1', now)).toBe(true);
    expect(await claimNonce(db, 'device-a', 'new-nonce-1', now)).toBe(false);
  });
});
