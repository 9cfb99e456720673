import type { Queryable } from '../db/database.js';

/** A report as the SDK sent it, after its signature was checked. */
export interface NewReport {
  appKey: string;
  kind: 'node' | 'params';
  type: string;
  inviteCode: string | null;
  referralCode: string | null;
  url: string | null;
  screen: string | null;
  platform: string | null;
  data: unknown;
}

/** Stores a report; answers its id. */
export async function insertReport(db: Queryable, report: NewReport): Promise<number> {
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO download_reports (app_key, kind, type, invite_code, referral_code, url, screen, platform, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [report.appKey, report.kind, report.type, report.inviteCode, report.referralCode, report.url, report.screen, report.platform, JSON.stringify(report.data ?? {})],
  );
  return Number(rows[0]!.id);
}

/** A page of reports of one app key (and invite code), newest first, with the total. */
export async function listReports(
  db: Queryable,
  filter: { appKey: string; inviteCode?: string; page: number; pageSize: number },
): Promise<{ total: number; items: (NewReport & { id: number; createdAt: string })[] }> {
  const where = 'app_key = $1 AND ($2::text IS NULL OR invite_code = $2)';
  const params = [filter.appKey, filter.inviteCode ?? null];
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM download_reports WHERE ${where}`, params)).rows[0]!.n;
  const { rows } = await db.query<NewReport & { id: string | number; createdAt: string }>(
    `SELECT id, app_key AS "appKey", kind, type, invite_code AS "inviteCode", referral_code AS "referralCode", url, screen, platform, data,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM download_reports WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return { total, items: rows.map((row) => ({ ...row, id: Number(row.id) })) };
}
