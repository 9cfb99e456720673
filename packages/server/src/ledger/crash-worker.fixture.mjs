// A server process for the crash test: loads the TypeScript server from its sources
// (scripts/server-sources.mjs, no build needed), listens on a free port, prints
// {"url": ...} and serves until it is killed. Configuration comes from the environment
// (DATA_DIR or DATABASE_URL).
import { serverModules } from '../../../../scripts/server-sources.mjs';

const { modules, close } = await serverModules({ server: '/packages/server/src/server.ts' });
const { startServer, readConfig } = modules.server;
const server = await startServer({ ...readConfig(), port: 0, host: '127.0.0.1', logLevel: 'error' });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(close).then(() => process.exit(0));
});
