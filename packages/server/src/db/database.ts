/**
 * The one database interface of the server. Two engines implement it: embedded PGlite
 * (a data directory, the default) and PostgreSQL (DATABASE_URL). SQL is PostgreSQL's,
 * the same text on both.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** How a statement runs. */
export interface QueryOptions {
  /**
   * PostgreSQL: a prepared statement of this name on each pooled connection (parsed and
   * planned once per connection, not per call), for a hot statement whose text never
   * changes. PGlite ignores it.
   */
  prepareAs?: string;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite: its data directory (`memory://...` when in memory), which only this process can open. */
  readonly dataDir?: string;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it
   * throws. PGlite has one connection, so its transactions run one after another.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Subscribes to PostgreSQL notifications (LISTEN) on `channels`, delivered after the
   * notifying transaction commits. `onLive(false)` means notifications may have been
   * missed (connection lost; PostgreSQL reconnects and calls `onLive(true)` once it
   * listens again). Absent on a joined transaction.
   */
  listen?(channels: readonly string[], onNotify: (channel: string, payload: string) => void, onLive: (live: boolean) => void): Promise<Listener>;
}

/** An open LISTEN subscription. */
export interface Listener {
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent, the embedded database is used. */
  databaseUrl?: string;
  /** The embedded database's directory; `memory://` keeps it in memory. */
  dataDir?: string;
}

/** Opens the configured database engine (not yet migrated). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(options.dataDir ?? './data');
}

/**
 * A Database view of an open transaction: queries run in it, and `transaction(work)`
 * joins it (runs `work` on the same transaction) instead of nesting. Lets a handler that
 * always writes `db.transaction(...)` run inside a caller's transaction (idempotency).
 *
 * @example await db.transaction((tx) => handler({ db: joinedTransaction(tx, db.kind) }));
 */
export function joinedTransaction(tx: Queryable, kind: Database['kind']): Database {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    close: async () => {
      throw new Error('a joined transaction is closed by its owner');
    },
  };
}
