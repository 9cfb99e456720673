import type { FastifyInstance } from 'fastify';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { CALL_FAULTS, FEED_FAULTS, type StudioFaultTarget } from './faults.js';
import type { SandboxStudio } from './sandbox-studio.js';

const TARGETS: readonly StudioFaultTarget[] = ['launch', 'seamless', 'feed'];

/**
 * Sandbox doors of the studio (only while the sandbox is on; unsigned, for browser tests):
 * POST /sandbox/studio/fault `{ target, venueCode, fault, times?, delayMs?, deltaMinor? }`
 * queues faults (faults.ts); POST /sandbox/studio/maintenance `{ venueCode, gameCode?, on }`.
 */
export function studioSandboxDoors(app: FastifyInstance, studio: SandboxStudio): void {
  if (!app.lobby.config.sandbox) return;
  app.post('/sandbox/studio/fault', async (request) => {
    const body = (jsonOf(request.body) ?? {}) as Record<string, unknown>;
    const target = body.target as StudioFaultTarget;
    const faults: readonly string[] = target === 'feed' ? FEED_FAULTS : CALL_FAULTS;
    const times = body.times ?? 1;
    const wholeIn = (value: unknown, min: number, max: number) => value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max);
    if (!TARGETS.includes(target) || typeof body.venueCode !== 'string' || !faults.includes(body.fault as string) || !wholeIn(times, 1, 100)
      || !wholeIn(body.delayMs, 0, 30_000) || !wholeIn(body.deltaMinor, -1_000_000, 1_000_000)) {
      throw new BusinessError('invalidField', `target: one of ${TARGETS.join(', ')}; venueCode: a string; fault: one of ${faults.join(', ')}; times: 1 to 100; delayMs: 0 to 30000; deltaMinor: an integer`);
    }
    studio.failNext(target, body.venueCode, {
      fault: body.fault as never, ...(body.delayMs === undefined ? {} : { delayMs: body.delayMs as number }), ...(body.deltaMinor === undefined ? {} : { deltaMinor: body.deltaMinor as number }),
    }, times as number);
    return { code: 0, msg: 'ok', data: null };
  });
  app.post('/sandbox/studio/maintenance', async (request) => {
    const body = (jsonOf(request.body) ?? {}) as Record<string, unknown>;
    if (typeof body.venueCode !== 'string' || typeof body.on !== 'boolean' || (body.gameCode !== undefined && typeof body.gameCode !== 'string')) {
      throw new BusinessError('invalidField', 'venueCode: a string; gameCode: a string when given; on: a boolean');
    }
    studio.setMaintenance(body.venueCode, body.on, body.gameCode as string | undefined);
    return { code: 0, msg: 'ok', data: null };
  });
}
