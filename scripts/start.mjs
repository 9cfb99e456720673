#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the whole product.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, root } from './build-state.mjs';

const reason = buildNeeded();
if (reason) {
  console.log(`lobby: building (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { serveFromEnvironment } = await import(pathToFileURL(join(root, 'packages/server/dist/server.js')).href);
await serveFromEnvironment();
