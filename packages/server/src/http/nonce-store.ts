import type { Queryable } from '../db/database.js';

/**
 * Nonces live in the database so N server instances refuse a replay together. A nonce is
 * unique per device; a row can go once its request could no longer pass the timestamp
 * window (seen time + twice the window covers a clock skewed either way).
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
