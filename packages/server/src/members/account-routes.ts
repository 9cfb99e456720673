import { logout, memberCheck, memberStatus, modifyPassword, sendPhoneCode, userInfo } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { checkPhone } from '../site/phone-rules.js';
import { memberInfoOf } from './member-info.js';
import { MEMBER_STATUS, MEMBER_STATUS_NAME, findMemberById, updatePasswordHash } from './member-repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { sendCode } from './phone-codes.js';
import { revokeOtherSessions, revokeSession } from './sessions.js';
import { isAsleep } from './sleep.js';

/** The logged-in member's own calls: logout, user info, password, status, check, phone code. */
export function registerAccountRoutes(app: FastifyInstance): void {
  registerCall(app, logout, async ({ db, requireMember }) => {
    await revokeSession(db, requireMember().sessionId);
    return {};
  });
  registerCall(app, userInfo, async ({ db, services, requireMember }) => {
    const member = (await findMemberById(db, requireMember().id))!;
    const now = services.providers.clock.now();
    return memberInfoOf(db, member, await services.brands.get(member.siteId), services.providers.balances, now);
  });
  registerCall(app, modifyPassword, async ({ db, services, request, requireMember }) => {
    const session = requireMember();
    const oldPassword = request.oldPassword ?? request.old_password;
    if (!oldPassword) throw new BusinessError('invalidField', 'oldPassword: is required');
    if (request.confirmPassword !== undefined && request.confirmPassword !== request.password) {
      throw new BusinessError('invalidField', 'confirmPassword: must equal password');
    }
    const member = (await findMemberById(db, session.id))!;
    if (!(await verifyPassword(oldPassword, member.passwordHash))) {
      const window = { key: `modify-password-fail:${member.id}`, windowMs: 15 * 60_000 };
      if ((await hitRate(db, window, services.providers.clock.now())) > 5) throw new BusinessError('tooManyRequests', 'too many wrong passwords; try later');
      throw new BusinessError('passwordWrong', 'the old password is wrong');
    }
    if (oldPassword === request.password) throw new BusinessError('passwordUnchanged', 'the new password equals the old one');
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, member.id, await hashPassword(request.password));
      await revokeOtherSessions(tx, member.id, session.sessionId);
    });
    return {};
  });
  registerCall(app, memberStatus, async ({ db, services, requireMember }) => {
    const member = (await findMemberById(db, requireMember().id))!;
    const status = isAsleep(member, services.providers.clock.now()) ? MEMBER_STATUS.sleeping : member.status;
    return { status, statusName: MEMBER_STATUS_NAME[status] };
  });
  registerCall(app, memberCheck, async ({ member }) => ({ loggedIn: member !== null }));
  registerCall(app, sendPhoneCode, async ({ db, services, siteId, request, ip }) => {
    const areaCode = request.areaCode ?? '+86';
    const brand = await services.brands.get(siteId);
    if (brand) checkPhone(brand.phoneRules, areaCode, request.phone);
    const now = services.providers.clock.now();
    await sendCode(db, services.providers.codes, { siteId, areaCode, phone: request.phone, purpose: request.type ?? 3, ip }, now);
    return { resendAfterS: 60, expiresInS: 300, codeLength: 6 };
  });
}
