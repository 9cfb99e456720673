import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { limitRoutes } from './responsible/limits/routes.js';
import { testEngines } from './testing/databases.js';
import { databaseSuite } from './testing/server-suite.js';
import { SandboxClock } from './http/sandbox-clock.js';

describe('the sandbox clock', () => {
  it('runs with the machine time plus an offset that only grows', () => {
    let machine = 1_000;
    const clock = new SandboxClock(() => machine);
    expect(clock.now()).toBe(1_000);
    expect(clock.advance(500)).toBe(1_500);
    machine = 2_000;
    expect(clock.now()).toBe(2_500);
    for (const bad of [0, -1, 1.5, Number.NaN, 367 * 24 * 3_600_000]) expect(() => clock.advance(bad)).toThrow(/advanceMs/);
    expect(clock.aheadMs).toBe(500);
  });
});

describe.each(testEngines())('the sandbox clock doors on %s', (engine) => {
  const database = databaseSuite(engine);
  let sandbox: FastifyInstance;
  let live: FastifyInstance;
  beforeAll(async () => {
    sandbox = await buildApp({ db: database.db, config: { sandbox: true }, routeGroups: [limitRoutes], logLevel: 'silent' });
    live = await buildApp({ db: database.db, config: { sandbox: false }, routeGroups: [limitRoutes], logLevel: 'silent' });
  });
  afterAll(async () => {
    await sandbox?.close();
    await live?.close();
  });

  it('GET answers the app clock; POST { advanceMs } moves it forward, and the app reads the moved time', async () => {
    const before = (await sandbox.inject({ method: 'GET', url: '/sandbox/clock' })).json<{ data: { nowMs: number; aheadMs: number } }>().data;
    expect(Math.abs(before.nowMs - Date.now())).toBeLessThan(5_000);
    const day = 24 * 3_600_000;
    const moved = await sandbox.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: day } });
    expect(moved.json()).toMatchObject({ code: 0, data: { aheadMs: day } });
    expect(sandbox.lobby.providers.clock.now() - Date.now()).toBeGreaterThan(day - 5_000);
    const refused = await sandbox.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: -day } });
    expect(refused.json<{ code: number; msg: string }>().msg).toMatch(/advanceMs/);
    expect(sandbox.lobby.providers.clock.now() - Date.now()).toBeLessThan(day + 5_000);
  });

  it('is not there with the sandbox off', async () => {
    expect((await live.inject({ method: 'POST', url: '/sandbox/clock', payload: { advanceMs: 1 } })).statusCode).toBe(404);
    expect(live.lobby.providers.clock).not.toBeInstanceOf(SandboxClock);
  });
});
