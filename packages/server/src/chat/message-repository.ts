import type { ChatMessage, Infer } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** One room entry on the wire (contract ChatMessage). */
export type ChatEntry = Infer<typeof ChatMessage>;
export type ChatKind = ChatEntry['kind'];

export interface NewEntry {
  roomId: number;
  kind: ChatKind;
  memberId: number | null;
  nickName: string;
  title?: string;
  content: string;
  vip?: number;
  isAdmin?: boolean;
  /** Order pushes only: the bet order and its follow flag. */
  order?: { orderId: string; orderFollow: 0 | 1 };
  /** The server clock's time (ms). */
  sentAtMs: number;
}

const COLUMNS = `m.id::int AS id, m.room_id AS "roomId", m.kind, m.member_id::int AS "memberId", m.nick_name AS "nickName",
  m.content, m.vip, m.is_admin AS "isAdmin", (r.pinned_message_id IS NOT NULL AND r.pinned_message_id = m.id) AS pinned,
  (extract(epoch FROM m.sent_at) * 1000)::bigint AS "sentAtMs", m.order_id AS "orderId", m.order_follow::int AS "orderFollow"`;
const FROM = 'FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id';

type EntryRow = Omit<ChatEntry, 'order'> & { orderId: string | null; orderFollow: number | null };

/** The wire entry of a row: `order` only on order pushes. */
function entryOf({ orderId, orderFollow, ...row }: EntryRow): ChatEntry {
  const entry: ChatEntry = { ...row, sentAtMs: Number(row.sentAtMs) };
  if (orderId !== null) entry.order = { orderId, orderFollow: orderFollow === 1 ? 1 : 0 };
  return entry;
}

const RETURNING = `RETURNING id::int AS id, room_id AS "roomId", kind, member_id::int AS "memberId", nick_name AS "nickName", content, vip,
  is_admin AS "isAdmin", false AS pinned, (extract(epoch FROM sent_at) * 1000)::bigint AS "sentAtMs", order_id AS "orderId",
  order_follow::int AS "orderFollow"`;
const INSERT = `INSERT INTO chat_messages (room_id, kind, member_id, nick_name, title, content, vip, is_admin, sent_at, order_id, order_follow)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9 / 1000.0), $10, $11)`;

function valuesOf(entry: NewEntry): unknown[] {
  return [
    entry.roomId, entry.kind, entry.memberId, entry.nickName, entry.title ?? '', entry.content, entry.vip ?? 0, entry.isAdmin ?? false,
    entry.sentAtMs, entry.order?.orderId ?? null, entry.order?.orderFollow ?? null,
  ];
}

/** Stores an entry and answers it as published. @example const entry = await insertEntry(db, { roomId: 1, kind: 'text', ... }); */
export async function insertEntry(db: Queryable, entry: NewEntry): Promise<ChatEntry> {
  // One round trip: a new entry is never the pinned one.
  const { rows } = await db.query<EntryRow>(`${INSERT} ${RETURNING}`, valuesOf(entry));
  return entryOf(rows[0]!);
}

/**
 * Stores an order push once per room and order: `created` false (and the first entry)
 * when the room has it already.
 *
 * @example const { entry, created } = await insertOrderOnce(db, { roomId: 1, kind: 'order', order: { orderId: 'B1', orderFollow: 1 }, ... });
 */
export async function insertOrderOnce(db: Queryable, entry: NewEntry & { order: { orderId: string; orderFollow: 0 | 1 } }): Promise<{ entry: ChatEntry; created: boolean }> {
  const { rows } = await db.query<EntryRow>(
    `${INSERT} ON CONFLICT (room_id, order_id) WHERE order_id IS NOT NULL DO NOTHING ${RETURNING}`,
    valuesOf(entry),
  );
  if (rows[0]) return { entry: entryOf(rows[0]), created: true };
  const { rows: existing } = await db.query<EntryRow>(`SELECT ${COLUMNS} ${FROM} WHERE m.room_id = $1 AND m.order_id = $2`, [entry.roomId, entry.order.orderId]);
  return { entry: entryOf(existing[0]!), created: false };
}

