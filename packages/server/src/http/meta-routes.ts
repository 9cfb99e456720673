import type { FastifyInstance } from 'fastify';
import { okEnvelope } from './errors.js';
import { openApiDocument } from './openapi.js';

/**
 * Routes outside the contract, exempt from signing: GET /healthz (200 while the database
 * answers) and GET /openapi.json.
 */
export function registerMetaRoutes(app: FastifyInstance): void {
  let document: unknown;
  app.get('/healthz', async () => {
    await app.lobby.db.query('SELECT 1');
    return okEnvelope({ status: 'up', database: app.lobby.db.kind });
  });
  app.get('/openapi.json', async () => (document ??= openApiDocument()));
}
