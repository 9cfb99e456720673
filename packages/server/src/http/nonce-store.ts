import type { Database, Queryable } from '../db/database.js';
import { MemoryNonceWindow } from './nonce-window.js';

/**
 * Nonces live in the database so N server instances refuse a replay together, and a
 * restart of a lobby instance (even a SIGKILL) forgets none: a request is accepted only once
 * its nonce row is committed (a crash of PostgreSQL itself: see NonceClaims). A nonce is unique per device; a row can go once its request could no longer
 * pass the timestamp window (seen time + twice the window covers a clock skewed either way).
 */
export async function claimNonce(db: Queryable, deviceId: string, nonce: string, nowMs: number): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO request_nonces (device_id, nonce, seen_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))
     ON CONFLICT (device_id, nonce) DO NOTHING`,
    [deviceId, nonce, nowMs],
  );
  return result.rowCount === 1;
}

/** Deletes nonces seen before `beforeMs`; answers how many went. */
export async function purgeNonces(db: Queryable, beforeMs: number): Promise<number> {
  const result = await db.query('DELETE FROM request_nonces WHERE seen_at < to_timestamp($1 / 1000.0)', [beforeMs]);
  return result.rowCount;
}

interface PendingClaim {
  deviceId: string;
  nonce: string;
  nowMs: number;
  resolve(claimed: boolean): void;
  reject(error: unknown): void;
}

/** Most nonces written by one statement. */
export const NONCE_BATCH_MAX = 256;

/**
 * Batch statements that may run at once (on the pool's connections). One at a time made
 * every signed request wait for the previous batch's commit too; more than two, now that
 * a batch commits without waiting for the WAL flush, made smaller batches and more round
 * trips (walletBalance on PostgreSQL, quiet machine, 2026-11-22: 1 in flight 9.1k req/s,
 * 2 10.2k, 4 7.8k). Two batches holding the same nonce cannot both win: the second
 * INSERT waits for the first's row and then does nothing. The INSERT is a prepared
 * statement on each connection (6.0-7.6k req/s re-planned each time, 10.1-10.3k prepared).
 */
export const NONCE_BATCHES_IN_FLIGHT = 2;

/**
 * Group commit of nonces: the claims of one event-loop turn (every request whose headers
 * were read in it) are gathered until the turn's I/O callbacks are done (setImmediate),
 * and claims that arrive while NONCE_BATCHES_IN_FLIGHT batches are being written wait;
 * each group goes in one `INSERT ... ON CONFLICT DO NOTHING RETURNING` (one statement
 * instead of one per request). An idle server adds no delay beyond the end of the turn.
 * Gathering by turn rather than writing each lone claim at once made batches larger and
 * cut the server's CPU per walletBalance read on PostgreSQL by about a fifth (2026-11-22,
 * third session: 215 to 173 us per read, median of 3 alternating rounds). Exactly as
 * strict as `claimNonce`: a claim answers true only when its own row was committed; a
 * nonce repeated inside one batch is refused for every copy after the first.
 *
 * A batch commits with `synchronous_commit` off for its own transaction only (SET LOCAL;
 * every other transaction, money included, keeps the server's setting, on): the commit
 * answers once the rows are in PostgreSQL's WAL buffers, without waiting for the disk
 * flush. Still exact: the unique index refuses a second use of a nonce at once, on every
 * instance and connection, flushed or not. Given up: if the PostgreSQL server itself
 * crashes (not a lobby instance), nonces committed in its last 3 x wal_writer_delay
 * (600 ms by default) may be forgotten, and a captured request among them could then be
 * replayed until its timestamp leaves the 300 s signature window. docs/DECISIONS.md.
 *
 * @example const claims = new NonceClaims(db); if (!(await claims.claim(deviceId, nonce, now))) refuse();
 */
export class NonceClaims implements NonceStore {
  private queue: PendingClaim[] = [];
  private writing = 0;
  /** Whether a pump is scheduled for the end of this event-loop turn. */
  private pumpScheduled = false;

  constructor(private readonly db: Queryable) {}

  claim(deviceId: string, nonce: string, nowMs: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ deviceId, nonce, nowMs, resolve, reject });
      if (this.pumpScheduled) return;
      this.pumpScheduled = true;
      setImmediate(() => {
        this.pumpScheduled = false;
        this.pump();
      });
    });
  }

  private pump(): void {
    if (this.writing >= NONCE_BATCHES_IN_FLIGHT || this.queue.length === 0) return;
    this.writing += 1;
    const batch = this.queue.splice(0, NONCE_BATCH_MAX);
    void this.write(batch).finally(() => {
      this.writing -= 1;
      this.pump();
    });
  }

  private async write(batch: PendingClaim[]): Promise<void> {
    const firsts = new Map<string, PendingClaim>();
    const repeats: PendingClaim[] = [];
    for (const claim of batch) {
      const key = keyOf(claim.deviceId, claim.nonce);
      if (firsts.has(key)) repeats.push(claim);
      else firsts.set(key, claim);
    }
    const claims = [...firsts.values()];
    try {
      // set_config(..., true) is SET LOCAL in function form: synchronous_commit off for
      // this statement's own transaction only (see the class comment), in one round trip.
      const { rows } = await this.db.query<{ device_id: string; nonce: string }>(
        `INSERT INTO request_nonces (device_id, nonce, seen_at)
         SELECT d, n, to_timestamp(ms / 1000.0) FROM unnest($1::text[], $2::text[], $3::float8[]) AS t(d, n, ms)
         WHERE set_config('synchronous_commit', 'off', true) = 'off'
         ON CONFLICT (device_id, nonce) DO NOTHING RETURNING device_id, nonce`,
        [claims.map((c) => c.deviceId), claims.map((c) => c.nonce), claims.map((c) => c.nowMs)],
        { prepareAs: 'lobby_claim_nonces' },
      );
      const written = new Set(rows.map((row) => keyOf(row.device_id, row.nonce)));
      for (const claim of claims) claim.resolve(written.has(keyOf(claim.deviceId, claim.nonce)));
      for (const claim of repeats) claim.resolve(false);
    } catch (error) {
      for (const claim of batch) claim.reject(error);
    }
  }
}

const keyOf = (deviceId: string, nonce: string) => `${deviceId}\n${nonce}`;

/** Where a server records the nonces it accepted. */
export interface NonceStore {
  /** True when the nonce is new for the device (now recorded); false for a replay. */
  claim(deviceId: string, nonce: string, nowMs: number): Promise<boolean>;
}

const storesByDatabase = new WeakMap<Database, NonceStore>();

/**
 * The nonce store of a database, one per open database. PostgreSQL (DATABASE_URL, the
 * scale path: N instances share it): the `request_nonces` table, written by group commit.
 * Embedded PGlite (one process owns its data directory, so no other instance exists): an
 * in-memory window with a journal in the data directory, no database write per request.
 *
 * @example if (!(await nonceStoreOf(services.db).claim(deviceId, nonce, now))) refuse();
 */
export function nonceStoreOf(db: Database): NonceStore {
  let store = storesByDatabase.get(db);
  if (!store) {
    store = db.kind === 'pglite' ? memoryStore(db.dataDir) : new NonceClaims(db);
    storesByDatabase.set(db, store);
  }
  return store;
}

function memoryStore(dataDir: string | undefined): NonceStore {
  const window = new MemoryNonceWindow(dataDir && !dataDir.startsWith('memory://') ? dataDir : undefined);
  return {
    claim: async (deviceId, nonce, nowMs) => {
      if (!window.claim(deviceId, nonce, nowMs)) return false;
      await window.journalled();
      return true;
    },
  };
}
