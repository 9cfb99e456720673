import { endMemberCredentials } from '../chat/credentials.js';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { lockMember } from '../responsible/member-lock.js';
import { MEMBER_STATUS, MEMBER_STATUS_NAME, findMemberByName, type MemberStatus } from './member-repository.js';
import { suspendSessionCaches } from './read-caches.js';

/**
 * The operator's disable of a member and its lifting (opsMemberStatus; docs/DECISIONS.md,
 * "Disabled members"). A disable ends the member's live sessions and chat logins in the same
 * transaction (every instance's session cache drops them on its commit, migrations 0108 and 1230) and
 * takes the member's play lock first, as every bet does, so a bet is either before the
 * disable or refused. Lifting puts back the status the member had before the disable. The
 * ended chat logins' open connections are closed by the caller after the commit.
 */

export interface StatusChange {
  memberId: number;
  disabled: boolean;
  reason: string;
  /** Who, for the record: `operator:<name>`. */
  changedBy: string;
  at: Date;
}

export interface StatusChangeResult {
  memberId: number;
  name: string;
  status: MemberStatus;
  changed: boolean;
  sessionsEnded: number;
  chatLoginsEnded: number;
}

/** What the caller does once the change is committed: close these chat logins' open connections. */
export interface StatusChangeOutcome {
  result: StatusChangeResult;
  endedChatLogins: string[];
}

export async function changeMemberStatus(db: Database, change: StatusChange): Promise<StatusChangeOutcome> {
  return db.transaction(async (tx) => {
    await lockMember(tx, change.memberId);
    const { rows } = await tx.query<{ name: string; status: MemberStatus }>('SELECT name, status FROM members WHERE id = $1 FOR UPDATE', [change.memberId]);
    const member = rows[0];
    if (!member) throw new BusinessError('memberNotFound', `memberId: no member ${change.memberId}`);
    const from = Number(member.status) as MemberStatus;
    const to = change.disabled ? MEMBER_STATUS.disabled : from === MEMBER_STATUS.disabled ? await statusBeforeDisable(tx, change.memberId) : from;
    const result = { memberId: change.memberId, name: member.name, status: to, changed: to !== from, sessionsEnded: 0, chatLoginsEnded: 0 };
    const outcome = { result, endedChatLogins: [] as string[] };
    if (!result.changed) return outcome;
    await tx.query('UPDATE members SET status = $2 WHERE id = $1', [change.memberId, to]);
    await tx.query(
      'INSERT INTO member_status_changes (member_id, from_status, to_status, reason, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [change.memberId, from, to, change.reason, change.changedBy, change.at],
    );
    if (change.disabled) {
      suspendSessionCaches();
      const ended = await tx.query('UPDATE sessions SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2', [change.memberId, change.at]);
      result.sessionsEnded = ended.rowCount;
      outcome.endedChatLogins = await endMemberCredentials(tx, change.memberId, change.at.getTime());
      result.chatLoginsEnded = outcome.endedChatLogins.length;
    }
    return outcome;
  });
}

/** The status a disabled member had before its latest disable (active when none is kept). */
async function statusBeforeDisable(q: Queryable, memberId: number): Promise<MemberStatus> {
  const { rows } = await q.query<{ from_status: number }>(
    'SELECT from_status FROM member_status_changes WHERE member_id = $1 AND to_status = 3 ORDER BY id DESC LIMIT 1',
    [memberId],
  );
  const before = rows[0] ? (Number(rows[0].from_status) as MemberStatus) : MEMBER_STATUS.active;
  return before === MEMBER_STATUS.disabled ? MEMBER_STATUS.active : before;
}

/** What the back office sees of a member before disabling it or lifting a disable (opsMemberDetail). */
export interface MemberDetail {
  memberId: number;
  siteId: number;
  name: string;
  status: MemberStatus;
  statusName: (typeof MEMBER_STATUS_NAME)[MemberStatus];
  createdAt: string;
  lastActiveAt: string;
  liveSessions: number;
  statusChanges: { fromStatus: number; toStatus: number; reason: string; changedBy: string; changedAt: string }[];
}

/** A member of a brand by name, with its live sessions and its last 20 status changes; memberNotFound otherwise. */
export async function memberDetail(db: Queryable, siteId: number, name: string, at: Date): Promise<MemberDetail> {
  const member = await findMemberByName(db, siteId, name);
  if (!member) throw new BusinessError('memberNotFound', `name: no member ${JSON.stringify(name)} on site ${siteId}`);
  const sessions = await db.query<{ live: string | number }>(
    'SELECT count(*) AS live FROM sessions WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2',
    [member.id, at],
  );
  const changes = await db.query<{ from_status: number; to_status: number; reason: string; changed_by: string; changed_at: Date | string }>(
    'SELECT from_status, to_status, reason, changed_by, changed_at FROM member_status_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 20',
    [member.id],
  );
  const status = Number(member.status) as MemberStatus;
  return {
    memberId: Number(member.id),
    siteId: member.siteId,
    name: member.name,
    status,
    statusName: MEMBER_STATUS_NAME[status],
    createdAt: new Date(Number(member.createdAtMs)).toISOString(),
    lastActiveAt: new Date(Number(member.lastActiveAtMs)).toISOString(),
    liveSessions: Number(sessions.rows[0]!.live),
    statusChanges: changes.rows.map((r) => ({
      fromStatus: Number(r.from_status),
      toStatus: Number(r.to_status),
      reason: r.reason,
      changedBy: r.changed_by,
      changedAt: new Date(r.changed_at).toISOString(),
    })),
  };
}
