import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { migrate, migrateDown } from './migrate.js';
import { migrations } from './migrations/index.js';

describe.each(testEngines())('database on %s', (engine) => {
  const suite = databaseSuite(engine);

  it('records applied migrations', async () => {
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('rolls a failed transaction back and keeps a committed one', async () => {
    await suite.db.exec('CREATE TABLE t_probe (id int PRIMARY KEY, v text NOT NULL)');
    await suite.db.transaction(async (tx) => {
      await tx.query('INSERT INTO t_probe VALUES ($1, $2)', [1, 'kept']);
    });
    await expect(
      suite.db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_probe VALUES ($1, $2)', [2, 'lost']);
        await tx.query('INSERT INTO t_probe VALUES ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toThrow();
    const { rows } = await suite.db.query<{ id: number; v: string }>('SELECT id, v FROM t_probe ORDER BY id');
    expect(rows).toEqual([{ id: 1, v: 'kept' }]);
  });

  it('returns bigint columns as numbers', async () => {
    const { rows } = await suite.db.query<{ n: number }>('SELECT 9007199254740991::bigint AS n');
    expect(rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reverts every migration and applies them again', async () => {
    const tables = async () =>
      (await suite.db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 't_probe'")).rows[0]!.n;
    const before = await tables();
    await migrateDown(suite.db, 0);
    expect(await tables()).toBe(1);
    expect(await migrate(suite.db)).toEqual(migrations.map((m) => m.id).sort((a, b) => a - b));
    expect(await tables()).toBe(before);
  });
});
