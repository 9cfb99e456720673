import type { Envelope } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError, errorEnvelope } from './errors.js';

/** What identifies one idempotent request. */
export interface IdempotentRequest {
  /** The `x-idempotency-key` header. */
  key: string;
  /** The contract name of the call, e.g. `coinPurchase`. */
  callName: string;
  memberId: number | null;
  siteId: number;
  /** The exact request body text (or path with query), to refuse a key reused for other input. */
  fingerprint: string;
  /** The validated input (body or query), e.g. for a canonical-JSON fingerprint. */
  input: unknown;
}

/**
 * The hook for calls declared with `movesMoney: true`. registerCall refuses such a call
 * without an `x-idempotency-key` header (400 idempotencyKeyMissing), then hands the work
 * to the guard in `app.lobby.idempotency` when one is set (without a guard the work just
 * runs). The guard runs `work` at most once per key and answers a repeat with the stored
 * envelope:
 * - `work(db)` runs the handler with `ctx.db` = the database it is given, so the guard
 *   can pass its own transaction (see `joinedTransaction`) and the money moves and the
 *   stored response commit together;
 * - `work` resolves to the success envelope and THROWS a BusinessError for a business
 *   refusal, so the guard rolls the work back; `refusalEnvelope(error)` gives the envelope
 *   to store and replay for it (undefined for unexpected errors, which must not be stored);
 * - a key reused for other input is the guard's to refuse: throw
 *   `new BusinessError('idempotencyKeyReused', ...)` (HTTP 409).
 *
 * @example app.lobby.idempotency = { run: (request, work) => runIdempotent(db, claimOf(request), (tx) => work(joinedTransaction(tx, db.kind)), refusalEnvelope).then((r) => r.response) };
 */
export interface IdempotencyGuard {
  run(request: IdempotentRequest, work: (db: Database) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>>;
}

/** The envelope of a business refusal (HTTP 200 code), to store and replay; undefined otherwise. */
export function refusalEnvelope(error: unknown): Envelope<unknown> | undefined {
  return error instanceof BusinessError && error.status === 200 ? errorEnvelope(error.code, error.message, error.data) : undefined;
}
