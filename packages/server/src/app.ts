import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import { SandboxCaptcha, purgeCaptchas } from './captcha/sandbox-captcha.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerHousekeeping } from './http/housekeeping.js';
import { IdempotencyGuards } from './http/idempotency.js';
import { registerMetaRoutes } from './http/meta-routes.js';
import { SandboxClock } from './http/sandbox-clock.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { CallerLookup, Sweep } from './http/pipeline.js';
import type { RouteGroup } from './http/route-group.js';
import { registerStatic } from './http/static.js';
import { databaseIdempotencyGuard, passThroughGuard, spanningGuard } from './idempotency/index.js';
import { zeroBalances } from './members/balances.js';
import { SandboxCodeSender } from './members/code-sender.js';
import { SandboxMailSender } from './members/mail-sender.js';
import { purgePhoneCodes } from './members/phone-codes.js';
import { readCachesOf } from './members/read-caches.js';
import { cachedSessionMember, purgeSessions } from './members/sessions.js';
import { authenticateOperator } from './operator/operator-auth.js';
import { routeGroups as defaultRouteGroups } from './route-groups.js';
import type { AppConfig, LobbyServices, Providers } from './services.js';
import { BrandDirectory } from './site/brand-directory.js';
import { renderIndexHtml } from './site/page-config.js';
import { isFinalVenueAnswer } from './venues/transfer-view.js';
import { DEMO_SIGN_KEY } from '@lobby/sdk';
import { TEXT_BODY_LIMIT_BYTES } from './http/body-parsers.js';

/** What buildApp takes; everything but the database has a default. */
export interface AppOptions {
  /** A migrated database. */
  db: Database;
  config?: Partial<AppConfig>;
  /** Replaces the sandbox providers (captcha, codes), the zero balances or the clock. */
  providers?: Partial<Providers>;
  /** The route groups to serve; every group of route-groups.ts by default. */
  routeGroups?: readonly RouteGroup[];
  /** Pino log level; 'silent' in tests. */
  logLevel?: string;
}

/** The defaults buildApp fills in for a partial config. */
export function appConfigOf(config: Partial<AppConfig> = {}): AppConfig {
  return { signKey: DEMO_SIGN_KEY, sandbox: true, checkResponses: false, trustProxy: false, static: {}, ...config };
}

/**
 * Builds the whole HTTP app without listening: contract routes, /healthz, /openapi.json,
 * static files. Tests call `inject()` on it; startServer listens.
 *
 * @example const app = await buildApp({ db, config: { signKey: 'k' }, logLevel: 'silent' });
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = appConfigOf(options.config);
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    // At level silent nothing is ever written, so no request gets a child logger of its
    // own (a reqId binding per request that nothing would read).
    childLoggerFactory: (logger, bindings, childOptions) => (logger.level === 'silent' ? logger : logger.child(bindings, childOptions)),
    bodyLimit: TEXT_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors,
    return503OnClosing: true,
  });
  // With the sandbox on, the app clock can be moved forward (POST /sandbox/clock, http/sandbox-clock.ts).
  const clock = options.providers?.clock ?? (config.sandbox ? new SandboxClock() : { now: () => Date.now() });
  const providers: Providers = {
    captcha: new SandboxCaptcha(options.db, clock),
    codes: new SandboxCodeSender(),
    mail: new SandboxMailSender(),
    balances: zeroBalances,
    clock,
    ...options.providers,
  };
  const services: LobbyServices = {
    db: options.db,
    config,
    providers,
    brands: new BrandDirectory(options.db, clock),
    callers: callerLookupOf(() => services),
    sweeps: FEATURE_SWEEPS,
    idempotency: idempotencyGuardsOf(options.db),
  };
  app.decorate('lobby', services);
  registerBodyParsers(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerMetaRoutes(app);
  for (const group of options.routeGroups ?? defaultRouteGroups) await group(app);
  await registerStatic(app, renderIndexHtml);
  registerHousekeeping(app);
  return app;
}

/**
 * Who calls, for the request pipeline: members by session token through the session
 * cache, operators by their token; a settled money call drops its member's cached
 * balances, so the member's next read sees the new balance.
 */
function callerLookupOf(servicesOf: () => LobbyServices): CallerLookup {
  return {
    memberOfToken: (token) => cachedSessionMember(servicesOf().db, servicesOf().providers.clock.now(), token),
    authenticateOperator: (request) => authenticateOperator(request, servicesOf()),
    moneyCallSettled: (memberId) => readCachesOf(servicesOf().db).balances.forget(memberId),
  };
}

const DAY_MS = 24 * 3600 * 1000;

/** What housekeeping deletes besides nonces and rate counters: sessions, captchas and phone codes ended a day ago. */
const FEATURE_SWEEPS: readonly Sweep[] = [
  (db, nowMs) => purgeSessions(db, nowMs - DAY_MS),
  (db, nowMs) => purgeCaptchas(db, nowMs - DAY_MS),
  (db, nowMs) => purgePhoneCodes(db, nowMs - DAY_MS),
];

/**
 * The idempotency guard of each kind a money call may declare (http/idempotency.ts,
 * IdempotencyKind), assembled once: a venue transfer's answer is final unless it is
 * still pending, so only a final answer completes its key.
 */
function idempotencyGuardsOf(db: Database): IdempotencyGuards {
  return new IdempotencyGuards({
    ledger: databaseIdempotencyGuard(db),
    spanning: spanningGuard(db, isFinalVenueAnswer),
    passThrough: passThroughGuard(db),
  });
}
