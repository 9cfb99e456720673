import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { createScratchDatabase } from '../ledger/concurrency-database.fixture.js';

/**
 * The engines a crash test kills a child process on: a PGlite data directory always, and a
 * scratch PostgreSQL database when `TEST_DATABASE_URL` is set. `env` is what the child needs
 * to open the same database; `open` opens it in the test after the kill.
 */
export interface CrashTarget {
  name: string;
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** `prefix` names the PGlite temporary directory (e.g. 'lobby-crash-'). */
export async function crashTargets(prefix: string): Promise<CrashTarget[]> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const list: CrashTarget[] = [
    { name: 'pglite', env: { DATA_DIR: dir }, open: () => openPglite(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url);
    list.push({ name: 'postgres', env: { DATABASE_URL: scratch.url }, open: () => openPostgres(scratch.url, 2), cleanup: scratch.drop });
  }
  return list;
}
