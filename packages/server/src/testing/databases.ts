import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';

/**
 * The database engines a test file runs on: always PGlite (in memory), and PostgreSQL
 * when TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL test database is created
 * fresh for the file and dropped afterwards, so files never see each other's rows.
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

async function openMigratedPglite(): Promise<Database> {
  const db = await openPglite('memory://');
  await migrate(db);
  return db;
}

/** Creates a uniquely named database on the server at `url`, migrated; dropped on close. */
export async function openFreshPostgres(url: string, poolSize = 10): Promise<Database> {
  const name = `lobby_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString(), poolSize);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  });
}