/** The room's latest order pushes, newest first (room detail's orderPushList). */
export async function orderPushesOf(db: Queryable, roomId: number, size = 20): Promise<{ orderId: string; orderFollow: 0 | 1 }[]> {
  const { rows } = await db.query<{ orderId: string; orderFollow: number }>(
    `SELECT order_id AS "orderId", order_follow::int AS "orderFollow" FROM chat_messages
      WHERE room_id = $1 AND kind = 'order' AND NOT deleted ORDER BY id DESC LIMIT $2`,
    [roomId, size],
  );
  return rows.map((row) => ({ orderId: row.orderId, orderFollow: row.orderFollow === 1 ? 1 : 0 }));
}

export async function findEntry(db: Queryable, roomId: number, id: number): Promise<ChatEntry | null> {
  const { rows } = await db.query<EntryRow>(`SELECT ${COLUMNS} ${FROM} WHERE m.room_id = $1 AND m.id = $2 AND NOT m.deleted`, [roomId, id]);
  return rows[0] ? entryOf(rows[0]) : null;
}

/** The newest `size` entries before `beforeId` (all when absent), oldest first. */
export async function historyOf(db: Queryable, roomId: number, size: number, beforeId?: number): Promise<ChatEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT * FROM (SELECT ${COLUMNS} ${FROM} WHERE m.room_id = $1 AND NOT m.deleted AND m.id < $2 ORDER BY m.id DESC LIMIT $3) page ORDER BY id`,
    [roomId, beforeId ?? 2 ** 53 - 1, size],
  );
  return rows.map(entryOf);
}

/** Entries after `afterId`, oldest first, at most `size` (what a reconnecting client missed). */
export async function entriesAfter(db: Queryable, roomId: number, afterId: number, size: number): Promise<ChatEntry[]> {
  const { rows } = await db.query<EntryRow>(`SELECT ${COLUMNS} ${FROM} WHERE m.room_id = $1 AND NOT m.deleted AND m.id > $2 ORDER BY m.id LIMIT $3`, [
    roomId,
    afterId,
    size,
  ]);
  return rows.map(entryOf);
}

export async function deleteEntry(db: Queryable, roomId: number, id: number): Promise<boolean> {
  const result = await db.query('UPDATE chat_messages SET deleted = true WHERE room_id = $1 AND id = $2 AND NOT deleted', [roomId, id]);
  return result.rowCount > 0;
}

/** When the member last spoke in the room (ms), for slow mode; null when never. */
export async function lastSpokeAtMs(db: Queryable, roomId: number, memberId: number): Promise<number | null> {
  const { rows } = await db.query<{ at: string | null }>(
    `SELECT (extract(epoch FROM max(sent_at)) * 1000)::bigint AS at FROM chat_messages WHERE room_id = $1 AND member_id = $2 AND kind = 'text'`,
    [roomId, memberId],
  );
  return rows[0]?.at == null ? null : Number(rows[0].at);
}

/** Pushes (gift, order, activity) of a room, newest first. */
export async function pushesOf(db: Queryable, roomId: number, kinds: readonly ChatKind[], size = 50) {
  const { rows } = await db.query<{ id: number; kind: ChatKind; title: string; content: string; sentAtMs: string }>(
    `SELECT id::int AS id, kind, title, content, (extract(epoch FROM sent_at) * 1000)::bigint AS "sentAtMs"
       FROM chat_messages WHERE room_id = $1 AND kind = ANY($2) AND NOT deleted ORDER BY id DESC LIMIT $3`,
    [roomId, kinds, size],
  );
  return rows.map((row) => ({ ...row, sentAtMs: Number(row.sentAtMs) }));
}
