import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AnyCall, CallRequest, CallResponse } from '@lobby/sdk';
import type { AppOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { seedDemoData } from '../seed/seed.js';
import { TEST_DEMO_PASSWORD, buildTestApp } from './app.js';
import { callApi, callWithKey, type CallAnswer, type SignedInjectOptions } from './client.js';
import { movableClock, type MovableClock } from './clock.js';
import type { TestEngine } from './databases.js';
import { memberWithBalance, type MemberOptions } from './members.js';
import { seedOperator } from './operator.js';

/**
 * The one fixture of the server's database tests, in two layers: `databaseSuite` (a
 * database per engine, for tests of repositories and the ledger) and `serverSuite` (that
 * database with the test app, an operator, callers and members, for route tests). Each
 * registers its own beforeAll/afterAll; its fields exist once beforeAll ran.
 */

/** What a database suite's database holds before its tests. */
export interface DatabaseSuiteOptions {
  /** Seeds the demo brands and members (buildTestApp does this for a server suite). */
  demoData?: boolean;
}

/** One engine's database, open for the suite's tests. */
export interface DatabaseSuite {
  readonly db: Database;
}

/**
 * Registers the hooks that open the engine's database (a copy of the run's migrated
 * template) before the suite's tests and close it after them.
 *
 * @example
 * describe.each(testEngines())('ledger on %s', (engine) => {
 *   const suite = databaseSuite(engine);
 *   it('...', async () => { await seedDeposit(suite.db, 1, 100, 'r'); });
 * });
 */
export function databaseSuite(engine: TestEngine, options: DatabaseSuiteOptions = {}): DatabaseSuite {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await engine.open();
    if (options.demoData) await seedDemoData(db, { demoPassword: TEST_DEMO_PASSWORD });
  });
  afterAll(async () => {
    await db?.close();
  });
  return {
    get db() {
      return ready(db, 'db');
    },
  };
}

/** buildTestApp's options, and a movable clock for the app when asked. */
export interface ServerSuiteOptions extends Partial<Omit<AppOptions, 'db'>> {
  /** Gives the app a clock the tests move (`suite.clock`), starting now (true) or at this time in ms. */
  clock?: true | number;
}

/** Options of a call made through the suite; the token goes separately to keyed calls. */
type CallOptions = Omit<SignedInjectOptions, 'call' | 'body'>;

/** One engine's database and test app, with what route tests use on them. */
export interface ServerSuite extends DatabaseSuite {
  readonly app: FastifyInstance;
  /** A seeded operator's token, for operator calls (`{ token: suite.opsToken }`). */
  readonly opsToken: string;
  /** The app's clock; present when the suite was asked for one (`clock: true`). */
  readonly clock: MovableClock;
  /** callApi on the suite's app, signed at the suite's clock when it has one. */
  call<C extends AnyCall>(call: C, request: CallRequest<C>, options?: CallOptions): Promise<CallAnswer<CallResponse<C>>>;
  /** A money call with an idempotency key (a fresh one unless given), signed at the suite's clock when it has one. */
  callWithKey<C extends AnyCall>(
    call: C,
    request: CallRequest<C>,
    token: string,
    key?: string,
    options?: Omit<CallOptions, 'token'>,
  ): Promise<CallAnswer<CallResponse<C>>>;
  /** A new member with a session (started at the suite's clock) and `centreMinor` fen; see testing/members.ts. */
  memberWithBalance(centreMinor: number, options?: MemberOptions): Promise<{ memberId: number; token: string; name: string }>;
}

/**
 * Registers the hooks of a route test suite on `engine`: before its tests it opens the
 * engine's database, builds the test app on it (buildTestApp with `options`, and the
 * suite's clock when asked) and seeds an operator; after them it closes the app, then the
 * database. `options` may be a function, read in beforeAll, when they depend on what an
 * earlier beforeAll started (a broker's port).
 *
 * @example
 * describe.each(testEngines())('withdrawals on %s', (engine) => {
 *   const suite = serverSuite(engine, { clock: true });
 *   it('...', async () => { const { token } = await suite.memberWithBalance(100_00); await suite.callWithKey(buyCoin, { money: 1 }, token); });
 * });
 */
export function serverSuite(engine: TestEngine, options: ServerSuiteOptions | (() => ServerSuiteOptions) = {}): ServerSuite {
  const database = databaseSuite(engine);
  let clock: MovableClock | undefined;
  let app: FastifyInstance | undefined;
  let opsToken: string | undefined;
  beforeAll(async () => {
    const { clock: start, ...appOptions } = typeof options === 'function' ? options() : options;
    if (start !== undefined) clock = movableClock(start === true ? Date.now() : start);
    const providers = clock ? { ...appOptions.providers, clock } : appOptions.providers;
    app = await buildTestApp(database.db, { ...appOptions, ...(providers ? { providers } : {}) });
    opsToken = await seedOperator(database.db);
  });
  afterAll(async () => {
    await app?.close();
  });
  const signedAt = <O extends { timestamp?: number }>(callOptions: O): O =>
    clock && callOptions.timestamp === undefined ? { ...callOptions, timestamp: clock.now() } : callOptions;
  return {
    get db() {
      return database.db;
    },
    get app() {
      return ready(app, 'app');
    },
    get opsToken() {
      return ready(opsToken, 'opsToken');
    },
    get clock() {
      return ready(clock, 'clock (ask for it: serverSuite(engine, { clock: true }))');
    },
    call: (call, request, callOptions = {}) => callApi(ready(app, 'app'), call, request, signedAt(callOptions)),
    callWithKey: (call, request, token, key, callOptions = {}) => callWithKey(ready(app, 'app'), call, request, token, key, signedAt(callOptions)),
    memberWithBalance: (centreMinor, memberOptions = {}) =>
      memberWithBalance(database.db, centreMinor, { ...(clock ? { nowMs: clock.now() } : {}), ...memberOptions }),
  };
}

function ready<V>(value: V | undefined, name: string): V {
  if (value === undefined) throw new Error(`test suite: ${name} read before the suite's beforeAll ran`);
  return value;
}
