#!/usr/bin/env node
// A start smoke test (CI runs it on each supported Node): `npm start` on a free port and a
// fresh data directory, GET /healthz, then SIGTERM, and the server must stop cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-state.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-smoke-'));
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const fail = (message) => {
  console.error(`smoke test on Node ${process.versions.node} failed: ${message}\n${output}`);
  child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
};
const timer = setTimeout(() => fail('no URL printed within 120 s'), 120_000);
child.once('exit', (code) => fail(`npm start exited with ${code} before serving`));

const url = await new Promise((resolve) => {
  const onData = (chunk) => {
    output += chunk;
    const match = /lobby is serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) resolve(match[1]);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
});
clearTimeout(timer);

const health = await fetch(`${url}/healthz`).catch((error) => fail(`GET /healthz: ${error.message}`));
if (!health.ok) fail(`GET /healthz answered ${health.status}`);
child.removeAllListeners('exit');
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000))]);
if (code !== 0) fail(`after SIGTERM: ${code}`);
rmSync(dataDir, { recursive: true, force: true });
console.log(`smoke test on Node ${process.versions.node}: started at ${url}, /healthz ${health.status}, stopped cleanly`);
