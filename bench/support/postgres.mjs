// PostgreSQL for the benches: the server (BENCH_DATABASE_URL, else the machine's 127.0.0.1:5432
// database `test`), a fresh migrated database through the server's own testing module, or an
// empty scratch database for a built server to migrate. Without PostgreSQL a bench says so and
// skips its PostgreSQL figures.
import { randomBytes } from 'node:crypto';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The server modules a seamless-wallet bench loads (scripts/server-sources.mjs `serverModules`). */
export const SEAMLESS_MODULES = {
  databases: '/packages/server/src/testing/databases.ts',
  testApp: '/packages/server/src/testing/app.ts',
  members: '/packages/server/src/members/member-repository.ts',
  ledger: '/packages/server/src/ledger/index.ts',
  seamless: '/packages/server/src/seamless/index.ts',
};

/**
 * A fresh migrated PostgreSQL database from the server's testing module (`m.databases`), or
 * null (said on the console) when PostgreSQL cannot be reached.
 *
 * @example const db = await openFreshPostgresOrNull(m, 'seamless', 8); if (!db) return report;
 */
export async function openFreshPostgresOrNull(m, bench, workers) {
  try {
    return await m.databases.openFreshPostgres(POSTGRES_URL, workers);
  } catch (error) {
    console.log(`${bench} bench: PostgreSQL at ${POSTGRES_URL} unavailable (${error.message}); its figures are skipped`);
    return null;
  }
}

/**
 * An empty database of its own (for a built server to migrate) and how to drop it, or null
 * (said on the console) when PostgreSQL cannot be reached.
 *
 * @example const scratch = await scratchDatabase('wallet'); ...; await scratch.drop();
 */
export async function scratchDatabase(bench) {
  const { default: pg } = await import('pg');
  const name = `lobby_bench_${bench.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`${bench} bench: PostgreSQL at ${POSTGRES_URL} unavailable (${error.message}); its figures are skipped`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return { url: url.toString(), drop };
}
