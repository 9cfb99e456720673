import { FREE_CALLS_PER_IP_PER_HOUR, FREE_CALL_REPEAT_AFTER_HOURS, type FreeCallRequest } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import type { Brand } from '../site/brand-directory.js';
import { cleanText } from './text.js';

const HOUR_MS = 3_600_000;

export interface NewFreeCall {
  siteId: number;
  areaCode: string;
  phone: string;
  note: string;
  memberId: number | null;
  ip: string;
}

/** Throws freeCallPhoneInvalid unless a +86 number keeps the brand's phone rules (length, prefixes). */
export function checkPhone(brand: Brand | undefined, areaCode: string, phone: string): void {
  if (areaCode !== '+86' || !brand) return;
  const rules = brand.phoneRules;
  const prefix = phone.slice(0, 3);
  const invalid =
    !phone.startsWith('1') ||
    phone.length < rules.phoneMinLength ||
    phone.length > rules.phoneMaxLength ||
    rules.restrictedPrefixes.includes(prefix) ||
    prefix in rules.disablePhones;
  if (invalid) throw new BusinessError('freeCallPhoneInvalid', `phone: not a mobile number this site calls (${rules.phoneMinLength} to ${rules.phoneMaxLength} digits)`);
}

const COLUMNS = `f.id, f.site_id AS "siteId", f.area_code AS "areaCode", f.phone, f.note, coalesce(m.name, '') AS "memberName", f.ip,
  CASE WHEN f.handled_at IS NULL THEN 'open' ELSE 'handled' END AS status,
  (extract(epoch FROM f.created_at) * 1000)::bigint AS "createdAt",
  coalesce((extract(epoch FROM f.handled_at) * 1000)::bigint, 0) AS "handledAt", f.handled_by AS "handledBy"`;

/** Stores a call-back request within the limits: 5 an hour per IP, one open request per phone a day. */
export async function requestFreeCall(db: Queryable, brand: Brand | undefined, input: NewFreeCall, nowMs: number): Promise<FreeCallRequest> {
  checkPhone(brand, input.areaCode, input.phone);
  const note = cleanText(input.note, 0, 200);
  if (note === undefined) throw new BusinessError('invalidField', 'note: at most 200 characters, no control characters');
  const open = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM free_call_requests WHERE site_id = $1 AND area_code = $2 AND phone = $3
        AND handled_at IS NULL AND created_at > to_timestamp($4 / 1000.0)`,
    [input.siteId, input.areaCode, input.phone, nowMs - FREE_CALL_REPEAT_AFTER_HOURS * HOUR_MS],
  );
  if (open.rows[0]!.n > 0) throw new BusinessError('freeCallTooFrequent', 'this phone already waits for a call-back');
  if ((await hitRate(db, { key: `free-call:ip:${input.ip}`, windowMs: HOUR_MS }, nowMs)) > FREE_CALLS_PER_IP_PER_HOUR) {
    throw new BusinessError('freeCallTooFrequent', `at most ${FREE_CALLS_PER_IP_PER_HOUR} call-back requests an hour`);
  }
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO free_call_requests (site_id, area_code, phone, note, member_id, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7 / 1000.0)) RETURNING id`,
    [input.siteId, input.areaCode, input.phone, note, input.memberId, input.ip, nowMs],
  );
  return (await freeCallById(db, rows[0]!.id))!;
}

async function freeCallById(db: Queryable, id: number): Promise<FreeCallRequest | undefined> {
  const { rows } = await db.query<FreeCallRequest>(`SELECT ${COLUMNS} FROM free_call_requests f LEFT JOIN members m ON m.id = f.member_id WHERE f.id = $1`, [id]);
  return rows[0] && { ...rows[0], createdAt: Number(rows[0].createdAt), handledAt: Number(rows[0].handledAt) };
}

/** The operator's list, newest first. */
export async function listFreeCalls(db: Queryable, filter: { siteId?: number | undefined; openOnly?: boolean | undefined; limit?: number | undefined }): Promise<FreeCallRequest[]> {
  const { rows } = await db.query<FreeCallRequest>(
    `SELECT ${COLUMNS} FROM free_call_requests f LEFT JOIN members m ON m.id = f.member_id
      WHERE ($1::int IS NULL OR f.site_id = $1) AND (NOT $2 OR f.handled_at IS NULL)
      ORDER BY f.created_at DESC, f.id DESC LIMIT $3`,
    [filter.siteId ?? null, filter.openOnly ?? false, filter.limit ?? 50],
  );
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt), handledAt: Number(row.handledAt) }));
}

/** Marks a request handled by the operator (a second call keeps the first handling). */
export async function handleFreeCall(db: Queryable, id: number, operatorName: string, nowMs: number): Promise<FreeCallRequest> {
  await db.query(
    'UPDATE free_call_requests SET handled_at = to_timestamp($2 / 1000.0), handled_by = $3 WHERE id = $1 AND handled_at IS NULL',
    [id, nowMs, operatorName],
  );
  const request = await freeCallById(db, id);
  if (!request) throw new BusinessError('notFound', `no free call-back request ${id}`);
  return request;
}
