import { CHAT_WORD_LIMIT_DEFAULT, type ChatSetup, type Infer } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** A room's setup as the admin reads and writes it (contract ChatSetup). */
export type RoomSetup = Infer<typeof ChatSetup>;

/** A stored room. */
export interface RoomRow {
  id: number;
  siteId: number;
  setup: RoomSetup;
  pinnedMessageId: number | null;
  isHome: boolean;
}

/** A new room's setup: open to everyone, the spec's word limit, no slow mode, gift pushes on, order pushes off. */
export function defaultSetup(topic: string): RoomSetup {
  return {
    topic,
    wordLimit: CHAT_WORD_LIMIT_DEFAULT,
    slowModeSeconds: 0,
    conditions: { depositMin: 0, registerMinutesMin: 0, vipMin: 0 },
    welcome: [],
    orderPush: false,
    giftPush: true,
    entranceOpen: true,
  };
}

const COLUMNS = `id, site_id AS "siteId", setup, pinned_message_id::int AS "pinnedMessageId", is_home AS "isHome"`;

/** Creates a room unless it exists. @example await insertRoom(db, { id: 1, siteId: 4, setup, isHome: true }); */
export async function insertRoom(db: Queryable, room: { id: number; siteId: number; setup: RoomSetup; isHome?: boolean }): Promise<void> {
  await db.query('INSERT INTO chat_rooms (id, site_id, setup, is_home) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    room.id,
    room.siteId,
    JSON.stringify(room.setup),
    room.isHome ?? false,
  ]);
}

/** A room of the brand, or null (another brand's room is not found either). */
export async function findRoom(db: Queryable, siteId: number, roomId: number): Promise<RoomRow | null> {
  const { rows } = await db.query<RoomRow>(`SELECT ${COLUMNS} FROM chat_rooms WHERE id = $1 AND site_id = $2`, [roomId, siteId]);
  return rows[0] ?? null;
}

/** The brand's home-page room id, or 0 when it has none. */
export async function homeRoomId(db: Queryable, siteId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM chat_rooms WHERE site_id = $1 AND is_home ORDER BY id LIMIT 1', [siteId]);
  return rows[0]?.id ?? 0;
}

export async function saveSetup(db: Queryable, roomId: number, setup: RoomSetup): Promise<void> {
  await db.query('UPDATE chat_rooms SET setup = $2 WHERE id = $1', [roomId, JSON.stringify(setup)]);
}

export async function setPinned(db: Queryable, roomId: number, messageId: number | null): Promise<void> {
  await db.query('UPDATE chat_rooms SET pinned_message_id = $2 WHERE id = $1', [roomId, messageId]);
}

/** The site chat switch (general control switch 2); open unless turned off. */
export async function chatOpen(db: Queryable, siteId: number): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>('SELECT open FROM chat_switches WHERE site_id = $1', [siteId]);
  return rows[0]?.open ?? true;
}

export async function setChatOpen(db: Queryable, siteId: number, open: boolean): Promise<void> {
  await db.query('INSERT INTO chat_switches (site_id, open) VALUES ($1, $2) ON CONFLICT (site_id) DO UPDATE SET open = $2', [siteId, open]);
}
