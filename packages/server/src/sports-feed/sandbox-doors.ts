import type { FastifyInstance } from 'fastify';
import { SPORT_CODES, type SportCode } from '@lobby/sdk';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { PRODUCERS, type Producer } from './feed-adapter.js';
import { SANDBOX_FAULTS, SandboxRefusal, type SandboxFeed, type SandboxFault } from './sandbox/sandbox-feed.js';

/**
 * Sandbox doors of the sports feed (only while the sandbox is on; unsigned, for tests and
 * operators; docs/SPORTS.md, "Sandbox doors"). Each answers after lobby's consumer applied
 * what the feed sent, with the feed's own view of the fixture:
 * - POST /sandbox/sports/fixtures `{ sport, homeEn?, homeZh?, awayEn?, awayZh?, startsInMs?, random? }` -> `{ fixtureId, ... }`
 * - POST /sandbox/sports/run `{ fixtureId, minutes? | toEnd: true }`
 * - POST /sandbox/sports/goal `{ fixtureId, side: 'home' | 'away' }`
 * - POST /sandbox/sports/bet-stop `{ fixtureId, seconds? }` (10 when absent)
 * - POST /sandbox/sports/cancel `{ fixtureId, marketIds?, voidFromMs?, voidToMs?, reason? }`
 * - POST /sandbox/sports/rollback `{ fixtureId, kind: 'settlement' | 'cancel', marketIds?, resettle?, reason? }`
 * - POST /sandbox/sports/fault `{ producer, fault: silent|drop|repeat|reorder|delay|clear, on?, times?, delayMs? }`
 * - POST /sandbox/sports/tick `{}`: brings every fixture to the clock's time now.
 */
