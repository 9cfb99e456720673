#!/usr/bin/env node
// `npm test`: the one gate. Types, lint, build, unit and integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), size budgets, then browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './build-state.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const packages = ['sdk', 'widgets', 'site', 'server'];

const steps = [
  ...packages.map((name) => ({ name: `types: ${name}`, cmd: 'npx', args: ['tsc', '-p', `packages/${name}`, '--noEmit'] })),
  { name: 'types: tests', cmd: 'npx', args: ['tsc', '-p', 'tests', '--noEmit'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'unit and integration tests', cmd: 'npx', args: ['vitest', 'run'] },
  { name: 'browser tests', cmd: 'npx', args: ['vitest', 'run', '--config', 'tests/vitest.config.ts'], needsChromium: true },
];

if (!existsSync(chromium)) {
  console.error(
    `lobby: Chromium is missing at ${chromium}; the browser tests need it.\n` +
      '  On Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y chromium\n' +
      '  Or point CHROMIUM_PATH at an installed Chromium or Chrome.',
  );
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log('lobby: TEST_DATABASE_URL is not set; database tests run on PGlite only (CI also runs them on PostgreSQL).');
}

for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nlobby: every test passed.');
