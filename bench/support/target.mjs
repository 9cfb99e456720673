// A bench target in its own process: `hello` (a bare Fastify hello-world) or `lobby`
// (the built server on a fresh embedded database, or BENCH_DATABASE_URL). Prints
// `READY <url>` once it listens, and exits when its parent closes stdin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const kind = process.argv[2];
const root = new URL('../..', import.meta.url).pathname;
let close = async () => {};

if (kind === 'hello') {
  const { default: Fastify } = await import(pathToFileURL(join(root, 'node_modules/fastify/fastify.js')).href);
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ code: 0, msg: 'ok', data: 'hello' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  console.log(`READY ${url}`);
} else if (kind === 'lobby') {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-'));
  const { startServer, readConfig } = await import(pathToFileURL(join(root, 'packages/server/dist/server.js')).href);
  const server = await startServer({
    ...readConfig(),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    logLevel: 'silent',
  });
  close = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`READY ${server.url}`);
} else {
  console.error(`unknown target ${kind}`);
  process.exit(2);
}

process.stdin.resume();
process.stdin.on('end', async () => {
  await close();
  process.exit(0);
});
