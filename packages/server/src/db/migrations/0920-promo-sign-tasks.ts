import type { Migration } from '../migration.js';

/**
 * Sign-in and new-member tasks (issue 20; docs/SIGN-IN-AND-TASKS.md) keep no table of their
 * own: every sign, retroactive sign, award, task reward and package sign is a `promo_claims`
 * row of the engine (keys `sign:<day>`, `cumulative:<cycle>:<days>`, `lastCycle:<cycle>`,
 * `task:<kind>`, `package:<day>`), found by its (activity, member, key) unique index; the
 * scratch card's fairness lives in the draws' `promo_fair_rounds` (round `scratch:<day>`).
 * This migration keeps the number range 0920-0929 for them.
 */
export const signTasksMigration: Migration = {
  id: 920,
  name: 'sign-in and new-member tasks',
  up: 'SELECT 1;',
  down: 'SELECT 1;',
};
