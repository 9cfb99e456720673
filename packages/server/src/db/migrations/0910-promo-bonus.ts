import type { Migration } from '../migration.js';

/**
 * Bonus money and wagering (issue 20; docs/BONUS-WAGERING.md):
 * - `promo_bonus_grants`: one row per bonus paid into a member's 'bonus' wallet (the
 *   money itself is the ledger transfer of its promo_claims row). The turnover required
 *   is `multiple` x the amount; progress is never stored: it is replayed from game_bets on
 *   read. `status` ends the grant once: converted (bonus -> centre), forfeited or expired
 *   (bonus -> the activity's budget).
 * - `promo_bonus_caps`: a brand's largest wagering multiple (10 when a brand has no row).
 */
export const bonusMigration: Migration = {
  id: 910,
  name: 'bonus money and wagering, deposit bonuses',
  up: `
CREATE TABLE promo_bonus_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  claim_id bigint NOT NULL UNIQUE REFERENCES promo_claims (id) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  multiple integer NOT NULL CHECK (multiple BETWEEN 0 AND 100),
  required_minor bigint NOT NULL CHECK (required_minor = amount_minor * multiple),
  weights jsonb NOT NULL,
  max_bet_minor bigint NOT NULL CHECK (max_bet_minor > 0),
  terms_version integer NOT NULL,
  status text NOT NULL DEFAULT 'wagering' CHECK (status IN ('wagering', 'converted', 'forfeited', 'expired')),
  granted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > granted_at),
  resolved_at timestamptz,
  CHECK ((status = 'wagering') = (resolved_at IS NULL))
);
CREATE INDEX promo_bonus_grants_member ON promo_bonus_grants (member_id, granted_at, id);
CREATE INDEX promo_bonus_grants_wagering ON promo_bonus_grants (expires_at) WHERE status = 'wagering';

CREATE TABLE promo_bonus_caps (
  site_id integer PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  max_multiple integer NOT NULL CHECK (max_multiple BETWEEN 1 AND 100),
  updated_at timestamptz NOT NULL
);
`,
  down: `
DROP TABLE promo_bonus_caps;
DROP TABLE promo_bonus_grants;
`,
};
