import type { MemberMove } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { revokeOtherSessions } from '../members/sessions.js';
import { cleanText } from './text.js';

const COLUMNS = `v.id, m.name AS "memberName", v.from_site_id AS "fromSiteId", v.to_site_id AS "toSiteId", v.reason, v.status,
  (extract(epoch FROM v.created_at) * 1000)::bigint AS "createdAt", coalesce((extract(epoch FROM v.decided_at) * 1000)::bigint, 0) AS "decidedAt",
  v.decided_by AS "decidedBy", v.note`;

const numeric = (row: MemberMove): MemberMove => ({ ...row, id: Number(row.id), createdAt: Number(row.createdAt), decidedAt: Number(row.decidedAt) });

async function moveById(db: Queryable, id: number): Promise<MemberMove | undefined> {
  const { rows } = await db.query<MemberMove>(`SELECT ${COLUMNS} FROM member_moves v JOIN members m ON m.id = v.member_id WHERE v.id = $1`, [id]);
  return rows[0] && numeric(rows[0]);
}

/** The member's latest request, or null. */
export async function latestMove(db: Queryable, memberId: number): Promise<MemberMove | null> {
  const { rows } = await db.query<MemberMove>(
    `SELECT ${COLUMNS} FROM member_moves v JOIN members m ON m.id = v.member_id WHERE v.member_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT 1`,
    [memberId],
  );
  return rows[0] ? numeric(rows[0]) : null;
}

/** A move request to another known brand; one pending at a time. */
export async function applyMove(
  db: Queryable,
  member: { id: number; siteId: number },
  toSiteId: number,
  reasonText: string,
  targetKnown: boolean,
  nowMs: number,
): Promise<MemberMove> {
  if (!targetKnown || toSiteId === member.siteId) throw new BusinessError('memberMoveTargetInvalid', 'toSiteId: another brand of this operator');
  const reason = cleanText(reasonText, 0, 200);
  if (reason === undefined) throw new BusinessError('invalidField', 'reason: at most 200 characters, no control characters');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO member_moves (member_id, from_site_id, to_site_id, reason, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
     ON CONFLICT (member_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [member.id, member.siteId, toSiteId, reason, nowMs],
  );
  if (!rows[0]) throw new BusinessError('memberMovePending', 'a move request already waits for the operator');
  return (await moveById(db, Number(rows[0].id)))!;
}

/** The operator's list, pending first, newest first. */
export async function listMoves(db: Queryable, pendingOnly: boolean): Promise<MemberMove[]> {
  const { rows } = await db.query<MemberMove>(
    `SELECT ${COLUMNS} FROM member_moves v JOIN members m ON m.id = v.member_id
      WHERE (NOT $1 OR v.status = 'pending') ORDER BY (v.status = 'pending') DESC, v.created_at DESC LIMIT 200`,
    [pendingOnly],
  );
  return rows.map(numeric);
}

/**
 * Decides a pending request. Approving moves the account (its name must be free on the
 * target brand) and ends its sessions; its wallets and history stay the member's.
 */
export async function decideMove(db: Database, id: number, approve: boolean, note: string, operatorName: string, nowMs: number): Promise<MemberMove> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ memberId: number; toSiteId: number; status: string; name: string }>(
      `SELECT v.member_id AS "memberId", v.to_site_id AS "toSiteId", v.status, m.name FROM member_moves v JOIN members m ON m.id = v.member_id
        WHERE v.id = $1 FOR UPDATE OF v, m`,
      [id],
    );
    const move = rows[0];
    if (!move) throw new BusinessError('memberMoveNotFound', `no move request ${id}`);
    if (move.status !== 'pending') throw new BusinessError('memberMoveClosed', `move request ${id} is ${move.status}`);
    if (approve) {
      const taken = await tx.query('SELECT 1 FROM members WHERE site_id = $1 AND name = $2', [move.toSiteId, move.name]);
      if (taken.rows.length > 0) throw new BusinessError('memberMoveNameTaken', `the name ${move.name} is taken on site ${move.toSiteId}`);
      await tx.query('UPDATE members SET site_id = $2 WHERE id = $1', [move.memberId, move.toSiteId]);
      await revokeOtherSessions(tx, move.memberId, null);
    }
    await tx.query(
      `UPDATE member_moves SET status = $2, decided_at = to_timestamp($3 / 1000.0), decided_by = $4, note = $5 WHERE id = $1`,
      [id, approve ? 'approved' : 'rejected', nowMs, operatorName, note],
    );
  });
  return (await moveById(db, id))!;
}
