import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { seedDemoData } from '../seed/seed.js';

/** The demo password tests log in with. */
export const TEST_DEMO_PASSWORD = 'demo1234';

/**
 * An app for `inject()` tests: quiet logs, every response checked against its contract
 * schema, and the demo brands seeded (once per database).
 *
 * @example const app = await buildTestApp(db); const answer = await callApi(app, siteBaseConfig, {});
 */
export async function buildTestApp(db: Database, options: Partial<Omit<AppOptions, 'db'>> = {}): Promise<FastifyInstance> {
  await seedDemoData(db, { demoPassword: TEST_DEMO_PASSWORD });
  const app = await buildApp({ logLevel: 'silent', ...options, db, config: { checkResponses: true, ...options.config } });
  await app.ready();
  return app;
}
