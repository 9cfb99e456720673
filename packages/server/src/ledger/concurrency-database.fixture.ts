import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openPostgres } from '../db/postgres.js';

/**
 * A fresh, migrated PostgreSQL database with a large pool, for the concurrency suites.
 * Like testing/databases.ts `openFreshPostgres`, except that closing drops the database
 * without FORCE, retrying until the pool's connections are gone: `pool.end()` resolves
 * before its sockets close, and FORCE then kills live connections whose FATAL error
 * nobody handles (reported to the owner of db/postgres.ts; switch back once the pool
 * has an 'error' listener).
 */
export async function openConcurrencyPostgres(url: string, poolSize: number): Promise<Database> {
  const scratch = await createScratchDatabase(url);
  const db = await openPostgres(scratch.url, poolSize);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      await scratch.drop();
    },
  });
}

/** An empty, uniquely named database on the server at `url` (not migrated), and how to drop it. */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lobby_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => dropWhenIdle(url, name) };
}

/** Drops without FORCE, retrying while the closing pool's connections linger. */
async function dropWhenIdle(url: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return void (await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`));
    } catch (error) {
      if (attempt >= 100 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
