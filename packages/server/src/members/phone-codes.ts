import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import type { CodeSender } from './code-sender.js';

/**
 * Phone verification codes. Limits (spec section 9: resend countdown 60 s): one code per
 * phone every 60 s, 10 per phone a day, 20 per IP an hour; over a limit is HTTP 429
 * tooManyRequests. A code is 6 digits (it fits the 6-digit +86 field and the 10-digit
 * other one), lives 5 minutes and allows 5 guesses.
 */
export const CODE_RESEND_AFTER_MS = 60_000;
export const CODE_TTL_MS = 5 * 60_000;
export const CODES_PER_PHONE_PER_DAY_MAX = 10;
export const CODES_PER_IP_PER_HOUR_MAX = 20;
export const CODE_GUESSES_MAX = 5;
export const CODE_LENGTH = 6;

export interface CodeRequest {
  siteId: number;
  areaCode: string;
  phone: string;
  /** What the code is for (spec: type 3 for the login-password change). */
  purpose: number;
  ip: string;
}

/** Makes, stores and sends a code, within the limits. */
export async function sendCode(db: Queryable, sender: CodeSender, request: CodeRequest, nowMs: number): Promise<void> {
  const fullPhone = `${request.areaCode}${request.phone}`;
  const { rows } = await db.query<{ lastMs: number | null; today: number }>(
    `SELECT (extract(epoch FROM max(created_at)) * 1000)::bigint AS "lastMs",
            count(*) FILTER (WHERE created_at > to_timestamp($3 / 1000.0) - interval '1 day')::int AS today
       FROM phone_codes WHERE site_id = $1 AND full_phone = $2`,
    [request.siteId, fullPhone, nowMs],
  );
  const { lastMs, today } = rows[0] ?? { lastMs: null, today: 0 };
  if (lastMs !== null && nowMs - lastMs < CODE_RESEND_AFTER_MS) throw new BusinessError('tooManyRequests', 'wait 60 s before asking for another code');
  if (today >= CODES_PER_PHONE_PER_DAY_MAX) throw new BusinessError('tooManyRequests', 'too many codes for this phone today');
  const ipHits = await hitRate(db, { key: `code:ip:${request.ip}`, windowMs: 3600_000 }, nowMs);
  if (ipHits > CODES_PER_IP_PER_HOUR_MAX) throw new BusinessError('tooManyRequests', 'too many codes from this address; try later');
  const code = Array.from({ length: CODE_LENGTH }, () => randomInt(10)).join('');
  await db.query(
    `INSERT INTO phone_codes (site_id, full_phone, purpose, code, created_at, expires_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0))`,
    [request.siteId, fullPhone, request.purpose, code, nowMs, nowMs + CODE_TTL_MS],
  );
  await sender.send({ siteId: request.siteId, areaCode: request.areaCode, phone: request.phone, code });
}

/** Uses up the newest live code for the phone and purpose; false for a wrong, spent or expired one. */
export async function verifyCode(db: Queryable, request: Omit<CodeRequest, 'ip'>, code: string, nowMs: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number; code: string; attempts: number }>(
    `UPDATE phone_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM phone_codes WHERE site_id = $1 AND full_phone = $2 AND purpose = $3
                     AND used_at IS NULL AND expires_at > to_timestamp($4 / 1000.0) ORDER BY created_at DESC LIMIT 1)
      RETURNING id, code, attempts`,
    [request.siteId, `${request.areaCode}${request.phone}`, request.purpose, nowMs],
  );
  const live = rows[0];
  if (!live || live.attempts > CODE_GUESSES_MAX || live.code !== code) return false;
  await db.query('UPDATE phone_codes SET used_at = to_timestamp($2 / 1000.0) WHERE id = $1', [live.id, nowMs]);
  return true;
}

/** Deletes codes that expired before `beforeMs` (housekeeping); answers how many went. */
export async function purgePhoneCodes(db: Queryable, beforeMs: number): Promise<number> {
  return (await db.query('DELETE FROM phone_codes WHERE expires_at < to_timestamp($1 / 1000.0)', [beforeMs])).rowCount;
}
