import type { SecurityNotice } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';

/** Logins remembered per member to judge a device or an IP new. */
export const LOGINS_REMEMBERED = 50;

/**
 * Records a login (called by the login service for every new session) and, when the
 * member logged in before but never from this device, or never from this IP, a security
 * notice. A first login ever raises none.
 */
export async function recordLogin(db: Queryable, memberId: number, ip: string, deviceId: string, nowMs: number): Promise<void> {
  const { rows } = await db.query<{ ip: string; deviceId: string }>(
    `SELECT ip, device_id AS "deviceId" FROM member_logins WHERE member_id = $1 ORDER BY at DESC, id DESC LIMIT ${LOGINS_REMEMBERED}`,
    [memberId],
  );
  if (rows.length > 0) {
    const kind = !rows.some((row) => row.deviceId === deviceId) ? 'newDevice' : !rows.some((row) => row.ip === ip) ? 'newIp' : undefined;
    if (kind) {
      await db.query('INSERT INTO security_notices (member_id, kind, ip, device_id, at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))', [
        memberId, kind, ip, deviceId, nowMs,
      ]);
    }
  }
  await db.query('INSERT INTO member_logins (member_id, ip, device_id, at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))', [memberId, ip, deviceId, nowMs]);
}

/** Shows the first and last 4 characters of a device id. */
export function maskDevice(deviceId: string): string {
  return deviceId.length > 8 ? `${deviceId.slice(0, 4)}***${deviceId.slice(-4)}` : '***';
}

/** The member's notices not yet dismissed, newest first (at most 20). */
export async function openSecurityNotices(db: Queryable, memberId: number): Promise<SecurityNotice[]> {
  const { rows } = await db.query<SecurityNotice & { deviceId: string }>(
    `SELECT id, kind, ip, device_id AS "deviceId", (extract(epoch FROM at) * 1000)::bigint AS at
       FROM security_notices WHERE member_id = $1 AND dismissed_at IS NULL ORDER BY at DESC, id DESC LIMIT 20`,
    [memberId],
  );
  return rows.map(({ deviceId, ...row }) => ({ ...row, id: Number(row.id), at: Number(row.at), device: maskDevice(deviceId) }));
}

/** Dismisses one notice of the member (securityNoticeNotFound for another's or an unknown one), or all of them. */
export async function dismissSecurityNotices(db: Queryable, memberId: number, id: number | undefined, nowMs: number): Promise<number> {
  const result = await db.query(
    `UPDATE security_notices SET dismissed_at = to_timestamp($3 / 1000.0)
      WHERE member_id = $1 AND dismissed_at IS NULL AND ($2::bigint IS NULL OR id = $2)`,
    [memberId, id ?? null, nowMs],
  );
  if (id !== undefined && result.rowCount === 0) {
    const mine = await db.query('SELECT 1 FROM security_notices WHERE id = $1 AND member_id = $2', [id, memberId]);
    if (mine.rows.length === 0) throw new BusinessError('securityNoticeNotFound', `no security notice ${id}`);
  }
  return result.rowCount;
}
