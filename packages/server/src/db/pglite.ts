import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Listener, QueryResult, Queryable } from './database.js';

/** Opens (creating when needed) the embedded PostgreSQL in `dataDir`. */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir), dataDir);
}

/**
 * The Database of a PGlite already open (for example one loaded from a data directory
 * dump), which reports `dataDir` as its place.
 *
 * @example const db = pgliteDatabase(await PGlite.create({ loadDataDir }));
 */
export function pgliteDatabase(pg: PGlite, dataDir = 'memory://'): Database {
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params as unknown[]);
      // PGlite reports affectedRows 0 for a SELECT; PostgreSQL's rowCount counts its rows.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    dataDir,
    query: root.query,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    exec: root.exec,
    close: () => pg.close(),
    // One process owns the embedded database, so its own notifications are all there is;
    // PGlite delivers them before the committing query resolves.
    async listen(channels, onNotify, onLive): Promise<Listener> {
      const stops = await Promise.all(channels.map((channel) => pg.listen(channel, (payload) => onNotify(channel, payload))));
      onLive(true);
      return {
        close: async () => {
          onLive(false);
          if (!pg.closed) await Promise.all(stops.map((stop) => stop()));
        },
      };
    },
  };
}
