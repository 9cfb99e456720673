import type { Envelope } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { refusalEnvelope, type IdempotencyGuard } from '../http/idempotency.js';
import { claimKey, type IdempotencyClaim } from './idempotency-repository.js';
import { idempotencyClaimOf } from './guard.js';

/**
 * An idempotency guard for calls whose work spans transactions because an outside
 * provider answers in between (venue transfers). The key is claimed and committed as
 * `in_progress` first; the work then runs on the database itself (it opens its own
 * transactions and must be idempotent per key: venue transfers are found again by their
 * request key); the key is completed only with a final answer. A key whose work ended
 * pending (the venue did not answer) runs the work again on retry, which reconciles.
 * Calls declare it with `{ idempotency: 'spanning' }`; buildApp assembles it once.
 *
 * @example const spanning = spanningGuard(db, isFinalVenueAnswer);
 */
export function spanningGuard(db: Database, isFinal: (envelope: Envelope<unknown>) => boolean): IdempotencyGuard {
  return {
    async run(request, work) {
      const claim = idempotencyClaimOf(request);
      const owned = await db.transaction((tx) => claimKey(tx, claim));
      if (owned !== true) {
        if (owned.callName !== claim.callName || owned.requestHash !== claim.requestHash) {
          throw new BusinessError('idempotencyKeyReused', 'x-idempotency-key was already used for another request');
        }
        if (owned.state === 'completed' && owned.responseJson !== null) return JSON.parse(owned.responseJson) as Envelope<unknown>;
      }
      let envelope: Envelope<unknown>;
      try {
        envelope = await work(db);
      } catch (error) {
        const refusal = refusalEnvelope(error);
        if (!refusal) throw error;
        envelope = refusal;
      }
      return isFinal(envelope) ? complete(db, claim, envelope) : envelope;
    },
  };
}

/** Stores the final answer once; a racer that completed first wins and its answer is returned. */
async function complete(db: Database, claim: IdempotencyClaim, envelope: Envelope<unknown>): Promise<Envelope<unknown>> {
  const { rows } = await db.query<{ response_json: string }>(
    `UPDATE idempotency_keys SET state = 'completed', response_json = CASE WHEN state = 'completed' THEN response_json ELSE $3 END,
       completed_at = coalesce(completed_at, now())
     WHERE scope = $1 AND key = $2 RETURNING response_json`,
    [claim.scope, claim.key, JSON.stringify(envelope)],
  );
  return rows[0] ? (JSON.parse(rows[0].response_json) as Envelope<unknown>) : envelope;
}
