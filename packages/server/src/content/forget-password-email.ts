import { EMAIL_PATTERN, forgetPasswordEmailReset, forgetPasswordEmailSend, forgetPasswordEmailVerify } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { BusinessError, okEnvelope } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { consumeResetToken, issueResetToken, sendEmailCode, verifyEmailCode } from '../members/email-codes.js';
import { SandboxMailSender } from '../members/mail-sender.js';
import { findMemberByName, updatePasswordHash, type MemberRow } from '../members/member-repository.js';
import { hashPassword } from '../members/password.js';
import { revokeOtherSessions } from '../members/sessions.js';
import { FORGET_ATTEMPTS_MAX } from './forget-password.js';
import { jsonOf } from '../http/body-parsers.js';

const emailPattern = new RegExp(EMAIL_PATTERN);

/** The member whose bound email is this address, or emailNotBound (the same answer for an unknown name). */
async function memberWithEmail(db: Parameters<typeof findMemberByName>[0], siteId: number, name: string, email: string): Promise<MemberRow> {
  const member = await findMemberByName(db, siteId, name);
  if (!member || member.email === '' || member.email.toLowerCase() !== email.toLowerCase()) {
    throw new BusinessError('emailNotBound', 'this email address is not bound to the account');
  }
  return member;
}

/**
 * Forgotten login password by email, in three steps (spec section 7, member group):
 * send_code mails a code to the address bound to the name (through the mail provider),
 * verify trades a right code for a one-time reset token, reset sets the new password and
 * ends every session of the member. Attempts per name share the phone flow's limit
 * (FORGET_ATTEMPTS_MAX in 15 minutes).
 *
 * Sandbox doors (only while the sandbox is on, for browser tests; not signed):
 * GET /sandbox/mail/:email answers the newest mail sent to the address, and
 * POST /sandbox/member-email `{ siteId, name, email }` binds an email to a member, as an
 * operator would (members bind their own on /app/myCenter/userInfo through setEmail, the
 * same column).
 */
export function registerForgetPasswordEmail(app: FastifyInstance): void {
  async function countAttempt(db: Parameters<typeof hitRate>[0], siteId: number, name: string, now: number): Promise<void> {
    const attempts = await hitRate(db, { key: `forget-password:${siteId}:${name.toLowerCase()}`, windowMs: 15 * 60_000 }, now);
    if (attempts > FORGET_ATTEMPTS_MAX) throw new BusinessError('tooManyRequests', 'too many password resets for this name; try later');
  }

  registerCall(app, forgetPasswordEmailSend, async ({ db, services, siteId, request, ip }) => {
    const now = services.providers.clock.now();
    await countAttempt(db, siteId, request.name, now);
    const member = await memberWithEmail(db, siteId, request.name, request.email);
    const brand = await services.brands.get(siteId);
    await sendEmailCode(db, services.providers.mail, { siteId, memberId: member.id, email: member.email, ip, brandTitle: brand?.config.title ?? 'Lobby' }, now);
    return { resendAfterS: 60, expiresInS: 300, codeLength: 6 };
  });

  registerCall(app, forgetPasswordEmailVerify, async ({ db, services, siteId, request }) => {
    const now = services.providers.clock.now();
    await countAttempt(db, siteId, request.name, now);
    const member = await memberWithEmail(db, siteId, request.name, request.email);
    if (!(await verifyEmailCode(db, siteId, member.id, member.email, request.code, now))) {
      throw new BusinessError('codeWrong', 'the verification code is wrong or has expired');
    }
    return { resetToken: await issueResetToken(db, member.id, now), expiresInS: 600 };
  });

  registerCall(app, forgetPasswordEmailReset, async ({ db, services, request }) => {
    const now = services.providers.clock.now();
    const passwordHash = await hashPassword(request.password);
    await db.transaction(async (tx) => {
      const memberId = await consumeResetToken(tx, request.resetToken, now);
      if (memberId === null) throw new BusinessError('resetTokenInvalid', 'resetToken: used, expired or unknown; ask for a new code');
      await updatePasswordHash(tx, memberId, passwordHash);
      await revokeOtherSessions(tx, memberId, null);
    });
    return {};
  });

  if (!app.lobby.config.sandbox) return;
  app.get('/sandbox/mail/:email', async (request) => {
    const mail = app.lobby.providers.mail;
    const outbox = mail instanceof SandboxMailSender ? mail.outbox((request.params as { email: string }).email) : [];
    const newest = outbox[outbox.length - 1];
    if (!newest) throw new BusinessError('notFound', 'no sandbox mail sent to this address');
    return okEnvelope({ to: newest.to, subject: newest.subject, text: newest.text, code: /\b(\d{6})\b/.exec(newest.text)?.[1] ?? null });
  });
  app.post('/sandbox/member-email', async (request) => {
    const body = jsonOf(request.body);
    const { siteId, name, email } = (body ?? {}) as { siteId?: unknown; name?: unknown; email?: unknown };
    if (!Number.isInteger(siteId)) throw new BusinessError('invalidField', 'siteId: must be a whole number');
    if (typeof name !== 'string' || name === '') throw new BusinessError('invalidField', 'name: must be a member name');
    if (typeof email !== 'string' || !emailPattern.test(email)) throw new BusinessError('invalidField', 'email: must be an email address');
    const { rows } = await app.lobby.db.query<{ id: number }>('UPDATE members SET email = $3 WHERE site_id = $1 AND name = lower($2) RETURNING id', [siteId, name, email]);
    if (!rows[0]) throw new BusinessError('notFound', `no member ${name} on site ${String(siteId)}`);
    return okEnvelope({ name: name.toLowerCase(), email });
  });
}
