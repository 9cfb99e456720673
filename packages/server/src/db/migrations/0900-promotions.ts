import type { Migration } from '../migration.js';

/**
 * The promotion engine (issue 20; docs/PROMOTIONS.md):
 * - `promo_activities`: one row per activity of a brand; `kind` names the module that runs
 *   it, `config` that kind's rules, `state` the operator's side (draft, published, paused,
 *   ended); the spec's status 0/1/2 is computed from state and schedule. `terms_version`
 *   grows with every change of the terms.
 * - `promo_claims`: every reward paid (or recorded at zero), unique per activity, member and
 *   claim key: a repeat answers the first. The money is a ledger transfer from the
 *   activity's budget account `promo_budget:<id>` (flagged: never below zero) referenced
 *   `promo:<activity>:<member>:<claim key>`. `seed_key` marks an activity the demo seed
 *   made (area, kind and place in the area's list), so a restart never makes it twice.
 * - `promo_blacklist`: members the operator excluded from promotions (their activity pages
 *   go to /blackList, their claims are refused); indexes that let the claim guard find
 *   accounts sharing a device id, a bank card or a payment account.
 */
export const promotionsMigration: Migration = {
  id: 900,
  name: 'promotion engine: activities and claims',
  up: `
CREATE TABLE promo_activities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  category text NOT NULL DEFAULT 'all',
  sort integer NOT NULL DEFAULT 0,
  config jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'paused', 'ended')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  terms_text text NOT NULL DEFAULT '',
  terms_version integer NOT NULL DEFAULT 1 CHECK (terms_version >= 1),
  eligibility jsonb NOT NULL DEFAULT '{}',
  caps jsonb NOT NULL DEFAULT '{}',
  one_reward_per text[] NOT NULL DEFAULT '{}',
  budget_minor bigint NOT NULL DEFAULT 0 CHECK (budget_minor >= 0),
  seed_key text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX promo_activities_listed ON promo_activities (site_id, state, sort);
-- The demo seed's mark: each seeded activity once per brand, whatever the restarts.
CREATE UNIQUE INDEX promo_activities_seeded ON promo_activities (site_id, seed_key) WHERE seed_key IS NOT NULL;
CREATE TABLE promo_claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  claim_key text NOT NULL CHECK (length(claim_key) BETWEEN 1 AND 200),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  wallet text NOT NULL CHECK (wallet IN ('centre', 'bonus')),
  terms_version integer NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  UNIQUE (activity_id, member_id, claim_key)
);
CREATE INDEX promo_claims_member ON promo_claims (member_id, created_at DESC);
CREATE TABLE promo_blacklist (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (length(reason) <= 500),
  actor text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sessions_device ON sessions (device_id);
CREATE INDEX member_bank_cards_card ON member_bank_cards ((replace(card_no, ' ', '')));
CREATE INDEX member_virtual_addresses_address ON member_virtual_addresses (lower(address));
`,
  down: `
DROP INDEX member_virtual_addresses_address;
DROP INDEX member_bank_cards_card;
DROP INDEX sessions_device;
DROP TABLE promo_blacklist;
DROP TABLE promo_claims;
DROP TABLE promo_activities;
`,
};
