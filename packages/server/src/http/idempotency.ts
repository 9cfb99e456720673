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
 * to the guard of the kind the call declared at its registration (IdempotencyKind). The
 * guard runs `work` at most once per key and answers a repeat with the stored envelope:
 * - `work(db)` runs the handler with `ctx.db` = the database it is given, so the guard
 *   can pass its own transaction (see `joinedTransaction`) and the money moves and the
 *   stored response commit together;
 * - `work` resolves to the success envelope and THROWS a BusinessError for a business
 *   refusal, so the guard rolls the work back; `refusalEnvelope(error)` gives the envelope
 *   to store and replay for it (undefined for unexpected errors, which must not be stored);
 * - a key reused for other input is the guard's to refuse: throw
 *   `new BusinessError('idempotencyKeyReused', ...)` (HTTP 409).
 *
 * @example const guard: IdempotencyGuard = { run: (request, work) => runIdempotent(db, claimOf(request), (tx) => work(joinedTransaction(tx, db.kind)), refusalEnvelope).then((r) => r.response) };
 */
export interface IdempotencyGuard {
  run(request: IdempotentRequest, work: (db: Database) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>>;
}

/**
 * The guard a money call declares with its registration
 * (`registerCall(app, call, handler, { idempotency: 'ledger' })`):
 * - `ledger`: the handler runs in the guard's transaction, so its money moves and the
 *   stored answer commit together (idempotency/guard.ts, databaseIdempotencyGuard);
 * - `spanning`: the work spans transactions because an outside provider answers in between
 *   (venue transfers); the key is claimed first and completed only with a final answer
 *   (idempotency/spanning-guard.ts);
 * - `passThrough`: the handler claims, runs and completes its key itself, in one statement
 *   (the coin purchase, idempotency/guard.ts passThroughGuard).
 */
export type IdempotencyKind = 'ledger' | 'spanning' | 'passThrough';

/** Every kind, e.g. to check a declaration. */
export const IDEMPOTENCY_KINDS: readonly IdempotencyKind[] = ['ledger', 'spanning', 'passThrough'];

/**
 * The guard of each kind, assembled once by buildApp, and the kind each registered money
 * call declared. registerCall takes a call's guard from here when the call is registered;
 * nothing replaces a guard afterwards, so the order of the route groups cannot change
 * which guard a call runs through.
 *
 * @example app.lobby.idempotency.kinds.get('buyCoin') // 'passThrough'
 */
export class IdempotencyGuards {
  private readonly declared = new Map<string, IdempotencyKind>();

  constructor(private readonly guards: Readonly<Record<IdempotencyKind, IdempotencyGuard>>) {}

  /** Records the kind a money call declares and answers its guard; a call declares once. */
  declare(callName: string, kind: IdempotencyKind): IdempotencyGuard {
    if (!IDEMPOTENCY_KINDS.includes(kind)) throw new Error(`${callName}: no idempotency guard of kind ${String(kind)}`);
    if (this.declared.has(callName)) throw new Error(`${callName}: its idempotency guard is already declared`);
    this.declared.set(callName, kind);
    return this.guards[kind];
  }

  /** The guard of a kind. */
  guardOf(kind: IdempotencyKind): IdempotencyGuard {
    return this.guards[kind];
  }

  /** The kind each registered money call declared, by call name. */
  get kinds(): ReadonlyMap<string, IdempotencyKind> {
    return this.declared;
  }
}

/** The envelope of a business refusal (HTTP 200 code), to store and replay; undefined otherwise. */
export function refusalEnvelope(error: unknown): Envelope<unknown> | undefined {
  return error instanceof BusinessError && error.status === 200 ? errorEnvelope(error.code, error.message, error.data) : undefined;
}
