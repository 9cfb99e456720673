import type { SpecialNotice } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';

const COLUMNS = `n.id, n.title_zh AS "titleZh", n.title_en AS "titleEn", n.content_zh AS "contentZh", n.content_en AS "contentEn",
  (extract(epoch FROM n.starts_at) * 1000)::bigint AS "startsAt", (extract(epoch FROM n.ends_at) * 1000)::bigint AS "endsAt"`;

const numeric = (row: SpecialNotice): SpecialNotice => ({ ...row, startsAt: Number(row.startsAt), endsAt: Number(row.endsAt) });

/** The brand's newest live notice, unless this member dismissed it (a visitor sees it always). */
export async function currentNotice(db: Queryable, siteId: number, memberId: number | null, nowMs: number): Promise<SpecialNotice | null> {
  const { rows } = await db.query<SpecialNotice>(
    `SELECT ${COLUMNS} FROM special_notices n
      WHERE n.site_id = $1 AND n.starts_at <= to_timestamp($2 / 1000.0) AND n.ends_at > to_timestamp($2 / 1000.0)
      ORDER BY n.starts_at DESC, n.id DESC LIMIT 1`,
    [siteId, nowMs],
  );
  const notice = rows[0];
  if (!notice) return null;
  if (memberId !== null) {
    const dismissed = await db.query('SELECT 1 FROM special_notice_dismissals WHERE notice_id = $1 AND member_id = $2', [notice.id, memberId]);
    if (dismissed.rows.length > 0) return null;
  }
  return numeric(notice);
}

/** The member never sees the notice again; throws specialNoticeNotFound for a notice of another brand or none. */
export async function dismissNotice(db: Queryable, siteId: number, memberId: number, noticeId: number, nowMs: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM special_notices WHERE id = $1 AND site_id = $2', [noticeId, siteId]);
  if (rows.length === 0) throw new BusinessError('specialNoticeNotFound', `no notice ${noticeId} on this site`);
  await db.query(
    `INSERT INTO special_notice_dismissals (notice_id, member_id, dismissed_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))
     ON CONFLICT DO NOTHING`,
    [noticeId, memberId, nowMs],
  );
}

export interface NewNotice {
  siteId: number;
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  startsAt: number;
  endsAt: number;
}

/** Publishes a notice; throws specialNoticeInvalid when it would end before it starts. */
export async function publishNotice(db: Queryable, notice: NewNotice, operatorName: string): Promise<SpecialNotice> {
  if (notice.endsAt <= notice.startsAt) throw new BusinessError('specialNoticeInvalid', 'endsAt: must be after startsAt');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO special_notices (site_id, title_zh, title_en, content_zh, content_en, starts_at, ends_at, created_by)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0), $8) RETURNING id`,
    [notice.siteId, notice.titleZh, notice.titleEn, notice.contentZh, notice.contentEn, notice.startsAt, notice.endsAt, operatorName],
  );
  const stored = await db.query<SpecialNotice>(`SELECT ${COLUMNS} FROM special_notices n WHERE n.id = $1`, [rows[0]!.id]);
  return numeric(stored.rows[0]!);
}