export function sportsSandboxDoors(app: FastifyInstance, feed: SandboxFeed, applied: () => Promise<void>): void {
  if (!app.lobby.config.sandbox) return;
  const body = (request: { body: unknown }) => (jsonOf(request.body) ?? {}) as Record<string, unknown>;
  const refuse = (message: string): never => {
    throw new BusinessError('invalidField', message);
  };
  const whole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  const text = (value: unknown, name: string, max = 64): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length < 1 || value.length > max) refuse(`${name}: 1 to ${max} characters when given`);
    return value as string;
  };
  const fixtureIdOf = (input: Record<string, unknown>) => text(input.fixtureId, 'fixtureId') ?? refuse('fixtureId: the fixture the door acts on');
  const marketIdsOf = (input: Record<string, unknown>) => {
    if (input.marketIds === undefined) return undefined;
    if (!Array.isArray(input.marketIds) || input.marketIds.length > 50 || !input.marketIds.every((id) => typeof id === 'string')) refuse('marketIds: up to 50 market ids');
    return input.marketIds as string[];
  };
  const answer = async (fixtureId: string, extra: Record<string, unknown> = {}) => {
    await applied();
    return { code: 0, msg: 'ok', data: { fixtureId, ...extra, ...feed.fixtureState(fixtureId) } };
  };
  const door = (path: string, handle: (input: Record<string, unknown>) => Promise<unknown>) => {
    app.post(`/sandbox/sports/${path}`, async (request) => {
      try {
        return await handle(body(request));
      } catch (error) {
        if (error instanceof SandboxRefusal) throw new BusinessError('sportsSandboxRefused', error.message);
        throw error;
      }
    });
  };

  door('fixtures', async (input) => {
    if (!SPORT_CODES.includes(input.sport as SportCode)) refuse(`sport: one of ${SPORT_CODES.join(', ')}`);
    if (input.startsInMs !== undefined && !whole(input.startsInMs, 0, 7 * 24 * 3600_000)) refuse('startsInMs: 0 to 7 days in ms');
    if (input.random !== undefined && typeof input.random !== 'boolean') refuse('random: a boolean');
    const fixtureId = feed.createFixture({
      sport: input.sport as SportCode,
      ...optional('homeEn', text(input.homeEn, 'homeEn')), ...optional('homeZh', text(input.homeZh, 'homeZh')),
      ...optional('awayEn', text(input.awayEn, 'awayEn')), ...optional('awayZh', text(input.awayZh, 'awayZh')),
      ...optional('startsInMs', input.startsInMs as number | undefined), ...optional('random', input.random as boolean | undefined),
    });
    return answer(fixtureId);
  });

  door('run', async (input) => {
    const fixtureId = fixtureIdOf(input);
    if (input.toEnd !== undefined && input.toEnd !== true) refuse('toEnd: true when given');
    if (input.toEnd === undefined && !whole(input.minutes, 1, 200)) refuse('minutes: 1 to 200 simulated minutes, or toEnd: true');
    feed.run(fixtureId, input.toEnd ? { toEnd: true } : { minutes: input.minutes as number });
    return answer(fixtureId);
  });

  door('goal', async (input) => {
    const fixtureId = fixtureIdOf(input);
    if (input.side !== 'home' && input.side !== 'away') refuse("side: 'home' or 'away'");
    feed.goal(fixtureId, input.side as 'home' | 'away');
    return answer(fixtureId);
  });

  door('bet-stop', async (input) => {
    const fixtureId = fixtureIdOf(input);
    if (input.seconds !== undefined && !whole(input.seconds, 1, 3600)) refuse('seconds: 1 to 3600');
    feed.betStop(fixtureId, (input.seconds as number | undefined) ?? 10);
    return answer(fixtureId);
  });

  door('cancel', async (input) => {
    const fixtureId = fixtureIdOf(input);
    const marketIds = marketIdsOf(input);
    for (const name of ['voidFromMs', 'voidToMs'] as const) if (input[name] !== undefined && !whole(input[name], 0, Number.MAX_SAFE_INTEGER)) refuse(`${name}: ms since the epoch`);
    const cancelled = feed.cancel(fixtureId, {
      ...optional('marketIds', marketIds), ...optional('voidFromMs', input.voidFromMs as number | undefined), ...optional('voidToMs', input.voidToMs as number | undefined),
      ...optional('reason', text(input.reason, 'reason', 200)),
    });
    return answer(fixtureId, { marketIds: cancelled });
  });

  door('rollback', async (input) => {
    const fixtureId = fixtureIdOf(input);
    if (input.kind !== 'settlement' && input.kind !== 'cancel') refuse("kind: 'settlement' or 'cancel'");
    if (input.resettle !== undefined && typeof input.resettle !== 'boolean') refuse('resettle: a boolean');
    const rolledBack = feed.rollback(fixtureId, {
      kind: input.kind as 'settlement' | 'cancel', ...optional('marketIds', marketIdsOf(input)), ...optional('resettle', input.resettle as boolean | undefined),
      ...optional('reason', text(input.reason, 'reason', 200)),
    });
    return answer(fixtureId, { marketIds: rolledBack });
  });

  door('fault', async (input) => {
    const faults: readonly string[] = [...SANDBOX_FAULTS, 'clear'];
    if (!PRODUCERS.includes(input.producer as Producer)) refuse(`producer: one of ${PRODUCERS.join(', ')}`);
    if (!faults.includes(input.fault as string)) refuse(`fault: one of ${faults.join(', ')}`);
    if (input.on !== undefined && typeof input.on !== 'boolean') refuse('on: a boolean');
    if (input.times !== undefined && !whole(input.times, 1, 1000)) refuse('times: 1 to 1000');
    if (input.delayMs !== undefined && !whole(input.delayMs, 0, 60_000)) refuse('delayMs: 0 to 60000');
    feed.setFault(input.producer as Producer, input.fault as SandboxFault | 'clear', {
      ...optional('on', input.on as boolean | undefined), ...optional('times', input.times as number | undefined), ...optional('delayMs', input.delayMs as number | undefined),
    });
    return { code: 0, msg: 'ok', data: null };
  });

  door('tick', async () => {
    feed.tick();
    await applied();
    return { code: 0, msg: 'ok', data: null };
  });
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
