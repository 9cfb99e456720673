import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import { configWarnings, readConfig, type ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedDemoData } from './seed/seed.js';
import { DEMO_OPERATOR_NAME, DEMO_OPERATOR_TOKEN, setOperatorToken } from './operator/operator-repository.js';

export { buildApp } from './app.js';
export type { AppOptions } from './app.js';
export { readConfig } from './config.js';
export type { ServerConfig } from './config.js';

/** A listening server. */
export interface RunningServer {
  /** e.g. http://localhost:3000 */
  url: string;
  app: FastifyInstance;
  db: Database;
  /** True when this start seeded the demo data. */
  seeded: boolean;
  /** Stops listening, then closes the database. */
  close(): Promise<void>;
}

/** Extra buildApp options for embedding (tests, bench): providers, static paths, route groups. */
export type StartOverrides = Partial<Omit<AppOptions, 'db'>>;

/**
 * Opens the database, migrates, seeds (unless LOBBY_SEED=off or the database has data)
 * and listens on HOST:PORT (PORT 0 picks a free port).
 *
 * @example const server = await startServer({ ...readConfig(), port: 0 }); await server.close();
 */
export async function startServer(config: ServerConfig = readConfig(), overrides: StartOverrides = {}): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const seeded = config.seed ? await seedDemoData(db, { demoPassword: config.demoPassword }) : false;
    if (config.operatorToken) await setOperatorToken(db, DEMO_OPERATOR_NAME, config.operatorToken);
    const app = await buildApp({
      logLevel: config.logLevel,
      ...overrides,
      db,
      config: { signKey: config.signKey, sandbox: config.sandbox, trustProxy: config.trustProxy, mqttUrl: config.mqttUrl, mqttPublicUrl: config.mqttPublicUrl, mqttDynsec: config.mqttDynsec, partnerOrigins: config.partnerOrigins, ...overrides.config },
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${port}`,
      app,
      db,
      seeded,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * What `npm start` runs: reads the environment, starts, prints the URL and the demo login,
 * and closes cleanly on SIGINT or SIGTERM.
 */
export async function serveFromEnvironment(): Promise<RunningServer> {
  const config = readConfig();
  for (const warning of configWarnings(config)) console.warn(`warning: ${warning}`);
  const server = await startServer(config);
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`lobby is serving on ${server.url} (database: ${engine})`);
  if (config.seed) console.log(`demo login: name "demo", password "${config.demoPassword}" (also "demo-admin"; aurora brand at http://aurora.localhost:${new URL(server.url).port})`);
  if (server.seeded && !config.operatorToken) console.log(`operator token (npm run ops): "${DEMO_OPERATOR_TOKEN}"; set LOBBY_OPERATOR_TOKEN for your own`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return server;
}

if (isMainModule()) {
  serveFromEnvironment().catch((error: unknown) => {
    console.error('lobby failed to start:', error);
    process.exit(1);
  });
}
