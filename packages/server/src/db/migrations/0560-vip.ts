import type { Migration } from '../migration.js';

/**
 * VIP (issue 8): each brand's grades v0 to v10 (spec section 3 "VIP grade config"),
 * every grade change of a member, and the VIP gifts a member claimed. A claim's gift key
 * is unique per member ('upgrade:3', 'month:3:2026-11', 'birthday:2026'), so a gift is
 * paid once whatever the idempotency key.
 */
export const vipMigration: Migration = {
  id: 560,
  name: 'vip grades, grade changes and gift claims',
  up: `
CREATE TABLE vip_grades (
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 10),
  name text NOT NULL,
  upgrade_deposit_minor bigint NOT NULL CHECK (upgrade_deposit_minor >= 0),
  upgrade_flows_minor bigint NOT NULL CHECK (upgrade_flows_minor >= 0),
  upgrade_bonus_minor bigint NOT NULL CHECK (upgrade_bonus_minor >= 0),
  birth_cash_minor bigint NOT NULL CHECK (birth_cash_minor >= 0),
  month_gift_minor bigint NOT NULL CHECK (month_gift_minor >= 0),
  day_withdrawal_counts integer NOT NULL CHECK (day_withdrawal_counts >= 0),
  day_withdrawal_money_minor bigint NOT NULL CHECK (day_withdrawal_money_minor >= 0),
  PRIMARY KEY (site_id, level)
);

CREATE TABLE vip_grade_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  from_grade smallint NOT NULL,
  to_grade smallint NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_grade_changes_member ON vip_grade_changes (member_id, id);

CREATE TABLE vip_gift_claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  gift_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upgrade', 'month', 'birthday')),
  level smallint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, gift_key)
);`,
  down: `
DROP TABLE vip_gift_claims;
DROP TABLE vip_grade_changes;
DROP TABLE vip_grades;`,
};
