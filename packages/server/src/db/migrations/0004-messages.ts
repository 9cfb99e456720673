import type { Migration } from '../migration.js';

/**
 * The member inbox. Types follow spec section 4: 0 private message, 1 activity,
 * 2 announcement, 3 deposit and withdrawal. Deletion is soft, so counts stay honest.
 */
export const messagesMigration: Migration = {
  id: 4,
  name: 'member messages',
  up: `
CREATE TABLE member_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  type smallint NOT NULL CHECK (type IN (0, 1, 2, 3)),
  title text NOT NULL,
  content text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX member_messages_member ON member_messages (member_id, created_at DESC) WHERE deleted_at IS NULL;`,
  down: `DROP TABLE member_messages;`,
};
