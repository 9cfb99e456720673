import { GIFT_APPLY_STATUS, GIFT_AUDIT_STATUS, type GiftApplication, type OpsGiftApplication } from '@lobby/sdk';
import type { Infer } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';

type OpsApplication = Infer<typeof OpsGiftApplication>;
type ApplyStatus = GiftApplication['status'];

/** Spec section 4: the gift application set mapped onto the other gift set (pending 6 is not reached: an application is under review from the moment it is made). */
const AUDIT_OF: Record<ApplyStatus, GiftApplication['auditStatus']> = {
  [GIFT_APPLY_STATUS.applyed]: GIFT_AUDIT_STATUS.underReview,
  [GIFT_APPLY_STATUS.provided]: GIFT_AUDIT_STATUS.provided,
  [GIFT_APPLY_STATUS.expired]: GIFT_AUDIT_STATUS.expired,
  [GIFT_APPLY_STATUS.reviewFail]: GIFT_AUDIT_STATUS.reviewFail,
  [GIFT_APPLY_STATUS.reject]: GIFT_AUDIT_STATUS.rejected,
};

interface ApplicationRow {
  id: string | number; activity_id: number; title: string; gift_id: string; gift_name: string; status: number; receiver: string; phone: string; province: string;
  city: string; district: string; address: string; review_note: string; created_at: Date; reviewed_at: Date | null; expires_at: Date;
  member_id: string | number; member_name: string; site_id: number;
}

const SELECT = `SELECT a.id, a.activity_id, p.title, a.gift_id, a.gift_name,
    CASE WHEN a.status = 0 AND a.expires_at <= $1 THEN 2 ELSE a.status END AS status,
    a.receiver, a.phone, a.province, a.city, a.district, a.address, a.review_note, a.created_at, a.reviewed_at, a.expires_at,
    a.member_id, m.name AS member_name, m.site_id
  FROM promo_gift_applications a JOIN promo_activities p ON p.id = a.activity_id JOIN members m ON m.id = a.member_id`;

const iso = (value: Date) => new Date(value).toISOString();

function opsApplicationOf(row: ApplicationRow): OpsApplication {
  const status = Number(row.status) as ApplyStatus;
  return {
    id: Number(row.id), activityId: row.activity_id, activityTitle: row.title, giftId: row.gift_id, giftName: row.gift_name, status, auditStatus: AUDIT_OF[status],
    receiver: row.receiver, phone: row.phone, province: row.province, city: row.city, district: row.district, address: row.address, reviewNote: row.review_note,
    createdAt: iso(row.created_at), reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null, expiresAt: iso(row.expires_at),
    memberId: Number(row.member_id), memberName: row.member_name, siteId: row.site_id,
  };
}

/** The member's applications, newest first (the member sees only its own). */
export async function applicationsOfMember(q: Queryable, memberId: number, now: Date): Promise<GiftApplication[]> {
  const { rows } = await q.query<ApplicationRow>(`${SELECT} WHERE a.member_id = $2 ORDER BY a.id DESC LIMIT 100`, [now, memberId]);
  return rows.map((row) => {
    const { memberId: _m, memberName: _n, siteId: _s, ...own } = opsApplicationOf(row);
    return own;
  });
}

/** The operator's queue: by brand and status (as read now), oldest first. */
export async function applicationsForReview(q: Queryable, now: Date, filter: { siteId?: number; status?: number }): Promise<OpsApplication[]> {
  const { rows } = await q.query<ApplicationRow>(
    `SELECT * FROM (${SELECT} WHERE ($2::integer IS NULL OR m.site_id = $2)) x WHERE ($3::integer IS NULL OR x.status = $3) ORDER BY x.id LIMIT 500`,
    [now, filter.siteId ?? null, filter.status ?? null],
  );
  return rows.map(opsApplicationOf);
}

/**
 * The operator's decision on an application under review (applyed 0, not expired):
 * provided 1 with a note (tracking), reviewFail 3 or reject 4 with the reason. Anything
 * else is refused with giftApplicationClosed and nothing changes.
 */
export async function reviewApplication(tx: Queryable, id: number, decision: 1 | 3 | 4, note: string, now: Date): Promise<OpsApplication> {
  const { rows } = await tx.query<ApplicationRow>(`${SELECT} WHERE a.id = $2 FOR UPDATE OF a`, [now, id]);
  const row = rows[0];
  if (!row) throw new BusinessError('giftApplicationNotFound', `id: no gift application ${id}`);
  if (Number(row.status) !== GIFT_APPLY_STATUS.applyed) {
    throw new BusinessError('giftApplicationClosed', `application ${id} is ${statusName(Number(row.status))}; only one under review (applyed 0) can be decided`);
  }
  await tx.query('UPDATE promo_gift_applications SET status = $2, review_note = $3, reviewed_at = $4 WHERE id = $1', [id, decision, note, now]);
  const after = await tx.query<ApplicationRow>(`${SELECT} WHERE a.id = $2`, [now, id]);
  return opsApplicationOf(after.rows[0]!);
}

function statusName(status: number): string {
  return Object.entries(GIFT_APPLY_STATUS).find(([, value]) => value === status)?.[0] ?? String(status);
}
