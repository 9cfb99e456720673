import type { FastifyInstance } from 'fastify';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { VIDEO_HOST_NAMES, type HostFaults, type VideoHostName } from './faults.js';
import type { SandboxVideoHost } from './sandbox-video-host.js';

const wholeIn = (value: unknown, min: number, max: number) => value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max);
const bodyOf = (body: unknown) => (jsonOf(body) ?? {}) as Record<string, unknown>;
const ok = (data: unknown = null) => ({ code: 0, msg: 'ok', data });

/**
 * Sandbox doors of the video host (only while the sandbox is on; unsigned, for tests and
 * operations):
 * POST /sandbox/video/fault `{ host: 'a'|'b', down?, failNext?, faultRatePercent?, delayMsMax? }`;
 * POST /sandbox/video/reset; POST /sandbox/video/cover `{ roomId, fixtureId|null }`;
 * POST /sandbox/video/live `{ roomId, live }`.
 */
export function videoSandboxDoors(app: FastifyInstance, host: SandboxVideoHost): void {
  if (!app.lobby.config.sandbox) return;
  app.post('/sandbox/video/fault', async (request) => {
    const body = bodyOf(request.body);
    const valid = VIDEO_HOST_NAMES.includes(body.host as VideoHostName) && (body.down === undefined || typeof body.down === 'boolean')
      && wholeIn(body.failNext, 0, 100) && wholeIn(body.faultRatePercent, 0, 100) && wholeIn(body.delayMsMax, 0, 30_000);
    if (!valid) throw new BusinessError('invalidField', 'host: a or b; down: a boolean; failNext: 0 to 100; faultRatePercent: 0 to 100; delayMsMax: 0 to 30000');
    const change: Partial<HostFaults> = {};
    for (const key of ['down', 'failNext', 'faultRatePercent', 'delayMsMax'] as const) if (body[key] !== undefined) Object.assign(change, { [key]: body[key] });
    return ok(host.faults.set(body.host as VideoHostName, change));
  });
  app.post('/sandbox/video/reset', async () => {
    host.reset();
    return ok();
  });
  app.post('/sandbox/video/cover', async (request) => {
    const body = bodyOf(request.body);
    const fixtureOk = body.fixtureId === null || (typeof body.fixtureId === 'string' && body.fixtureId.length > 0 && body.fixtureId.length <= 64);
    if (typeof body.roomId !== 'string' || !fixtureOk) throw new BusinessError('invalidField', 'roomId: a string; fixtureId: a string of 1 to 64 characters or null');
    if (!host.cover(body.roomId, body.fixtureId as string | null)) throw new BusinessError('videoRoomNotFound', 'roomId: no such room');
    return ok();
  });
  app.post('/sandbox/video/live', async (request) => {
    const body = bodyOf(request.body);
    if (typeof body.roomId !== 'string' || typeof body.live !== 'boolean') throw new BusinessError('invalidField', 'roomId: a string; live: a boolean');
    if (!host.setLive(body.roomId, body.live)) throw new BusinessError('videoRoomNotFound', 'roomId: no such room');
    return ok();
  });
}
