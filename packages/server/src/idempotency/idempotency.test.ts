import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import {
  canonicalJson,
  isValidIdempotencyKey,
  purgeIdempotencyKeys,
  readKey,
  requestHash,
  runIdempotent,
  type IdempotencyClaim,
  type IdempotencyError,
} from './index.js';

describe('request fingerprints', () => {
  it('ignore key order and spacing but not values', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
    expect(requestHash('buyCoin', { money: 1, x: 'y' })).toBe(requestHash('buyCoin', { x: 'y', money: 1 }));
    expect(requestHash('buyCoin', { money: 1 })).not.toBe(requestHash('buyCoin', { money: 2 }));
    expect(requestHash('buyCoin', { money: 1 })).not.toBe(requestHash('venueTransferIn', { money: 1 }));
  });

  it('accept visible ASCII keys of 1 to 255 characters', () => {
    expect(isValidIdempotencyKey('0b6f3d0e-3f4e-4bb8-9d4e-7a1d2c3b4a59')).toBe(true);
    for (const bad of ['', ' ', 'a b', 'k'.repeat(256), '钥匙', 42, undefined]) expect(isValidIdempotencyKey(bad)).toBe(false);
  });
});

describe.each(testEngines())('idempotency keys on %s', (engine) => {
  const suite = databaseSuite(engine);
  let n = 0;
  beforeAll(async () => {
    await suite.db.exec('CREATE TABLE probe_orders (id serial PRIMARY KEY, note text NOT NULL)');
  });

  const claimOf = (body: unknown, key = `k${++n}`, scope = 'member:1'): IdempotencyClaim => ({
    scope, key, callName: 'probe', requestHash: requestHash('probe', body),
  });
  const orders = async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe_orders')).rows[0]!.n;
  const placeOrder = (note: string) => async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO probe_orders (note) VALUES ($1) RETURNING id', [note]);
    return { code: 0, msg: 'ok', data: { orderId: rows[0]!.id } as { orderId: number } | null };
  };

  it('runs once and replays the first response', async () => {
    const before = await orders();
    const claim = claimOf({ money: 1 });
    const first = await runIdempotent(suite.db, claim, placeOrder('first'));
    const second = await runIdempotent(suite.db, claim, placeOrder('second'));
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ response: first.response, replayed: true });
    expect(await orders()).toBe(before + 1);
  });

  it('refuses the key with another body or another call', async () => {
    const claim = claimOf({ money: 1 });
    await runIdempotent(suite.db, claim, placeOrder('first'));
    const before = await orders();
    const otherBody = await runIdempotent(suite.db, { ...claim, requestHash: requestHash('probe', { money: 2 }) }, placeOrder('x')).catch((e: unknown) => e);
    const otherCall = await runIdempotent(suite.db, { ...claim, callName: 'other' }, placeOrder('x')).catch((e: unknown) => e);
    expect((otherBody as IdempotencyError).reason).toBe('keyReused');
    expect((otherCall as IdempotencyError).reason).toBe('keyReused');
    expect(await orders()).toBe(before);
  });

  it('keeps the key spaces of two scopes apart', async () => {
    const before = await orders();
    await runIdempotent(suite.db, claimOf({ a: 1 }, 'shared', 'member:1'), placeOrder('one'));
    await runIdempotent(suite.db, claimOf({ a: 1 }, 'shared', 'member:2'), placeOrder('two'));
    expect(await orders()).toBe(before + 2);
  });

  it('stores an expected refusal, rolls its changes back and replays it', async () => {
    const before = await orders();
    const claim = claimOf({ money: 9 });
    const refuse = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
      await placeOrder('rolled back')(tx);
      throw new Error('exceedsBalance');
    };
    const refusalOf = (error: unknown) => ((error as Error).message === 'exceedsBalance' ? { code: 220001, msg: 'no', data: null } : undefined);
    const first = await runIdempotent(suite.db, claim, refuse, refusalOf);
    const again = await runIdempotent(suite.db, claim, placeOrder('would succeed now'), refusalOf);
    expect(first).toEqual({ response: { code: 220001, msg: 'no', data: null }, replayed: false });
    expect(again).toEqual({ response: first.response, replayed: true });
    expect(await orders()).toBe(before);
  });

  it('rolls the claim back with an unexpected error, so a retry runs', async () => {
    const claim = claimOf({ money: 3 });
    await expect(runIdempotent(suite.db, claim, async () => { throw new Error('crash'); })).rejects.toThrow('crash');
    expect(await readKey(suite.db, claim.scope, claim.key)).toBeUndefined();
    expect((await runIdempotent(suite.db, claim, placeOrder('retry'))).replayed).toBe(false);
  });

  it('answers keyInProgress for a key held by work that spans transactions', async () => {
    const claim = claimOf({ money: 4 });
    await suite.db.query(`INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state) VALUES ($1, $2, $3, $4, 'in_progress')`,
      [claim.scope, claim.key, claim.callName, claim.requestHash]);
    const error = await runIdempotent(suite.db, claim, placeOrder('x')).catch((e: unknown) => e);
    expect((error as IdempotencyError).reason).toBe('keyInProgress');
  });

  it('purges keys only after 24 hours', async () => {
    const insert = (key: string, age: string) => suite.db.query(
      `INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state, response_json, created_at, completed_at)
       VALUES ('purge', $1, 'probe', 'h', 'completed', '{}', now() - $2::interval, now() - $2::interval)`, [key, age]);
    await insert('old', '25 hours');
    await insert('young', '23 hours');
    expect(await purgeIdempotencyKeys(suite.db, 1_000)).toBeGreaterThanOrEqual(1);
    expect(await readKey(suite.db, 'purge', 'old')).toBeUndefined();
    expect(await readKey(suite.db, 'purge', 'young')).toBeDefined();
  });
});
