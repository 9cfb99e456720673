import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE, venueTypeList } from '@lobby/sdk';
import { openPglite } from '../db/pglite.js';
import { migrate } from '../db/migrate.js';
import { buildTestApp } from '../testing/app.js';
import { signedInject } from '../testing/client.js';
import { BusinessError } from './errors.js';
import { MemoryNonceWindow, NONCE_JOURNAL_FILE, NONCE_KEEP_MS } from './nonce-window.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-nonce-window-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the in-memory nonce window of an embedded database', () => {
  it('accepts a nonce once per device until it could no longer pass the timestamp window', () => {
    const window = new MemoryNonceWindow();
    const t0 = 1_700_000_000_000;
    expect(window.claim('device-a', 'nonce-0001', t0)).toBe(true);
    expect(window.claim('device-a', 'nonce-0001', t0 + 1)).toBe(false);
    expect(window.claim('device-b', 'nonce-0001', t0 + 1)).toBe(true);
    expect(window.claim('device-a', 'nonce-0001', t0 + NONCE_KEEP_MS - 1)).toBe(false);
    expect(window.claim('device-a', 'nonce-0001', t0 + NONCE_KEEP_MS)).toBe(true);
    expect(window.size).toBe(2);
  });

  it('refuses requests (429) when full instead of forgetting a live nonce', () => {
    const window = new MemoryNonceWindow(undefined, 2);
    const t0 = 1_700_000_000_000;
    window.claim('d', 'nonce-0001', t0);
    window.claim('d', 'nonce-0002', t0);
    expect(() => window.claim('d', 'nonce-0003', t0)).toThrow(BusinessError);
    expect(window.claim('d', 'nonce-0001', t0)).toBe(false);
    expect(window.claim('d', 'nonce-0003', t0 + NONCE_KEEP_MS)).toBe(true);
  });

  it('remembers accepted nonces across a restart, also without a clean close, and drops expired ones', async () => {
    const dir = freshDir();
    const now = Date.now();
    const first = new MemoryNonceWindow(dir);
    expect(first.claim('device-a', 'nonce-live-1', now)).toBe(true);
    expect(first.claim('device-a', 'nonce-old-1', now - NONCE_KEEP_MS - 1)).toBe(true);
    // Both accepted in one turn: not on file until the turn's single write.
    expect(readFileSync(join(dir, NONCE_JOURNAL_FILE), 'utf8')).not.toContain('nonce-live-1');
    await first.journalled();
    expect(readFileSync(join(dir, NONCE_JOURNAL_FILE), 'utf8')).toContain('nonce-live-1');
    // No close(): as after a SIGKILL.
    const second = new MemoryNonceWindow(dir);
    expect(second.claim('device-a', 'nonce-live-1', now)).toBe(false);
    expect(second.claim('device-a', 'nonce-old-1', now)).toBe(true);
    expect(second.claim('device-a', 'nonce-new-1', now)).toBe(true);
    second.close();
    const journal = readFileSync(join(dir, NONCE_JOURNAL_FILE), 'utf8');
    expect(journal.trim().split('\n').map((line) => line.split(' ').slice(1).join(' ')).sort()).toEqual(['device-a nonce-live-1', 'device-a nonce-new-1', 'device-a nonce-old-1']);
  });

  it('answers a replayed signed request 401 nonceReused after the server restarts on its data directory', async () => {
    const dir = freshDir();
    const nonce = 'restart-replay-0001';
    const timestamp = Date.now();
    const serve = async () => {
      const db = await openPglite(dir);
      await migrate(db);
      // buildTestApp seeds the demo brands and members.
      return { db, app: await buildTestApp(db) };
    };
    const first = await serve();
    expect((await signedInject(first.app, { call: venueTypeList, body: { type: 'dz' }, nonce, timestamp })).statusCode).toBe(200);
    await first.app.close();
    await first.db.close();
    const second = await serve();
    try {
      const replay = await signedInject(second.app, { call: venueTypeList, body: { type: 'dz' }, nonce, timestamp });
      expect([replay.statusCode, replay.json<{ code: number }>().code]).toEqual([401, CODE.nonceReused]);
      expect((await signedInject(second.app, { call: venueTypeList, body: { type: 'dz' } })).statusCode).toBe(200);
    } finally {
      await second.app.close();
      await second.db.close();
    }
  }, 60_000);
});
