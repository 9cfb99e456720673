import { LOGIN_PASSWORD_CODE_TYPE, forgetLoginPassword } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { findMemberByName, updatePasswordHash } from '../members/member-repository.js';
import { hashPassword } from '../members/password.js';
import { verifyCode } from '../members/phone-codes.js';
import { revokeOtherSessions } from '../members/sessions.js';

/** Attempts per name in 15 minutes before the reset answers tooManyRequests. */
export const FORGET_ATTEMPTS_MAX = 10;

/**
 * Forgotten login password by phone (spec section 7, /member/v1/forget_login_password):
 * the member's name, the phone bound to it, the code sent by sendPhoneCode (type 3) and
 * the new password hash. A phone that is not the member's answers phoneNotBound without
 * saying whether the name exists; a wrong code answers codeWrong. Success ends every
 * session of the member.
 */
export function registerForgetPassword(app: FastifyInstance): void {
  registerCall(app, forgetLoginPassword, async ({ db, services, siteId, request }) => {
    const now = services.providers.clock.now();
    const attempts = await hitRate(db, { key: `forget-password:${siteId}:${request.name.toLowerCase()}`, windowMs: 15 * 60_000 }, now);
    if (attempts > FORGET_ATTEMPTS_MAX) throw new BusinessError('tooManyRequests', 'too many password resets for this name; try later');
    const areaCode = request.areaCode ?? '+86';
    const member = await findMemberByName(db, siteId, request.name);
    if (!member || member.phone !== request.phone || member.areaCode !== areaCode) {
      throw new BusinessError('phoneNotBound', 'this mobile number is not bound to the account');
    }
    const codeRequest = { siteId, areaCode, phone: request.phone, purpose: LOGIN_PASSWORD_CODE_TYPE };
    if (!(await verifyCode(db, codeRequest, request.code, now))) throw new BusinessError('codeWrong', 'the verification code is wrong or has expired');
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, member.id, await hashPassword(request.password));
      await revokeOtherSessions(tx, member.id, null);
    });
    return {};
  });
}
