import { LOGIN_SMS_CODE_PURPOSE } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import type { CallContext } from '../http/register-call.js';
import { captchaAfterFailuresOf, clearLoginFailures, reserveLoginAttempt } from '../members/login-guard.js';
import { startSession, type LoginResult } from '../members/login-service.js';
import { MEMBER_STATUS, findMemberById, updateStatus } from '../members/member-repository.js';
import { CODE_RESEND_AFTER_MS, CODES_PER_IP_PER_HOUR_MAX, sendCode, verifyCode } from '../members/phone-codes.js';
import { isAsleep } from '../members/sleep.js';

export interface PhoneInput {
  areaCode?: string | undefined;
  phone: string;
}

/** The one member of the brand with this bound phone; undefined when none or several have it. */
async function memberIdByPhone(db: Queryable, siteId: number, areaCode: string, phone: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM members WHERE site_id = $1 AND area_code = $2 AND phone = $3 LIMIT 2', [
    siteId,
    areaCode,
    phone,
  ]);
  return rows.length === 1 ? Number(rows[0]!.id) : undefined;
}

/**
 * Sends a login code when exactly one member of the brand has the phone bound; answers
 * the same either way, so the call does not tell who has an account. The phone-code
 * limits (60 s, 10 a day, 20 an hour per IP) apply to real sends; the IP limit counts
 * every ask.
 */
export async function sendLoginCode(ctx: CallContext<PhoneInput>): Promise<{ resendAfterS: number }> {
  const { db, siteId, services, request } = ctx;
  const areaCode = request.areaCode ?? '+86';
  const now = services.providers.clock.now();
  const memberId = await memberIdByPhone(db, siteId, areaCode, request.phone);
  if (memberId === undefined) {
    if ((await hitRate(db, { key: `code:ip:${ctx.ip}`, windowMs: 3_600_000 }, now)) > CODES_PER_IP_PER_HOUR_MAX) throw new BusinessError('tooManyRequests', 'too many codes from this address; try later');
    return { resendAfterS: CODE_RESEND_AFTER_MS / 1000 };
  }
  await sendCode(db, services.providers.codes, { siteId, areaCode, phone: request.phone, purpose: LOGIN_SMS_CODE_PURPOSE, ip: ctx.ip }, now);
  return { resendAfterS: CODE_RESEND_AFTER_MS / 1000 };
}

export interface LoginSmsInput extends PhoneInput {
  code: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

/**
 * Logs in with a phone code under the password login's limits (login-guard.ts), counted
 * under the phone as the name: a wrong code is a failed login.
 */
export async function loginBySms(ctx: CallContext<LoginSmsInput>): Promise<LoginResult> {
  const { db, siteId, services, request } = ctx;
  const areaCode = request.areaCode ?? '+86';
  const now = services.providers.clock.now();
  const brand = await services.brands.get(siteId);
  const attempt = { siteId, name: `sms:${areaCode}${request.phone}`, ip: ctx.ip, captchaId: request.captchaId, captchaCode: request.captchaCode };
  const slot = await reserveLoginAttempt(db, services.providers.captcha, attempt, captchaAfterFailuresOf(brand?.config.loginCaptcha.login_verify_trigger_times ?? 0), now);
  const memberId = await memberIdByPhone(db, siteId, areaCode, request.phone);
  const right = memberId !== undefined && (await verifyCode(db, { siteId, areaCode, phone: request.phone, purpose: LOGIN_SMS_CODE_PURPOSE }, request.code, now));
  if (!right) throw new BusinessError('loginSmsCodeWrong', 'the code is wrong or expired');
  await clearLoginFailures(db, slot);
  const member = (await findMemberById(db, memberId))!;
  if (member.status === MEMBER_STATUS.disabled) throw new BusinessError('memberDisabled', 'this account is disabled');
  if (isAsleep(member, now)) {
    if (member.status !== MEMBER_STATUS.sleeping) await updateStatus(db, member.id, MEMBER_STATUS.sleeping);
    throw new BusinessError('memberSleeping', 'this account is asleep after a long absence; activate it first');
  }
  return startSession(ctx, member);
}
