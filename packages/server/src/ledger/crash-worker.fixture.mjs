// A server process for the crash test: loads the TypeScript server through Vite's SSR
// loader (no build needed), listens on a free port, prints {"url": ...} and serves until
// it is killed. Configuration comes from the environment (DATA_DIR or DATABASE_URL).
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const vite = await createServer({
  configFile: false,
  root,
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: { alias: { '@lobby/sdk': `${root}packages/sdk/src/index.ts` } },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { startServer, readConfig } = await vite.ssrLoadModule('/packages/server/src/server.ts');
const server = await startServer({ ...readConfig(), port: 0, host: '127.0.0.1', logLevel: 'error' });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => vite.close()).then(() => process.exit(0));
});
