import type { Queryable } from '../db/database.js';

/** Member status (MemberInfo.status): 1 active, 2 sleeping, 3 disabled. */
export const MEMBER_STATUS = { active: 1, sleeping: 2, disabled: 3 } as const;
export type MemberStatus = (typeof MEMBER_STATUS)[keyof typeof MEMBER_STATUS];
/** The name of each status, as memberStatus and the operator's detail answer it. */
export const MEMBER_STATUS_NAME = { 1: 'active', 2: 'sleeping', 3: 'disabled' } as const;

/** One row of `members`, camel-cased. */
export interface MemberRow {
  id: number;
  siteId: number;
  name: string;
  passwordHash: string;
  status: MemberStatus;
  nickName: string;
  realName: string;
  areaCode: string;
  phone: string;
  email: string;
  grade: number;
  isAgent: boolean;
  isChatAdmin: boolean;
  registerIp: string;
  createdAtMs: number;
  lastActiveAtMs: number;
}

const COLUMNS = `id, site_id AS "siteId", name, password_hash AS "passwordHash", status, nick_name AS "nickName",
  real_name AS "realName", area_code AS "areaCode", phone, email, grade, is_agent AS "isAgent",
  is_chat_admin AS "isChatAdmin", register_ip AS "registerIp",
  (extract(epoch FROM created_at) * 1000)::bigint AS "createdAtMs",
  (extract(epoch FROM last_active_at) * 1000)::bigint AS "lastActiveAtMs"`;

/** Names are case-insensitive: stored and looked up lower-case. */
export function normalName(name: string): string {
  return name.trim().toLowerCase();
}

export interface NewMember {
  siteId: number;
  name: string;
  passwordHash: string;
  nickName?: string;
  areaCode?: string;
  phone?: string;
  registerIp?: string;
  isChatAdmin?: boolean;
  grade?: number;
}

/** Inserts a member; answers its id, or null when the name is taken on that site. */
export async function insertMember(db: Queryable, member: NewMember): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO members (site_id, name, password_hash, nick_name, area_code, phone, register_ip, is_chat_admin, grade)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (site_id, name) DO NOTHING RETURNING id`,
    [
      member.siteId,
      normalName(member.name),
      member.passwordHash,
      member.nickName ?? '',
      member.areaCode ?? '+86',
      member.phone ?? '',
      member.registerIp ?? '',
      member.isChatAdmin ?? false,
      member.grade ?? 0,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function findMemberByName(db: Queryable, siteId: number, name: string): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE site_id = $1 AND name = $2`, [siteId, normalName(name)]);
  return rows[0];
}

export async function findMemberById(db: Queryable, id: number): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE id = $1`, [id]);
  return rows[0];
}

export async function updatePasswordHash(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE members SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  // The password's age and the operator's change request (common/member-prefs.ts).
  await db.query(
    `INSERT INTO member_password_state (member_id, changed_at, must_change) VALUES ($1, now(), false)
     ON CONFLICT (member_id) DO UPDATE SET changed_at = now(), must_change = false`,
    [id],
  );
}

/** Whether the operator disabled the member's account (members/member-status.ts). */
export async function isMemberDisabled(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM members WHERE id = $1 AND status = $2', [id, MEMBER_STATUS.disabled]);
  return rows.length > 0;
}

export async function updateStatus(db: Queryable, id: number, status: MemberStatus): Promise<void> {
  await db.query('UPDATE members SET status = $2 WHERE id = $1', [id, status]);
}

/** Records activity (a login or an activation), which keeps a member awake. */
export async function touchActivity(db: Queryable, id: number, nowMs: number): Promise<void> {
  await db.query('UPDATE members SET last_active_at = to_timestamp($2 / 1000.0) WHERE id = $1', [id, nowMs]);
}
