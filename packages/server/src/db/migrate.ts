import type { Database } from './database.js';
import type { Migration } from './migration.js';
import { migrations } from './migrations/index.js';

const LOCK_KEY = 7_104_202_611; // Any constant; serialises concurrent migrators on PostgreSQL.

/** Applies every migration not yet applied, in order, each in its own transaction. */
export async function migrate(db: Database, list: readonly Migration[] = migrations): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const migration of [...list].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.up);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
  });
  return applied;
}

/** Reverts the newest applied migrations down to (not including) `targetId`. */
export async function migrateDown(db: Database, targetId: number, list: readonly Migration[] = migrations): Promise<void> {
  const newestFirst = [...list].sort((a, b) => b.id - a.id).filter((m) => m.id > targetId);
  await db.transaction(async (tx) => {
    for (const migration of newestFirst) {
      const found = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (found.rowCount === 0) continue;
      await tx.exec(migration.down);
      await tx.query('DELETE FROM schema_migrations WHERE id = $1', [migration.id]);
    }
  });
}
