import type { Envelope } from '@lobby/sdk';

/** What identifies one idempotent request. */
export interface IdempotentRequest {
  /** The `x-idempotency-key` header. */
  key: string;
  /** The contract name of the call, e.g. `transferToVenue`. */
  callName: string;
  memberId: number | null;
  siteId: number;
  /** The exact request body text (or path with query), to refuse a key reused for other input. */
  fingerprint: string;
}

/**
 * The hook for calls declared with `movesMoney: true`. registerCall refuses such a call
 * without an `x-idempotency-key` header (400 idempotencyKeyMissing), then hands the work
 * to the guard in `app.lobby.idempotency` when one is set: the guard runs `work` once per
 * key and answers a repeat with the stored envelope (or refuses a key reused for other
 * input with `idempotencyKeyReused`). `work` resolves to the envelope, business refusals
 * included, so a refusal is replayed as faithfully as a success.
 *
 * @example app.lobby.idempotency = { run: (request, work) => store.once(request, work) };
 */
export interface IdempotencyGuard {
  run(request: IdempotentRequest, work: () => Promise<Envelope<unknown>>): Promise<Envelope<unknown>>;
}
