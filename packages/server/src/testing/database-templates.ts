import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.js';
import { pgliteDatabase } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { adminQuery, databaseUrl } from './databases.js';

/**
 * Vitest global setup of the database projects: migrates each engine once per run into a
 * template, which testing/databases.ts copies for every test file (PGlite: a data
 * directory dump, loaded in memory; PostgreSQL: `CREATE DATABASE ... TEMPLATE`). Initdb
 * and migrations then cost a run seconds instead of seconds per file. The teardown
 * removes both templates.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const folder = await mkdtemp(join(tmpdir(), 'lobby-template-'));
  const pglitePath = join(folder, 'pglite.tar');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `lobby_template_${runId}`;
  const teardown = async () => {
    await rm(folder, { recursive: true, force: true });
    if (serverUrl) await dropPostgresTemplate(serverUrl, name);
  };
  try {
    // PGlite migrates in this process, PostgreSQL in its server: both at once.
    const made = await Promise.allSettled([
      migratedPgliteDump().then((dump) => writeFile(pglitePath, dump)),
      serverUrl ? createPostgresTemplate(serverUrl, name) : undefined,
    ]);
    for (const result of made) if (result.status === 'rejected') throw result.reason;
    project.provide('pgliteTemplatePath', pglitePath);
    if (serverUrl) project.provide('postgresTemplate', { serverUrl, name });
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
  return teardown;
}

/** An uncompressed dump: it loads about twice as fast as a gzipped one. */
async function migratedPgliteDump(): Promise<Uint8Array> {
  const pglite = await PGlite.create();
  try {
    await migrate(pgliteDatabase(pglite));
    return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/** A migrated database no session may connect to, so every copy of it succeeds. */
async function createPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const db = await openPostgres(databaseUrl(serverUrl, name), 1);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  // The pool's end resolves before its socket closes; wait until the server saw it go.
  for (let attempt = 0; attempt < 100; attempt++) {
    const [activity] = await adminQuery<{ sessions: number }>(
      serverUrl,
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (activity?.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function dropPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const [template] = await adminQuery(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (template) await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
