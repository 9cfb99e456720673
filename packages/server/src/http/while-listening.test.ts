import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { runWhileListening } from './while-listening.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runWhileListening', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  function appWith(warnings: string[]) {
    const app = Fastify();
    app.log.warn = ((_: unknown, message: string) => void warnings.push(message)) as unknown as typeof app.log.warn;
    apps.push(app);
    return app;
  }

  it('runs nothing for an app that does not listen, at start when asked, never two runs at once, and stops at close', async () => {
    const warnings: string[] = [];
    const app = appWith(warnings);
    let started = 0;
    let running = 0;
    let most = 0;
    runWhileListening(app, {
      name: 'slow job',
      everyMs: 10,
      atStart: true,
      run: async () => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        await wait(45);
        running -= 1;
      },
    });
    await app.ready();
    await wait(30);
    expect(started).toBe(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(started).toBe(1);
    await expect.poll(() => started).toBeGreaterThan(3);
    expect(most).toBe(1);
    await app.close();
    await wait(60);
    const after = started;
    await wait(60);
    expect(started).toBe(after);
    expect(warnings).toEqual([]);
  });

  it('logs a failed run by its name and runs again at the next tick', async () => {
    const warnings: string[] = [];
    const app = appWith(warnings);
    let runs = 0;
    runWhileListening(app, {
      name: 'flaky job',
      everyMs: 10,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('provider down');
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(runs).toBe(0);
    await expect.poll(() => runs).toBeGreaterThan(2);
    expect(warnings).toEqual(['flaky job failed']);
  });
});
