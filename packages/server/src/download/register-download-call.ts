import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyCall, CallRequest, CallResponse } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError, okEnvelope } from '../http/errors.js';
import { refusalEnvelope } from '../http/idempotency.js';
import { compileInputReader, rawBodyOf } from '../http/input.js';
import type { AppKeyRecord } from './app-key-repository.js';
import { verifyPayload } from './verify-payload.js';

/** What a download SDK handler receives: the validated payload and its verified app key. */
export interface DownloadCallContext<Req> {
  request: Req;
  appKey: AppKeyRecord;
  db: Database;
  now: number;
}

/** The first path segment of every download SDK call; these answer any origin (CORS). */
export const DOWNLOAD_PATH_PREFIX = '/download-sdk/';

/**
 * Serves one download SDK call. Unlike `registerCall` there are no lobby headers: agents'
 * pages live on other hosts and sign the payload itself with their app key (RSA-SHA1,
 * docs/DOWNLOAD-SDK.md). Input is validated with the call's schema (400 naming the
 * field), then the signature, timestamp and nonce (verifyPayload), then the handler runs.
 *
 * @example registerDownloadCall(app, downloadDescriptorFile, async ({ appKey }) => ({ teamId: appKey.teamId, descAddr: appKey.descAddr }));
 */
export function registerDownloadCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: DownloadCallContext<CallRequest<C>>) => Promise<CallResponse<C>>,
): void {
  const readInput = compileInputReader(call);
  app.route({
    method: call.method,
    url: call.path,
    config: { callName: call.name },
    handler: async (request, reply) => {
      const input = readInput(request) as CallRequest<C>;
      try {
        const appKey = await verifyPayload(app.lobby, signedFieldsOf(request, call));
        const data = await handler({ request: input, appKey, db: app.lobby.db, now: app.lobby.providers.clock.now() });
        return reply.send(okEnvelope(data));
      } catch (error) {
        const refusal = refusalEnvelope(error);
        if (refusal) return reply.send(refusal);
        throw error;
      }
    },
  });
}

/** The payload exactly as sent (JSON body or query), which the signature covers. */
function signedFieldsOf(request: FastifyRequest, call: AnyCall): Record<string, unknown> {
  if (call.style === 'query') return { ...(request.query as Record<string, unknown>) };
  const parsed = JSON.parse(rawBodyOf(request) || '{}') as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BusinessError('invalidJson', 'body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/**
 * CORS for the download SDK calls: agents' pages on any origin may call them, without
 * credentials (nothing rides on cookies; the payload signature is the credential).
 */
export function allowAnyOrigin(app: FastifyInstance): void {
  // A callback hook (it runs on every answer of the server; no promise per answer).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(DOWNLOAD_PATH_PREFIX)) reply.header('access-control-allow-origin', '*');
    done(null, payload);
  });
  app.options(`${DOWNLOAD_PATH_PREFIX}*`, (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .send(),
  );
}
