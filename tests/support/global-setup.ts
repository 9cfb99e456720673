import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built server migrated and seeded once for this run (startBuiltServer copies it). */
    templateDataDir: string;
  }
}

/**
 * Migrates and seeds one embedded database for the whole browser-test run: the built
 * server starts once on a template directory and stops; every test server then starts on
 * a copy (a restart of a seeded product: no migration, no seed), saving the ~20 s a fresh
 * database costs each file. A file that tests the first start asks for `fresh`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-e2e-template-'));
  const server = await startBuiltServer({}, { dataDir: dir, keepDataDir: true, fresh: true });
  await server.stop();
  project.provide('templateDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
