import type { Database, Queryable } from '../db/database.js';
import { claimKey, completeKey, type IdempotencyClaim, type StoredKey } from './idempotency-repository.js';

/** Why a keyed request was not run: the key belongs to another body, or is still running. */
export class IdempotencyError extends Error {
  constructor(
    readonly reason: 'keyReused' | 'keyInProgress',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'IdempotencyError';
  }
}

export interface IdempotentResult<T> {
  response: T;
  /** True when the response is the stored result of an earlier request with this key. */
  replayed: boolean;
}

/**
 * Runs `work` at most once per key. The key is claimed, the work runs and the key is
 * completed with its response, all in ONE transaction: a crash leaves nothing behind, and
 * the money moves and the stored response commit together.
 *
 * - Same key, same body: the stored response is returned (`replayed: true`).
 * - Same key, other body (or other call): IdempotencyError `keyReused` (HTTP 409).
 * - Racers: a second request with the key waits on the first one's uncommitted claim
 *   (PostgreSQL's unique index does the waiting), then replays its committed response.
 *   A key left `in_progress` by work that spans transactions answers `keyInProgress`.
 * - `refusalOf` turns an expected refusal (e.g. exceedsBalance) into a response to store:
 *   the work's changes roll back and the refusal is stored and replayed like a success.
 *   Any other error rolls everything back, claim included, so a retry runs again.
 * - `recordRefusal(tx, error)` runs in the transaction that stores a refusal (only when
 *   this request stores it, never for a replay or a racer's result): a trace the refusal
 *   must leave although the work rolled back, e.g. a wrong password's lockout count.
 *
 * @example
 * const { response } = await runIdempotent(db, claim, (tx) => buyCoinResponse(tx, input), refusalEnvelope);
 */
export async function runIdempotent<T>(
  db: Database,
  claim: IdempotencyClaim,
  work: (tx: Queryable) => Promise<T>,
  refusalOf: (error: unknown) => T | undefined = () => undefined,
  recordRefusal: (tx: Queryable, error: unknown) => Promise<void> = async () => {},
): Promise<IdempotentResult<T>> {
  try {
    return await db.transaction(async (tx) => {
      const owned = await claimKey(tx, claim);
      if (owned !== true) return replay<T>(owned, claim);
      const response = await work(tx);
      await completeKey(tx, claim, response);
      return { response, replayed: false };
    });
  } catch (error) {
    if (error instanceof IdempotencyError) throw error;
    const refusal = refusalOf(error);
    if (refusal === undefined) throw error;
    return storeRefusal(db, claim, refusal, (tx) => recordRefusal(tx, error));
  }
}

/** Stores a refusal for the key, unless a racer stored a result first (then that one wins). */
async function storeRefusal<T>(db: Database, claim: IdempotencyClaim, refusal: T, record: (tx: Queryable) => Promise<void>): Promise<IdempotentResult<T>> {
  return db.transaction(async (tx) => {
    const owned = await claimKey(tx, claim);
    if (owned !== true) return replay<T>(owned, claim);
    await record(tx);
    await completeKey(tx, claim, refusal);
    return { response: refusal, replayed: false };
  });
}

/**
 * The stored result of a key for a request that found it claimed: the response when the
 * key was completed for the same call and body; IdempotencyError `keyReused` for another
 * call or body, `keyInProgress` while its work spans transactions.
 */
export function replayStored<T>(stored: StoredKey, claim: IdempotencyClaim): IdempotentResult<T> {
  return replay<T>(stored, claim);
}

function replay<T>(stored: StoredKey, claim: IdempotencyClaim): IdempotentResult<T> {
  if (stored.callName !== claim.callName || stored.requestHash !== claim.requestHash) {
    throw new IdempotencyError('keyReused', `key ${claim.key} was first used for another request`);
  }
  if (stored.state !== 'completed' || stored.responseJson === null) {
    throw new IdempotencyError('keyInProgress', `key ${claim.key} is still being processed`);
  }
  return { response: JSON.parse(stored.responseJson) as T, replayed: true };
}
