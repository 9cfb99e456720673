import type { Envelope } from '@lobby/sdk';
import { joinedTransaction, type Database } from '../db/database.js';
import { BusinessError, RecordedRefusal } from '../http/errors.js';
import { refusalEnvelope, type IdempotencyGuard, type IdempotentRequest } from '../http/idempotency.js';
import { requestHash } from './request-hash.js';
import { IdempotencyError, runIdempotent } from './run-idempotent.js';

/**
 * The database-backed guard for calls with `movesMoney: true` (set on
 * `app.lobby.idempotency`). The handler runs in the guard's transaction, so its money
 * moves and the stored envelope commit together; business refusals (HTTP 200 codes) are
 * stored and replayed too. Keys live per member (`member:<id>`); the fingerprint is the
 * canonical JSON of the validated input, so spacing and key order do not matter.
 *
 * @example app.lobby.idempotency = databaseIdempotencyGuard(app.lobby.db);
 */
export function databaseIdempotencyGuard(db: Database): IdempotencyGuard {
  return {
    async run(request: IdempotentRequest, work: (db: Database) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>> {
      const claim = {
        scope: request.memberId === null ? `site:${request.siteId}` : `member:${request.memberId}`,
        key: request.key,
        callName: request.callName,
        requestHash: requestHash(request.callName, request.input),
      };
      try {
        const { response } = await runIdempotent(db, claim, (tx) => work(joinedTransaction(tx, db.kind)), refusalEnvelope, async (tx, error) => {
          if (error instanceof RecordedRefusal) await error.record(tx);
        });
        return response;
      } catch (error) {
        if (!(error instanceof IdempotencyError)) throw error;
        if (error.reason === 'keyReused') throw new BusinessError('idempotencyKeyReused', 'x-idempotency-key was already used for another request');
        throw new BusinessError('idempotencyKeyInProgress', 'a request with this x-idempotency-key is still being processed');
      }
    },
  };
}
