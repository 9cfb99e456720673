import type { Queryable } from '../db/database.js';

/** A live mute: who, why, until when (ms). */
export interface Mute {
  memberId: number;
  name: string;
  nickName: string;
  banReason: string;
  unbanTime: number;
}

const COLUMNS = `u.member_id::int AS "memberId", m.name, m.nick_name AS "nickName", u.reason AS "banReason",
  (extract(epoch FROM u.unban_at) * 1000)::bigint AS "unbanTime"`;

function muteOf(row: Mute): Mute {
  return { ...row, unbanTime: Number(row.unbanTime) };
}

/** Mutes (or re-mutes) a member until `unbanAtMs`. @example await muteMember(db, { roomId: 1, memberId: 7, reason: 'spam', unbanAtMs, mutedBy: 2 }); */
export async function muteMember(db: Queryable, mute: { roomId: number; memberId: number; reason: string; unbanAtMs: number; mutedBy: number }): Promise<void> {
  await db.query(
    `INSERT INTO chat_mutes (room_id, member_id, reason, unban_at, muted_by) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), $5)
     ON CONFLICT (room_id, member_id) DO UPDATE SET reason = $3, unban_at = to_timestamp($4 / 1000.0), muted_by = $5`,
    [mute.roomId, mute.memberId, mute.reason, mute.unbanAtMs, mute.mutedBy],
  );
}

/** Lifts a mute; answers whether there was one. */
export async function unmuteMember(db: Queryable, roomId: number, memberId: number): Promise<boolean> {
  const result = await db.query('DELETE FROM chat_mutes WHERE room_id = $1 AND member_id = $2', [roomId, memberId]);
  return result.rowCount > 0;
}

/** The member's live mute in the room, or null. */
export async function activeMute(db: Queryable, roomId: number, memberId: number, nowMs: number): Promise<Mute | null> {
  const { rows } = await db.query<Mute>(
    `SELECT ${COLUMNS} FROM chat_mutes u JOIN members m ON m.id = u.member_id
      WHERE u.room_id = $1 AND u.member_id = $2 AND u.unban_at > to_timestamp($3 / 1000.0)`,
    [roomId, memberId, nowMs],
  );
  return rows[0] ? muteOf(rows[0]) : null;
}

/** The room's live mutes, soonest end first. */
export async function activeMutes(db: Queryable, roomId: number, nowMs: number): Promise<Mute[]> {
  const { rows } = await db.query<Mute>(
    `SELECT ${COLUMNS} FROM chat_mutes u JOIN members m ON m.id = u.member_id
      WHERE u.room_id = $1 AND u.unban_at > to_timestamp($2 / 1000.0) ORDER BY u.unban_at, u.member_id`,
    [roomId, nowMs],
  );
  return rows.map(muteOf);
}
