import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaticPaths } from './pipeline.js';

/** Every static folder, resolved. */
export type ResolvedStaticPaths = Required<StaticPaths>;

/**
 * The repo root: the nearest folder above `from` whose package.json is named "lobby".
 * Works from src/ (tests, tsx) and from dist/ (the built server) alike.
 *
 * @example findRepoRoot() // '/work/main'
 */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readName(manifest) === 'lobby') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json named "lobby" above ${from}; pass static.rootDir`);
    dir = parent;
  }
}

function readName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** Fills in each static folder from the repo root unless given. */
export function resolveStaticPaths(paths: StaticPaths): ResolvedStaticPaths {
  const rootDir = paths.rootDir ?? findRepoRoot();
  return {
    rootDir,
    siteDist: paths.siteDist ?? join(rootDir, 'packages/site/dist'),
    widgetsDist: paths.widgetsDist ?? join(rootDir, 'packages/widgets/dist'),
    examplesDir: paths.examplesDir ?? join(rootDir, 'examples'),
    studioUiDist: paths.studioUiDist ?? join(rootDir, 'packages/studio-ui/dist'),
  };
}
