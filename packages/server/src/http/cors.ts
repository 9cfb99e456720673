import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a browser may keep a preflight's answer (Chromium keeps at most 7200 s). */
export const PREFLIGHT_MAX_AGE_S = 600;

/** A call pages of other origins may make: its method and path. */
export interface CorsCall {
  method: string;
  path: string;
}

/**
 * Which cross-origin calls are served, and to whom. The pipeline knows no feature: the
 * app plugs the allow-list in (partners/routes.ts).
 */
export interface CorsPolicy {
  calls: readonly CorsCall[];
  /** The request headers a preflight allows. */
  allowedHeaders: readonly string[];
  /** Whether pages of `origin` may read the answers of brand `siteId` (x-site-id). */
  allowsForSite(origin: string, siteId: number): boolean | Promise<boolean>;
  /** Whether `origin` may call for some brand: a preflight carries no x-site-id to tell which. */
  allowsForAnySite(origin: string): boolean | Promise<boolean>;
}

/** A brand id as x-site-id carries it; undefined for anything else. */
function siteIdOf(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^[1-9][0-9]{0,8}$/.test(header) ? Number(header) : undefined;
}

/**
 * CORS for the policy's calls, never with a wildcard or credentials (docs/DECISIONS.md,
 * "Partner origins (CORS)"). A preflight (`OPTIONS`) from an allowed origin answers 204
 * with the origin, the methods, the headers and a max age; from any other origin 403
 * without allowance. An actual answer carries `Access-Control-Allow-Origin` only when its
 * origin is allowed for the brand the request names; every answer of these calls carries
 * `Vary: Origin`. The headers are set on the raw response in onRequest, so an answer
 * written past Fastify's reply path (a frozen answer, register-call.ts) carries them too.
 *
 * @example registerCors(app, { calls: partnerCalls, allowedHeaders: PARTNER_REQUEST_HEADERS, allowsForSite, allowsForAnySite });
 */
export function registerCors(app: FastifyInstance, policy: CorsPolicy): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const { method, path } of policy.calls) methodsByPath.set(path, (methodsByPath.get(path) ?? new Set()).add(method));
  const allowedHeaders = policy.allowedHeaders.join(', ');
  for (const [path, methods] of methodsByPath) {
    const allowedMethods = [...methods].join(', ');
    app.options(path, async (request, reply) => {
      const origin = request.headers.origin;
      reply.header('vary', 'Origin');
      if (!origin || !(await policy.allowsForAnySite(origin))) return reply.code(403).send();
      return reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', allowedMethods)
        .header('access-control-allow-headers', allowedHeaders)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send();
    });
  }
  const served = new Set(policy.calls.map(({ method, path }) => `${method} ${path}`));
  // A callback hook: it runs on every request, and only partner calls from another origin wait for anything.
  app.addHook('onRequest', (request, reply, done) => {
    if (!served.has(`${request.method} ${request.routeOptions.url}`)) return done();
    reply.raw.setHeader('vary', 'Origin');
    const origin = request.headers.origin;
    const siteId = siteIdOf(request.headers['x-site-id']);
    if (!origin || siteId === undefined) return done();
    const allowed = policy.allowsForSite(origin, siteId);
    if (typeof allowed === 'boolean') {
      if (allowed) allowOrigin(reply, origin);
      return done();
    }
    allowed.then((yes) => {
      if (yes) allowOrigin(reply, origin);
      done();
    }, done);
  });
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.raw.setHeader('access-control-allow-origin', origin);
}

/** Whether an Origin header names the host the request was sent to (the lobby's own pages). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Browsers send no preflight before a WebSocket, only its Origin: an upgrade on `path` from
 * a page of another origin that `allows` refuses is answered 403 and closed before any
 * other upgrade listener can take it (the embedded MQTT broker's ws server drops a socket
 * that is no longer writable). An upgrade without Origin (not a browser) or from the
 * server's own host passes. Answers the function that removes the check.
 *
 * @example const stop = refuseUpgradesFromOtherOrigins(app.server, '/mqtt', (origin) => origins.allowsForAnySiteNow(origin));
 */
export function refuseUpgradesFromOtherOrigins(server: Server, path: string, allows: (origin: string) => boolean): () => void {
  const onUpgrade = (request: IncomingMessage, socket: Duplex) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== path) return;
    const origin = request.headers.origin;
    if (origin === undefined || isSameOrigin(origin, request.headers.host) || allows(origin)) return;
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.prependListener('upgrade', onUpgrade);
  return () => server.off('upgrade', onUpgrade);
}
