import type { FastifyInstance } from 'fastify';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { SandboxVenueProvider, type VenueFault } from './index.js';

const FAULTS: readonly VenueFault[] = ['timeout', 'timeoutBefore', 'fail', 'double'];

/**
 * Sandbox doors of the venue provider (only while the sandbox is on and the sandbox venue
 * is in use; exempt from signing, for browser tests):
 * POST /sandbox/venues/fault `{ venueCode, fault, times? }` queues faults for the next calls;
 * POST /sandbox/venues/maintenance `{ venueCode, on }` puts a venue in or out of maintenance.
 */
export function venueSandboxDoors(app: FastifyInstance, provider: unknown): void {
  if (!app.lobby.config.sandbox || !(provider instanceof SandboxVenueProvider)) return;
  app.post('/sandbox/venues/fault', async (request) => {
    const body = (jsonOf(request.body) ?? {}) as { venueCode?: unknown; fault?: unknown; times?: unknown };
    const times = body.times === undefined ? 1 : body.times;
    if (typeof body.venueCode !== 'string' || !FAULTS.includes(body.fault as VenueFault) || !Number.isInteger(times) || (times as number) < 1 || (times as number) > 100) {
      throw new BusinessError('invalidField', `venueCode: a string; fault: one of ${FAULTS.join(', ')}; times: 1 to 100`);
    }
    provider.failNext(body.venueCode, body.fault as VenueFault, times as number);
    return { code: 0, msg: 'ok', data: null };
  });
  app.post('/sandbox/venues/maintenance', async (request) => {
    const body = (jsonOf(request.body) ?? {}) as { venueCode?: unknown; on?: unknown };
    if (typeof body.venueCode !== 'string' || typeof body.on !== 'boolean') throw new BusinessError('invalidField', 'venueCode: a string; on: a boolean');
    provider.setMaintenance(body.venueCode, body.on);
    return { code: 0, msg: 'ok', data: null };
  });
}
