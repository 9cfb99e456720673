import type { Migration } from '../migration.js';

/**
 * Agents and invitations (issue 21; docs/AGENTS.md): every member's own invite code, the
 * codes a member registered with and who invited it, agent applications, a brand's agent
 * settings (commission rate, forced migration switch, member-move config), proxy page
 * views of invite links, and recalls of invited friends.
 */
export const agentsMigration: Migration = {
  id: 1110,
  name: 'agents and invitations',
  up: `
CREATE TABLE member_invite_codes (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  site_id integer NOT NULL,
  code text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (site_id, code)
);

CREATE TABLE member_invitations (
  invitee_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  site_id integer NOT NULL,
  inviter_id bigint REFERENCES members (id) ON DELETE SET NULL,
  invite_code text NOT NULL DEFAULT '',
  referral_code text NOT NULL DEFAULT '',
  agent_verify text NOT NULL DEFAULT '',
  is_fission boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX member_invitations_inviter ON member_invitations (inviter_id, created_at);

CREATE TABLE agent_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  site_id integer NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  contact text NOT NULL,
  note text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX agent_applications_one_pending ON agent_applications (member_id) WHERE state = 'pending';
CREATE INDEX agent_applications_site ON agent_applications (site_id, created_at);

CREATE TABLE agent_settings (
  site_id integer PRIMARY KEY,
  commission_rate_bp integer NOT NULL DEFAULT 50 CHECK (commission_rate_bp BETWEEN 0 AND 10000),
  forced_migration text NOT NULL DEFAULT '0',
  member_move jsonb
);

CREATE TABLE invite_page_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  path text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX invite_page_views_owner ON invite_page_views (owner_id, created_at);

CREATE TABLE invite_recalls (
  inviter_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  invitee_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  recalled_on date NOT NULL,
  recalled_at timestamptz NOT NULL,
  PRIMARY KEY (inviter_id, invitee_id, recalled_on)
);
`,
  down: `
DROP TABLE invite_recalls;
DROP TABLE invite_page_views;
DROP TABLE agent_settings;
DROP TABLE agent_applications;
DROP TABLE member_invitations;
DROP TABLE member_invite_codes;
`,
};
