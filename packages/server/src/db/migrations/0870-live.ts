import type { Migration } from '../migration.js';

/**
 * The live pages' own state (issue 19; docs/ANCHOR-ROOM.md): control switches 3 (anchor:
 * off is video maintenance) and 4 (sports: off is match-list maintenance) per brand; the
 * chat room of each anchor room (created on first use, ids from 100000 so they never meet
 * the seeded home rooms); members' follows of rooms and matches; the anchor buy-gold
 * events, one per coin order.
 */
export const liveMigration: Migration = {
  id: 870,
  name: 'live switches, anchor room chats, follows, buy-gold events',
  up: `
CREATE TABLE live_switches (
  site_id integer PRIMARY KEY,
  anchor_open boolean NOT NULL DEFAULT true,
  sports_open boolean NOT NULL DEFAULT true
);
CREATE SEQUENCE live_room_chat_ids START 100000;
CREATE TABLE live_room_chats (
  site_id integer NOT NULL,
  room_id text NOT NULL,
  chat_room_id integer NOT NULL UNIQUE,
  PRIMARY KEY (site_id, room_id)
);
CREATE TABLE live_watches (
  member_id bigint NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('room', 'match')),
  target_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, target_type, target_id)
);
CREATE INDEX live_watches_by_target ON live_watches (target_type, target_id);
CREATE TABLE anchor_buy_gold_events (
  bill_no text PRIMARY KEY,
  member_id bigint NOT NULL,
  gold_count bigint NOT NULL CHECK (gold_count > 0),
  recharge_amount_minor bigint NOT NULL CHECK (recharge_amount_minor > 0),
  room_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  down: `DROP TABLE anchor_buy_gold_events; DROP TABLE live_watches; DROP TABLE live_room_chats; DROP SEQUENCE live_room_chat_ids; DROP TABLE live_switches;`,
};
