#!/usr/bin/env node
// `npm test`: the one gate. Types, lint, build, the three vitest projects of
// vitest.config.ts (unit; database tests on PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set; property walks), then browser tests in Chromium. Prints each step's time, and a
// table of all of them at the end.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './build-state.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const packages = ['sdk', 'widgets', 'site', 'studio-ui', 'server'];
const vitestProject = (name) => ['vitest', 'run', '--project', name];

const steps = [
  ...packages.map((name) => ({ name: `types: ${name}`, cmd: 'npx', args: ['tsc', '-p', `packages/${name}`, '--noEmit'] })),
  { name: 'types: tests', cmd: 'npx', args: ['tsc', '-p', 'tests', '--noEmit'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'unit tests', cmd: 'npx', args: vitestProject('unit') },
  { name: 'database tests', cmd: 'npx', args: vitestProject('database') },
  { name: 'property walks', cmd: 'npx', args: vitestProject('walks') },
  { name: 'browser tests', cmd: 'npx', args: ['vitest', 'run', '--config', 'tests/vitest.config.ts'] },
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const timings = [];

/** The time of every step run so far and of the whole run, as a table. */
function printSummary() {
  const width = Math.max(...timings.map((timing) => timing.name.length), 'total'.length);
  console.log('\nstep times:');
  for (const timing of timings) console.log(`  ${timing.name.padEnd(width)}  ${seconds(timing.ms).padStart(8)}  ${timing.ok ? '✓' : '✗'}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}`);
}

for (const step of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  const ms = Date.now() - stepStarted;
  timings.push({ name: step.name, ms, ok: result.status === 0 });
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed (${seconds(ms)})`);
    printSummary();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${step.name} (${seconds(ms)})`);
}
printSummary();
console.log('\nlobby: every test passed.');
