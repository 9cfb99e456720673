import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { claimNonce } from './nonce-store.js';
import { hitRate } from './rate-limit.js';
import { sweep } from './housekeeping.js';

describe.each(testEngines())('housekeeping on %s', (engine) => {
  const suite = serverSuite(engine);

  it('deletes nonces past twice the sign window and ended rate windows, keeps fresh ones', async () => {
    const now = Date.now();
    await claimNonce(suite.db, 'device-a', 'old-nonce-1', now - 11 * 60_000);
    await claimNonce(suite.db, 'device-a', 'new-nonce-1', now - 60_000);
    await hitRate(suite.db, { key: 'probe:old', windowMs: 60_000 }, now - 5 * 60_000);
    await hitRate(suite.db, { key: 'probe:new', windowMs: 60_000 }, now);
    expect(await sweep(suite.app)).toBeGreaterThanOrEqual(2);
    const nonces = await suite.db.query<{ nonce: string }>('SELECT nonce FROM request_nonces ORDER BY nonce');
    expect(nonces.rows.map((row) => row.nonce)).toEqual(['new-nonce-1']);
    const counters = await suite.db.query<{ key: string }>("SELECT key FROM rate_counters WHERE key LIKE 'probe:%'");
    expect(counters.rows).toEqual([{ key: 'probe:new' }]);
    expect(await claimNonce(suite.db, 'device-a', 'old-nonce-1', now)).toBe(true);
    expect(await claimNonce(suite.db, 'device-a', 'new-nonce-1', now)).toBe(false);
  });
});
