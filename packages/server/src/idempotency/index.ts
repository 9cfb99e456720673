/** Stripe-style idempotency keys for calls that move money (issue 3). */
export { runIdempotent, replayStored, IdempotencyError } from './run-idempotent.js';
export type { IdempotentResult } from './run-idempotent.js';
export { claimKey, completeKey, readKey, purgeIdempotencyKeys, IDEMPOTENCY_KEY_RETENTION_MS } from './idempotency-repository.js';
export type { IdempotencyClaim, StoredKey } from './idempotency-repository.js';
export { requestHash, canonicalJson, isValidIdempotencyKey } from './request-hash.js';
export { databaseIdempotencyGuard, idempotencyClaimOf, idempotencyBusinessError, passThroughGuard } from './guard.js';
export { spanningGuard } from './spanning-guard.js';
