import type { Message, MessageCounts } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** Every query names the member: a member sees and touches only its own messages. */
const COLUMNS = `id, type, title, content, is_read AS "isRead", sticky, (extract(epoch FROM created_at) * 1000)::bigint AS "createdAt"`;
const LIVE = 'member_id = $1 AND deleted_at IS NULL';

export interface MessageFilter {
  memberId: number;
  type?: number | undefined;
}

/** One page of the member's messages, sticky ones first, then newest first, and the total. */
export async function listMessages(db: Queryable, filter: MessageFilter, page: number, size: number): Promise<{ list: Message[]; total: number }> {
  const typed = filter.type === undefined ? '' : ' AND type = $2';
  const params = filter.type === undefined ? [filter.memberId] : [filter.memberId, filter.type];
  const { rows } = await db.query<Message>(
    `SELECT ${COLUMNS} FROM member_messages WHERE ${LIVE}${typed} ORDER BY sticky DESC, created_at DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    params,
  );
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages WHERE ${LIVE}${typed}`, params);
  return { list: rows, total: counted.rows[0]!.n };
}

/** Marks one message read; answers its type, or undefined when it is not the member's. */
export async function markRead(db: Queryable, memberId: number, id: number): Promise<number | undefined> {
  const { rows } = await db.query<{ type: number }>(`UPDATE member_messages SET is_read = true WHERE ${LIVE} AND id = $2 RETURNING type`, [memberId, id]);
  return rows[0]?.type;
}

/** Deletes one message; false when it is not the member's. */
export async function deleteMessage(db: Queryable, memberId: number, id: number): Promise<boolean> {
  const result = await db.query(`UPDATE member_messages SET deleted_at = now() WHERE ${LIVE} AND id = $2`, [memberId, id]);
  return result.rowCount === 1;
}

/**
 * Marks read, or deletes, those of `ids` that are the member's live messages (others' and
 * deleted ones are left alone; a repeated id changes its row once); answers how many
 * changed (a message already read does not count as read again).
 */
export async function changeMessages(db: Queryable, memberId: number, ids: readonly number[], action: 'read' | 'delete'): Promise<number> {
  const change = action === 'read' ? 'is_read = true' : 'deleted_at = now()';
  const unread = action === 'read' ? ' AND NOT is_read' : '';
  return (await db.query(`UPDATE member_messages SET ${change} WHERE ${LIVE}${unread} AND id = ANY($2::bigint[])`, [memberId, ids])).rowCount;
}

/** Marks every unread message (of a type) read; answers how many. */
export async function markAllRead(db: Queryable, filter: MessageFilter): Promise<number> {
  const typed = filter.type === undefined ? '' : ' AND type = $2';
  const params = filter.type === undefined ? [filter.memberId] : [filter.memberId, filter.type];
  return (await db.query(`UPDATE member_messages SET is_read = true WHERE ${LIVE} AND NOT is_read${typed}`, params)).rowCount;
}

/** Deletes every message (of a type); answers how many. */
export async function deleteAll(db: Queryable, filter: MessageFilter): Promise<number> {
  const typed = filter.type === undefined ? '' : ' AND type = $2';
  const params = filter.type === undefined ? [filter.memberId] : [filter.memberId, filter.type];
  return (await db.query(`UPDATE member_messages SET deleted_at = now() WHERE ${LIVE}${typed}`, params)).rowCount;
}

/** Unread counts by type (spec section 4: 1 activity, 0 message, 3 deposit/withdrawal, otherwise announcement). */
export async function unreadCounts(db: Queryable, memberId: number): Promise<MessageCounts> {
  const { rows } = await db.query<{ type: number; n: number }>(
    `SELECT type, count(*)::int AS n FROM member_messages WHERE ${LIVE} AND NOT is_read GROUP BY type`,
    [memberId],
  );
  const of = (type: number) => rows.find((row) => row.type === type)?.n ?? 0;
  const dwTotal = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages WHERE ${LIVE} AND type = 3`, [memberId]);
  return {
    activityCount: of(1),
    noticeCount: of(2),
    depositWithDrawCount: of(3),
    privateCount: of(0),
    showDwTab: dwTotal.rows[0]!.n > 0,
  };
}

export interface NewMessage {
  memberId: number;
  type: number;
  title: string;
  content: string;
  sticky: boolean;
}

/** Puts one message in a member's inbox (the operator's send); answers it as listed. */
export async function insertMessage(db: Queryable, message: NewMessage): Promise<Message> {
  const { rows } = await db.query<Message>(
    `INSERT INTO member_messages (member_id, type, title, content, sticky) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [message.memberId, message.type, message.title, message.content, message.sticky],
  );
  return rows[0]!;
}
