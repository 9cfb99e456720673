#!/usr/bin/env node
// `npm run bench`: builds if needed, runs every bench/*.bench.mjs, prints each figure
// beside its budget and writes all figures to bench/results/<time>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, root } from './build-state.mjs';

const reason = buildNeeded();
if (reason) {
  console.log(`lobby: building (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const only = process.argv[2];
const files = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => !only || file.startsWith(only))
  .sort();
const rows = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const { run } = await import(pathToFileURL(join(root, 'bench', file)).href);
  const report = await run();
  report.print();
  rows.push(...report.rows);
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ node: process.version, cpus: (await import('node:os')).cpus().length, rows }, null, 2));
const over = rows.filter((row) => row.within === false);
console.log(`\n${rows.length} figures, ${over.length} over budget; written to ${out}`);
