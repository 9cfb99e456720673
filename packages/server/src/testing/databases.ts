import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import { pgliteDatabase } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';

/**
 * The migrated templates of this run, made once per engine by the global setup
 * (testing/database-templates.ts). Absent when a run has no global setup: each database is
 * then migrated on its own, as before.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (`dumpDataDir`). */
    pgliteTemplatePath?: string;
    /** A migrated PostgreSQL template database on the server at `serverUrl`. */
    postgresTemplate?: { serverUrl: string; name: string };
  }
}

/**
 * vitest's `inject` when running under vitest; elsewhere (the bench loads this file to open
 * its PostgreSQL databases) there is no run template, and vitest must not be imported.
 */
const inject: <K extends keyof ProvidedContext>(key: K) => ProvidedContext[K] | undefined = process.env.VITEST
  ? (await import('vitest')).inject
  : () => undefined;

/**
 * The database engines a test file runs on: always PGlite (in memory), and PostgreSQL
 * when TEST_DATABASE_URL is set (CI sets it). Each database starts as a copy of the run's
 * migrated template, and a PostgreSQL one is dropped afterwards, so files never see each
 * other's rows.
 *
 * @example
 * describe.each(testEngines())('members on %s', (engine) => { let db; beforeAll(async () => { db = await engine.open(); }); ... });
 */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
  toString(): string;
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: 'pglite', open: openMigratedPglite, toString: () => 'pglite' }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push({ name: 'postgres', open: () => openFreshPostgres(url), toString: () => 'postgres' });
  return engines;
}

/** An in-memory PGlite, loaded from the run's template when there is one, migrated. */
async function openMigratedPglite(): Promise<Database> {
  const templatePath = inject('pgliteTemplatePath');
  const loadDataDir = templatePath ? await openAsBlob(templatePath) : undefined;
  const db = pgliteDatabase(await PGlite.create({ loadDataDir }));
  // A no-op on a copy of this run's template; applies what a watch-mode edit added.
  await migrate(db);
  return db;
}

/**
 * Creates a uniquely named database on the server at `url`, migrated; dropped on close.
 * It is a copy of the run's template database when the global setup made one there.
 */
export async function openFreshPostgres(url: string, poolSize = 10): Promise<Database> {
  const name = `lobby_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  if (template?.serverUrl === url) await createFromTemplate(url, name, template.name);
  else await adminQuery(url, `CREATE DATABASE ${name}`);
  const db = await openPostgres(databaseUrl(url, name), poolSize);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}

/** The URL of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs one statement on the server at `url` over its own short connection. */
export async function adminQuery<Row = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query(sql, params)).rows as Row[];
  } finally {
    await admin.end();
  }
}

/** PostgreSQL refuses to copy a template while a session is connected to it (55006). */
async function createFromTemplate(url: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return void (await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`));
    } catch (error) {
      if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
