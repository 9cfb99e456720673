#!/usr/bin/env node
// `npm test`: the one gate. Types and lint beside the build (two lanes, one per core),
// then the three vitest projects of vitest.config.ts (unit; database tests on PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set; property walks), then browser tests in
// Chromium. Prints each step's time, and a table of all of them at the end.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './build-state.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const packages = ['sdk', 'widgets', 'site', 'studio-ui', 'server'];
const vitestProject = (name) => ['vitest', 'run', '--project', name];

/**
 * Stages run one after another; a stage's lanes run side by side and each lane's steps one
 * after another. Types and lint (one core) need nothing built; the build (one core) needs
 * nothing checked; the unit tests read the built widgets, so they wait for both.
 */
const stages = [
  [
    [{ name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] }],
    [
      ...packages.map((name) => ({ name: `types: ${name}`, cmd: 'npx', args: ['tsc', '-p', `packages/${name}`, '--noEmit'] })),
      { name: 'types: tests', cmd: 'npx', args: ['tsc', '-p', 'tests', '--noEmit'] },
      { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
    ],
  ],
  ...[
    { name: 'unit tests', cmd: 'npx', args: vitestProject('unit') },
    { name: 'database tests', cmd: 'npx', args: [...vitestProject('database'), '--project', 'database-mocks'] },
    { name: 'property walks', cmd: 'npx', args: vitestProject('walks') },
    { name: 'browser tests', cmd: 'npx', args: ['vitest', 'run', '--config', 'tests/vitest.config.ts'] },
  ].map((step) => [[step]]),
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

/**
 * Runs one step. Alone in its stage it writes straight to the terminal; beside another lane
 * its output is kept and printed whole when it ends, so two steps' lines never interleave.
 */
function runStep(step, alone) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    console.log(`\n▶ ${step.name}`);
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHROMIUM_PATH: chromium } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const ms = Date.now() - stepStarted;
      const ok = code === 0;
      if (!alone && output.length > 0) process.stdout.write(`\n── ${step.name} ──\n${Buffer.concat(output).toString()}`);
      console.log(ok ? `✓ ${step.name} (${seconds(ms)})` : `\n✗ ${step.name} failed (${seconds(ms)})`);
      timings.push({ name: step.name, ms, ok });
      resolve(ok ? 0 : (code ?? 1));
    });
  });
}

/** Runs a lane's steps in order; answers the first failing step's exit code, else 0. */
async function runLane(lane, alone) {
  for (const step of lane) {
    const code = await runStep(step, alone);
    if (code !== 0) return code;
  }
  return 0;
}

for (const lanes of stages) {
  const codes = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    printSummary();
    process.exit(failed);
  }
}
printSummary();
console.log('\nlobby: every test passed.');
