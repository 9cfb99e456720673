import type { Migration } from '../migration.js';

/**
 * Chat rooms (issue 6; spec section 3, "Chat room"): rooms with their setup, entries
 * (member text and pushes), mutes, the site chat switch and the broker credentials the
 * connector hands out (random, stored as SHA-256, expiring).
 */
export const chatMigration: Migration = {
  id: 300,
  name: 'chat',
  up: `
CREATE TABLE chat_rooms (
  id integer PRIMARY KEY,
  site_id integer NOT NULL,
  setup jsonb NOT NULL,
  pinned_message_id bigint,
  is_home boolean NOT NULL DEFAULT false
);
CREATE TABLE chat_switches (
  site_id integer PRIMARY KEY,
  open boolean NOT NULL
);
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('text', 'welcome', 'gift', 'order', 'activity', 'system')),
  member_id bigint,
  nick_name text NOT NULL,
  title text NOT NULL DEFAULT '',
  content text NOT NULL,
  vip integer NOT NULL DEFAULT 0,
  is_admin boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_by_room ON chat_messages (room_id, id);
CREATE INDEX chat_messages_by_member ON chat_messages (member_id, id);
CREATE TABLE chat_mutes (
  room_id integer NOT NULL,
  member_id bigint NOT NULL,
  reason text NOT NULL,
  unban_at timestamptz NOT NULL,
  muted_by bigint NOT NULL,
  PRIMARY KEY (room_id, member_id)
);
CREATE TABLE chat_credentials (
  username text PRIMARY KEY,
  password_hash text NOT NULL,
  member_id bigint,
  room_topic text NOT NULL,
  inbox_topic text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX chat_credentials_by_expiry ON chat_credentials (expires_at);
`,
  down: `DROP TABLE chat_credentials; DROP TABLE chat_mutes; DROP TABLE chat_messages; DROP TABLE chat_switches; DROP TABLE chat_rooms;`,
};
