import type { FastifyInstance } from 'fastify';
import { RawText } from '../http/body-parsers.js';
import { seamlessProvidersOf } from './credentials.js';
import { serveSeamless } from './seamless-endpoint.js';
import { SEAMLESS_SWEEP_INTERVAL_MS, sweepStaleRounds } from './seamless-sweep.js';
import { VenueDirectory } from './venue-directory.js';
import { runWhileListening } from '../http/while-listening.js';

/**
 * The seamless wallet endpoint (issue 18, docs/SEAMLESS-WALLET.md): `POST /seamless/v1/
 * {authenticate|balance|bet|win|rollback}`, called by game providers, not members. Not a
 * contract call: the provider signs each request with its own secret (HMAC-SHA256 over
 * timestamp and raw body), and the answers are the provider-style JSON of
 * seamless-protocol.ts. While listening, each instance ends rounds left open too long.
 */
export function seamlessRoutes(app: FastifyInstance): void {
  const { db, brands, providers } = app.lobby;
  const venues = new VenueDirectory(db, brands);
  const seamlessProviders = seamlessProvidersOf(app);
  app.post<{ Params: { operation: string } }>('/seamless/v1/:operation', async (request, reply) => {
    const rawBody = request.body instanceof RawText ? request.body.text : '';
    const answer = await serveSeamless(
      { db, providers: seamlessProviders, venues, nowMs: providers.clock.now() },
      { operation: request.params.operation, headers: request.headers, rawBody },
    );
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
  sweepWhileListening(app);
}

function sweepWhileListening(app: FastifyInstance): void {
  runWhileListening(app, { name: 'seamless round sweep', everyMs: SEAMLESS_SWEEP_INTERVAL_MS, run: () => sweepStaleRounds(app.lobby.db, app.lobby.providers.clock.now()) });
}
