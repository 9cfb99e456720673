import type { Envelope } from '@lobby/sdk';
import { joinedTransaction, type Database } from '../db/database.js';
import { BusinessError, RecordedRefusal } from '../http/errors.js';
import { refusalEnvelope, type IdempotencyGuard, type IdempotentRequest } from '../http/idempotency.js';
import { requestHash } from './request-hash.js';
import type { IdempotencyClaim } from './idempotency-repository.js';
import { IdempotencyError, runIdempotent } from './run-idempotent.js';

/**
 * The database-backed guard for calls with `movesMoney: true` that declare
 * `{ idempotency: 'ledger' }` (buildApp assembles it once). The handler runs in the guard's transaction, so its money
 * moves and the stored envelope commit together; business refusals (HTTP 200 codes) are
 * stored and replayed too. Keys live per member (`member:<id>`); the fingerprint is the
 * canonical JSON of the validated input, so spacing and key order do not matter.
 *
 * @example const ledger = databaseIdempotencyGuard(app.lobby.db);
 */
export function databaseIdempotencyGuard(db: Database): IdempotencyGuard {
  return {
    async run(request: IdempotentRequest, work: (db: Database) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>> {
      const claim = idempotencyClaimOf(request);
      try {
        const { response } = await runIdempotent(db, claim, (tx) => work(joinedTransaction(tx, db.kind)), refusalEnvelope, async (tx, error) => {
          if (error instanceof RecordedRefusal) await error.record(tx);
        });
        return response;
      } catch (error) {
        throw idempotencyBusinessError(error);
      }
    },
  };
}

/** The key a request claims: per member (`member:<id>`), else per site; the fingerprint is the canonical JSON of the validated input. */
export function idempotencyClaimOf(request: Pick<IdempotentRequest, 'memberId' | 'siteId' | 'key' | 'callName' | 'input'>): IdempotencyClaim {
  return {
    scope: request.memberId === null ? `site:${request.siteId}` : `member:${request.memberId}`,
    key: request.key,
    callName: request.callName,
    requestHash: requestHash(request.callName, request.input),
  };
}

/** An IdempotencyError as the wire refusal (409 idempotencyKeyReused or idempotencyKeyInProgress); other errors unchanged. */
export function idempotencyBusinessError(error: unknown): unknown {
  if (!(error instanceof IdempotencyError)) return error;
  if (error.reason === 'keyReused') return new BusinessError('idempotencyKeyReused', 'x-idempotency-key was already used for another request');
  return new BusinessError('idempotencyKeyInProgress', 'a request with this x-idempotency-key is still being processed');
}

/**
 * A guard that hands a call its work unguarded, on the database itself: calls that
 * declare `{ idempotency: 'passThrough' }` claim, run and complete their key in one
 * statement of their own (the coin purchase, `buyCoinOnce`).
 *
 * @example const passThrough = passThroughGuard(db);
 */
export function passThroughGuard(db: Database): IdempotencyGuard {
  return { run: (_request, work) => work(db) };
}
