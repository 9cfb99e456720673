import type { Migration } from '../migration.js';

/**
 * The member profile of the user-info page (issue 8): the birthday (set once; it dates
 * the VIP birthday bonus), when the bound phone was last verified (opening a short
 * window to bind another), and the receiver address of spec section 3.
 */
export const memberProfileMigration: Migration = {
  id: 5,
  name: 'member profile and receiver address',
  up: `
CREATE TABLE member_profiles (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  birthday date,
  phone_verified_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_addresses (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  receiver text NOT NULL,
  province text NOT NULL,
  city text NOT NULL,
  district text NOT NULL,
  address text NOT NULL,
  phone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX members_site_phone ON members (site_id, area_code, phone) WHERE phone <> '';`,
  down: `
DROP INDEX members_site_phone;
DROP TABLE member_addresses;
DROP TABLE member_profiles;`,
};
