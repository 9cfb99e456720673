import type { Migration } from '../migration.js';

/**
 * Gifts (issue 20; docs/GIFTS.md):
 * - `promo_gift_applications`: one row per real gift a member took; the claim itself is the
 *   engine's `promo_claims` row (amount 0) with the same claim key. It snapshots the
 *   receiver address at the time of applying. `status` is the spec's gift application set
 *   (applyed 0, provided 1, reviewFail 3, reject 4); expired 2 is read from `expires_at`
 *   while the row still says applyed, so a read never writes.
 * - `promo_gift_reminders`: the luxury exchange's "remind me" marks.
 * - `promo_rebate_claims` and `promo_rebate_bets`: fan shui claims and the bets each
 *   covered (a bet is rebated once: its id is the primary key).
 */
export const giftsMigration: Migration = {
  id: 950,
  name: 'gifts: applications for real gifts, exchange reminders, fan shui rebates',
  up: `
CREATE TABLE promo_gift_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  claim_key text NOT NULL,
  gift_id text NOT NULL,
  gift_name text NOT NULL,
  points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
  receiver text NOT NULL,
  phone text NOT NULL,
  province text NOT NULL,
  city text NOT NULL,
  district text NOT NULL,
  address text NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 3, 4)),
  review_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  UNIQUE (activity_id, member_id, claim_key)
);
CREATE INDEX promo_gift_applications_member ON promo_gift_applications (member_id, created_at DESC);
CREATE INDEX promo_gift_applications_open ON promo_gift_applications (status, created_at);
CREATE TABLE promo_gift_reminders (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  gift_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, member_id, gift_id)
);
CREATE TABLE promo_rebate_claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  turnover_minor bigint NOT NULL CHECK (turnover_minor >= 0),
  bets integer NOT NULL CHECK (bets > 0),
  buff_basis_points integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX promo_rebate_claims_member ON promo_rebate_claims (member_id, created_at DESC);
CREATE TABLE promo_rebate_bets (
  bet_id bigint PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES promo_rebate_claims (id) ON DELETE CASCADE
);
`,
  down: `
DROP TABLE promo_rebate_bets;
DROP TABLE promo_rebate_claims;
DROP TABLE promo_gift_reminders;
DROP TABLE promo_gift_applications;
`,
};
