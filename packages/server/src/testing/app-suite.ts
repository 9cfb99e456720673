import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { buildTestApp } from './app.js';
import type { TestEngine } from './databases.js';
import { seedOperator } from './operator.js';

/** The database, app and operator token of one engine's suite; read them in hooks and tests. */
export interface TestAppSuite {
  readonly db: Database;
  readonly app: FastifyInstance;
  /** A seeded operator's token, for operator calls (`{ token: suite.opsToken }`). */
  readonly opsToken: string;
}

/**
 * Registers the hooks of a suite run on `engine`: before its tests it opens the engine's
 * database, builds the test app on it (buildTestApp with `options`) and seeds an operator;
 * after them it closes the app, then the database. The fields exist once beforeAll ran.
 *
 * @example
 * describe.each(testEngines())('withdrawals on %s', (engine) => {
 *   const suite = testAppSuite(engine, { providers: { clock } });
 *   it('...', async () => { await callApi(suite.app, withdrawInfo, {}, { token: (await orderMember(suite.db, 100)).token }); });
 * });
 */
export function testAppSuite(engine: TestEngine, options: Partial<Omit<AppOptions, 'db'>> = {}): TestAppSuite {
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  let opsToken: string | undefined;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, options);
    opsToken = await seedOperator(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const ready = <V>(value: V | undefined, name: string): V => {
    if (value === undefined) throw new Error(`testAppSuite: ${name} read before the suite's beforeAll ran`);
    return value;
  };
  return {
    get db() {
      return ready(db, 'db');
    },
    get app() {
      return ready(app, 'app');
    },
    get opsToken() {
      return ready(opsToken, 'opsToken');
    },
  };
}
