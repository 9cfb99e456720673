import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * Bet sync (issue 18, docs/VENUE-WALLETS.md "Bet sync and reconciliation"): the operator's
 * trigger that pulls transfer venues' bet records into lobby's books now, as the 5 s sweep
 * does. Pulling is idempotent by the venue's feed position, so it takes no idempotency key.
 */

/** How one venue's pull ended. */
export const BetSyncVenue = s.object({
  venueCode: s.string(),
  applied: s.integer({ minimum: 0, description: 'Records posted (new bets and newer versions); repeats and older versions not counted' }),
  pages: s.integer({ minimum: 0 }),
  reachedEnd: s.boolean({ description: "The pull reached the feed's end: the books hold every settled bet the venue reported" }),
  stoppedBy: s.nullable(s.string({ description: 'Why the pull stopped short: a timeout, a gap in the feed, a bad record or a refused posting' })),
  lastSequence: s.integer({ minimum: 0, description: 'Every feed sequence up to this one is posted' }),
});
export type BetSyncVenue = Infer<typeof BetSyncVenue>;

/** Operator: pulls every transfer venue's bet records now (or one venue's). */
export const opsBetSync = defineCall({
  name: 'opsBetSync',
  group: 'operator',
  path: '/ops/v1/bet-sync',
  style: 'json',
  auth: 'operator',
  summary: "Operator: pull transfer venues' bet records into lobby's books now",
  request: s.object({ venueCode: s.optional(s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'Only this venue; every venue with member wallets when absent' })) }),
  response: s.object({ venues: s.array(BetSyncVenue) }),
});
