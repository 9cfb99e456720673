import type { FastifyInstance } from 'fastify';
import { jsonOf } from './body-parsers.js';
import { BusinessError } from './errors.js';
import type { Clock } from './pipeline.js';

/** The furthest one advance may move the clock: a year. */
export const SANDBOX_CLOCK_MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

/**
 * The app clock while the sandbox is on (app.ts): the machine's time plus an offset that
 * only grows, so a browser test can let 24 hours pass on the server (a limit increase
 * becoming confirmable) without waiting. Every time rule of the app reads this clock.
 */
export class SandboxClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = () => Date.now()) {}

  now(): number {
    return this.base() + this.offsetMs;
  }

  /** Moves the clock `ms` forward (1 ms to a year); answers the new time. */
  advance(ms: number): number {
    if (!Number.isInteger(ms) || ms < 1 || ms > SANDBOX_CLOCK_MAX_ADVANCE_MS) {
      throw new BusinessError('invalidField', `advanceMs: an integer from 1 to ${SANDBOX_CLOCK_MAX_ADVANCE_MS} (the clock only moves forward)`);
    }
    this.offsetMs += ms;
    return this.now();
  }

  /** How far ahead of the machine's time the clock runs. */
  get aheadMs(): number {
    return this.offsetMs;
  }
}

const answer = (clock: SandboxClock) => ({ code: 0, msg: 'ok', data: { now: new Date(clock.now()).toISOString(), nowMs: clock.now(), aheadMs: clock.aheadMs } });

/**
 * Sandbox doors of the clock (only while the sandbox is on and the app runs on a
 * SandboxClock; exempt from signing, for browser tests): GET /sandbox/clock answers the
 * app's time; POST /sandbox/clock `{ advanceMs }` moves it forward.
 */
export function registerSandboxClock(app: FastifyInstance): void {
  const clock = app.lobby.providers.clock;
  if (!app.lobby.config.sandbox || !(clock instanceof SandboxClock)) return;
  app.get('/sandbox/clock', async () => answer(clock));
  app.post('/sandbox/clock', async (request) => {
    const body = (jsonOf(request.body) ?? {}) as { advanceMs?: unknown };
    clock.advance(body.advanceMs as number);
    return answer(clock);
  });
}
