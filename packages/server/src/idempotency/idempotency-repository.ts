import type { Database, Queryable } from '../db/database.js';

/** Keys live at least this long (issue 3: "kept at least 24 hours"), then may be purged. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** One request's claim on a key: who (scope), which key, which call, which body. */
export interface IdempotencyClaim {
  /** Whose key space the key lives in, e.g. `member:42`; keys of two members never meet. */
  scope: string;
  key: string;
  callName: string;
  /** From requestHash(callName, body). */
  requestHash: string;
}

export interface StoredKey {
  callName: string;
  requestHash: string;
  state: 'in_progress' | 'completed';
  responseJson: string | null;
}

/**
 * Claims the key inside `tx`: true when this request now owns it, else the stored row.
 * On PostgreSQL an INSERT that meets an uncommitted claim of the same key waits for that
 * transaction to end, so a racer sees the winner's committed result, never a half state.
 */
export async function claimKey(tx: Queryable, claim: IdempotencyClaim): Promise<true | StoredKey> {
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (scope, key, call_name, request_hash, state) VALUES ($1, $2, $3, $4, 'in_progress')
     ON CONFLICT (scope, key) DO NOTHING RETURNING 1`,
    [claim.scope, claim.key, claim.callName, claim.requestHash],
  );
  if (inserted.rows.length === 1) return true;
  const stored = await readKey(tx, claim.scope, claim.key);
  if (!stored) throw new Error(`idempotency key ${claim.scope}/${claim.key} vanished while claimed`);
  return stored;
}

/** Marks a claimed key completed with the response to replay, inside the claiming transaction. */
export async function completeKey(tx: Queryable, claim: IdempotencyClaim, response: unknown): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE idempotency_keys SET state = 'completed', response_json = $3, completed_at = now()
     WHERE scope = $1 AND key = $2 AND state = 'in_progress'`,
    [claim.scope, claim.key, JSON.stringify(response)],
  );
  if (rowCount !== 1) throw new Error(`idempotency key ${claim.scope}/${claim.key} was not in progress`);
}

/** The stored row of a key, or undefined. */
export async function readKey(q: Queryable, scope: string, key: string): Promise<StoredKey | undefined> {
  const { rows } = await q.query<{ call_name: string; request_hash: string; state: StoredKey['state']; response_json: string | null }>(
    'SELECT call_name, request_hash, state, response_json FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  return row && { callName: row.call_name, requestHash: row.request_hash, state: row.state, responseJson: row.response_json };
}

/**
 * Deletes keys older than the retention (never less than 24 hours); returns how many.
 *
 * @example setInterval(() => purgeIdempotencyKeys(db), 60 * 60 * 1000);
 */
export async function purgeIdempotencyKeys(db: Queryable | Database, retentionMs = IDEMPOTENCY_KEY_RETENTION_MS): Promise<number> {
  const keptMs = Math.max(retentionMs, IDEMPOTENCY_KEY_RETENTION_MS);
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1::double precision / 1000)`,
    [keptMs],
  );
  return rowCount;
}
