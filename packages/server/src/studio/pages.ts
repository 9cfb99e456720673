import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CODE, studioGame } from '@lobby/sdk';
import { sendNotFound } from '../http/error-handler.js';
import { errorEnvelope } from '../http/errors.js';
import { resolveStaticPaths } from '../http/repo-paths.js';

/** A file under /studio/assets/: plain names in plain folders, never `..`. */
const ASSET_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The studio's game pages (docs/STUDIO.md "Game pages and postMessage"), built from
 * packages/studio-ui into its dist/: `GET /studio/play/<gameCode>?session=...&lang=...` answers
 * the one page template (its script picks the game's engine bundle), `GET /studio/assets/*`
 * the bundles and styles. Pages carry the studio's CSP (http/security-headers.ts): framed by
 * the same origin only. A missing build answers 503 saying to run `npm run build`.
 *
 * @example studioPages(app) // from studio/routes.ts
 */
export function studioPages(app: FastifyInstance): void {
  const dist = resolveStaticPaths(app.lobby.config.static).studioUiDist;
  app.get('/studio/play/:gameCode', async (request, reply) => {
    if (!studioGame((request.params as { gameCode: string }).gameCode)) return sendNotFound(request, reply);
    const html = await readFile(join(dist, 'play.html'), 'utf8').catch(() => undefined);
    if (html === undefined) return notBuilt(reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  app.get('/studio/assets/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (!ASSET_PATH.test(path)) return sendNotFound(request, reply);
    const assets = join(dist, 'assets');
    if (!(await stat(join(assets, path)).catch(() => undefined))?.isFile()) {
      return (await stat(assets).catch(() => undefined)) ? sendNotFound(request, reply) : notBuilt(reply);
    }
    return reply.sendFile(path, assets);
  });
}

function notBuilt(reply: FastifyReply) {
  return reply.code(503).send(errorEnvelope(CODE.internalError, 'the studio game pages are not built yet: run `npm run build`'));
}
