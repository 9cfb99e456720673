// Whether the built product is missing or older than its sources; shared by start and test.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The files `npm start` needs; each must exist and be newer than every source file. */
export const builtOutputs = [
  'packages/server/dist/server.js',
  'packages/site/dist/index.html',
  'packages/widgets/dist/lobby.js',
  'packages/studio-ui/dist/play.html',
];

const sourceDirs = ['packages/sdk/src', 'packages/widgets/src', 'packages/site/src', 'packages/studio-ui/src', 'packages/server/src'];
const sourceFiles = ['rollup.config.mjs', 'packages/site/index.html', 'packages/studio-ui/play.html'];

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when the built files are present and fresh. */
export function buildNeeded() {
  const missing = builtOutputs.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  const oldestOutput = Math.min(...builtOutputs.map((file) => statSync(join(root, file)).mtimeMs));
  const newestSource = Math.max(...[...sourceDirs, ...sourceFiles].map((path) => newestMtimeMs(join(root, path))));
  return newestSource > oldestOutput ? 'sources changed since the last build' : null;
}
