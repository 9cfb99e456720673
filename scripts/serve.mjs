// What `npm start` runs once the Node version is known to be supported: checks that the
// port is free, builds what is missing or stale, then serves the whole product.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, root } from './build-state.mjs';
import { DEFAULT_HOST, DEFAULT_PORT, portProblem } from './listen-address.mjs';

const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
// An invalid PORT is left to the server, which names the variable and the rule.
if (Number.isInteger(port) && port >= 0 && port <= 65535) {
  const problem = await portProblem(process.env.HOST || DEFAULT_HOST, port);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

const reason = buildNeeded();
if (reason) {
  console.log(`lobby: building (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { serveFromEnvironment } = await import(pathToFileURL(join(root, 'packages/server/dist/server.js')).href);
await serveFromEnvironment();
