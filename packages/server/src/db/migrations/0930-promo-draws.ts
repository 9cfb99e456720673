import type { Migration } from '../migration.js';

/**
 * Fairness commitments of promotions (issue 20; docs/PROMO-FAIRNESS.md): one row per round
 * of an activity (a draw window, a wheel day, a raffle, a red-packet session, a scratch-card
 * day...). `server_seed` is 32 random bytes in hex, secret until the round closes;
 * `seed_hash` = SHA-256 of it, published from `committed_at` (before `opens_at`, or before
 * the round's first result when a round is committed on first use). `revealed_at` is set the
 * first time the round is read after `closes_at`; from then on the seed is public.
 *
 * And the draw kinds' own rows (issue 20; docs/PROMO-FAIRNESS.md "The draw kinds"); every draw,
 * spin and raffle prize itself is a `promo_claims` row (claim keys `draw:<n>`, `spin:<n>`,
 * `raffle:prize:<slot>`) whose detail holds the fair inputs and result.
 * - `promo_spin_receipts`: spins a member received from a wheel task in one draw window
 *   (once per task and window).
 * - `promo_raffle_tickets`: a raffle's tickets, numbered 1, 2, 3... per activity in the order taken.
 * - `promo_raffle_draws`: a raffle's draw, made once after it closes: the tickets in it and
 *   the winners (ticket, member, prize, paid or why not).
 */
export const drawsMigration: Migration = {
  id: 930,
  name: 'draws, raffle, spin wheel, fairness commitments',
  up: `
CREATE TABLE promo_fair_rounds (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  round_key text NOT NULL CHECK (length(round_key) BETWEEN 1 AND 100),
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  committed_at timestamptz NOT NULL,
  revealed_at timestamptz,
  PRIMARY KEY (activity_id, round_key),
  CHECK (closes_at > opens_at),
  CHECK (revealed_at IS NULL OR revealed_at >= closes_at)
);
CREATE TABLE promo_spin_receipts (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  round_key text NOT NULL,
  task_id text NOT NULL,
  spins integer NOT NULL CHECK (spins >= 1),
  received_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, member_id, round_key, task_id)
);
CREATE TABLE promo_raffle_tickets (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  ticket_no integer NOT NULL CHECK (ticket_no >= 1),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, ticket_no)
);
CREATE INDEX promo_raffle_tickets_member ON promo_raffle_tickets (activity_id, member_id, ticket_no);
CREATE TABLE promo_raffle_draws (
  activity_id integer PRIMARY KEY REFERENCES promo_activities (id) ON DELETE CASCADE,
  ticket_count integer NOT NULL CHECK (ticket_count >= 0),
  winners jsonb NOT NULL,
  drawn_at timestamptz NOT NULL
);
`,
  down: `
DROP TABLE promo_raffle_draws;
DROP TABLE promo_raffle_tickets;
DROP TABLE promo_spin_receipts;
DROP TABLE promo_fair_rounds;
`,
};
