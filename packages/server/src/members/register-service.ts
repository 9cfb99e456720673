import type { Infer, RegisterRequest } from '@lobby/sdk';
import type { CallContext } from '../http/register-call.js';
import { BusinessError } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import { checkPhone } from '../site/phone-rules.js';
import { requireCaptcha } from './login-guard.js';
import { findMemberById, insertMember } from './member-repository.js';
import { hashPassword } from './password.js';
import { startSession, type LoginResult } from './login-service.js';
import { recordInvitation } from '../agents/invitations.js';

/** One IP may register at most 10 members an hour (counter in the database). */
export const REGISTRATIONS_PER_IP_MAX = 10;
export const REGISTRATION_WINDOW_MS = 3600 * 1000;

/**
 * The one register service behind register and registerV4: limits per IP, the brand's
 * captcha rule (`fast_register_verify`), phone rules, a unique name; then logs in.
 */
export async function registerNewMember(ctx: CallContext<unknown>, input: Infer<typeof RegisterRequest>): Promise<LoginResult> {
  const { db, services, siteId } = ctx;
  const now = services.providers.clock.now();
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw new BusinessError('invalidField', 'confirmPassword: must equal password');
  }
  const hits = await hitRate(db, { key: `register:ip:${ctx.ip}`, windowMs: REGISTRATION_WINDOW_MS }, now);
  if (hits > REGISTRATIONS_PER_IP_MAX) throw new BusinessError('tooManyRequests', 'too many registrations from this address; try later');
  const brand = await services.brands.get(siteId);
  if (brand?.config.loginCaptcha.fast_register_verify) await requireCaptcha(services.providers.captcha, input);
  const areaCode = input.areaCode ?? '+86';
  if (input.phone && brand) checkPhone(brand.phoneRules, areaCode, input.phone);
  const id = await insertMember(db, {
    siteId,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    nickName: input.name,
    areaCode,
    phone: input.phone ?? '',
    registerIp: ctx.ip,
  });
  if (id === null) throw new BusinessError('nameTaken', 'this name is taken');
  // The invite and referral codes of the landing URL, linked to their owner (docs/AGENTS.md).
  await recordInvitation(db, { inviteeId: id, siteId, codes: { inviteCode: input.inviteCode, referralCode: input.referralCode, agentVerify: input.agentVerify, isFission: input.isFission }, now: new Date(now) });
  return startSession(ctx, (await findMemberById(db, id))!);
}
