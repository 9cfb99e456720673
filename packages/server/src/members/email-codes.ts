import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import type { MailSender } from './mail-sender.js';
import { CODE_GUESSES_MAX, CODE_LENGTH, CODE_RESEND_AFTER_MS, CODE_TTL_MS, CODES_PER_IP_PER_HOUR_MAX, CODES_PER_PHONE_PER_DAY_MAX } from './phone-codes.js';

/**
 * Mailed verification codes and password reset tokens (forgotten password by email,
 * issue 7). The limits are those of phone codes (members/phone-codes.ts): one code per
 * address every 60 s, 10 a day, 20 per IP an hour; a code is 6 digits, lives 5 minutes
 * and allows 5 guesses. A right code buys one reset token, valid 10 minutes, used once.
 */
export const RESET_TOKEN_TTL_MS = 10 * 60_000;

export interface EmailCodeRequest {
  siteId: number;
  memberId: number;
  email: string;
  ip: string;
  /** The brand's title, named in the mail. */
  brandTitle: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Makes, stores and mails a code, within the limits. */
export async function sendEmailCode(db: Queryable, mail: MailSender, request: EmailCodeRequest, nowMs: number): Promise<void> {
  const email = request.email.toLowerCase();
  const { rows } = await db.query<{ lastMs: number | null; today: number }>(
    `SELECT (extract(epoch FROM max(created_at)) * 1000)::bigint AS "lastMs",
            count(*) FILTER (WHERE created_at > to_timestamp($3 / 1000.0) - interval '1 day')::int AS today
       FROM email_codes WHERE site_id = $1 AND email = $2`,
    [request.siteId, email, nowMs],
  );
  const { lastMs, today } = rows[0] ?? { lastMs: null, today: 0 };
  if (lastMs !== null && nowMs - Number(lastMs) < CODE_RESEND_AFTER_MS) throw new BusinessError('tooManyRequests', 'wait 60 s before asking for another code');
  if (today >= CODES_PER_PHONE_PER_DAY_MAX) throw new BusinessError('tooManyRequests', 'too many codes for this address today');
  const ipHits = await hitRate(db, { key: `code:ip:${request.ip}`, windowMs: 3600_000 }, nowMs);
  if (ipHits > CODES_PER_IP_PER_HOUR_MAX) throw new BusinessError('tooManyRequests', 'too many codes from this address; try later');
  const code = Array.from({ length: CODE_LENGTH }, () => randomInt(10)).join('');
  await db.query(
    `INSERT INTO email_codes (site_id, email, member_id, code, created_at, expires_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0))`,
    [request.siteId, email, request.memberId, code, nowMs, nowMs + CODE_TTL_MS],
  );
  await mail.send({
    siteId: request.siteId,
    to: request.email,
    subject: `${request.brandTitle} 密码重置验证码 / password reset code`,
    text:
      `您的验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略此邮件。\n` +
      `Your verification code is ${code}; it is valid for 5 minutes. If you did not ask for it, ignore this mail.`,
  });
}

/** Uses up the newest live code of the address for the member; false for a wrong, spent or expired one. */
export async function verifyEmailCode(db: Queryable, siteId: number, memberId: number, email: string, code: string, nowMs: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number; code: string; attempts: number }>(
    `UPDATE email_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM email_codes WHERE site_id = $1 AND email = $2 AND member_id = $3
                     AND used_at IS NULL AND expires_at > to_timestamp($4 / 1000.0) ORDER BY created_at DESC LIMIT 1)
      RETURNING id, code, attempts`,
    [siteId, email.toLowerCase(), memberId, nowMs],
  );
  const live = rows[0];
  if (!live || live.attempts > CODE_GUESSES_MAX || live.code !== code) return false;
  await db.query('UPDATE email_codes SET used_at = to_timestamp($2 / 1000.0) WHERE id = $1', [live.id, nowMs]);
  return true;
}

/** A new reset token for the member (48 hex characters); only its hash is stored. */
export async function issueResetToken(db: Queryable, memberId: number, nowMs: number): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await db.query('INSERT INTO password_reset_tokens (token_hash, member_id, expires_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))', [
    sha256(token),
    memberId,
    nowMs + RESET_TOKEN_TTL_MS,
  ]);
  return token;
}

/** Uses up a live reset token; answers its member, or null for a used, expired or unknown one. */
export async function consumeResetToken(db: Queryable, token: string, nowMs: number): Promise<number | null> {
  const { rows } = await db.query<{ memberId: number }>(
    `UPDATE password_reset_tokens SET used_at = to_timestamp($2 / 1000.0)
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > to_timestamp($2 / 1000.0)
      RETURNING member_id AS "memberId"`,
    [sha256(token), nowMs],
  );
  return rows[0] ? Number(rows[0].memberId) : null;
}
