import pg from 'pg';
import type { Database, Listener, QueryOptions, QueryResult } from './database.js';

// PostgreSQL's BIGINT (int8) comes back as a string by default; amounts of minor units
// fit in a safe integer, and anything that would not is refused before it is stored.
pg.types.setTypeParser(20, (text) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`int8 out of safe range: ${text}`);
  return value;
});

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be cut by the server (restart, DROP DATABASE ... FORCE); the
  // pool discards it and opens another. Without this handler the process would crash.
  pool.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01') console.warn(`lobby: idle PostgreSQL connection lost: ${error.message}`);
  });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<Row>> {
      const result = options?.prepareAs
        ? await pool.query({ name: options.prepareAs, text: sql, values: params as unknown[] })
        : await pool.query(sql, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
          },
          async exec(sql: string): Promise<void> {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    listen: (channels, onNotify, onLive) => listenOn(url, channels, onNotify, onLive),
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
export const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A
 * lost connection reports `onLive(false)` at once and is replaced after LISTEN_RETRY_MS;
 * `onLive(true)` follows its LISTEN.
 */
async function listenOn(
  url: string,
  channels: readonly string[],
  onNotify: (channel: string, payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    onLive(false);
    current.end().catch(() => undefined);
    if (!closed) timer = setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => onNotify(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (client === next && !closed) onLive(true);
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      onLive(false);
      await current?.end().catch(() => undefined);
    },
  };
}
