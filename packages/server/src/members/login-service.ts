import type { LoginRequest, MemberInfo } from '@lobby/sdk';
import type { Infer } from '@lobby/sdk';
import type { CallContext } from '../http/register-call.js';
import { BusinessError } from '../http/errors.js';
import { captchaAfterFailuresOf, clearLoginFailures, reserveLoginAttempt, type LoginAttempt } from './login-guard.js';
import { memberInfoOf } from './member-info.js';
import { MEMBER_STATUS, findMemberByName, touchActivity, updateStatus, type MemberRow } from './member-repository.js';
import { UNMATCHABLE_HASH, verifyPassword } from './password.js';
import { createSession } from './sessions.js';
import { isAsleep } from './sleep.js';
import { recordLogin } from '../common/security-notices.js';

type LoginInput = Pick<Infer<typeof LoginRequest>, 'name' | 'password' | 'captchaId' | 'captchaCode'>;

/** A new session: the token (shown once) and the member. */
export interface LoginResult {
  token: string;
  member: MemberInfo;
}

/**
 * Checks name and password under the login limits and captcha rule (login-guard.ts).
 * Answers the member, or throws: passwordWrong (unknown name or wrong password, alike),
 * memberDisabled, memberSleeping (marking the member asleep).
 */
export async function checkCredentials(ctx: CallContext<unknown>, input: LoginInput): Promise<MemberRow> {
  const { db, services, siteId } = ctx;
  const now = services.providers.clock.now();
  const attempt: LoginAttempt = { siteId, name: input.name, ip: ctx.ip, captchaId: input.captchaId, captchaCode: input.captchaCode };
  const brand = await services.brands.get(siteId);
  const captchaAfterFailures = captchaAfterFailuresOf(brand?.config.loginCaptcha.login_verify_trigger_times ?? 0);
  // The slot is taken before the password is checked; a wrong password leaves it counted.
  const slot = await reserveLoginAttempt(db, services.providers.captcha, attempt, captchaAfterFailures, now);
  const member = await findMemberByName(db, siteId, input.name);
  const matches = await verifyPassword(input.password, member?.passwordHash ?? UNMATCHABLE_HASH);
  if (!member || !matches) throw new BusinessError('passwordWrong', 'the name or the password is wrong');
  await clearLoginFailures(db, slot);
  return member;
}

/** The one login service behind webLogin, loginV3, loginV4, loginV4Device and loginV5. */
export async function login(ctx: CallContext<unknown>, input: LoginInput): Promise<LoginResult> {
  const member = await checkCredentials(ctx, input);
  const now = ctx.services.providers.clock.now();
  if (member.status === MEMBER_STATUS.disabled) throw new BusinessError('memberDisabled', 'this account is disabled');
  if (isAsleep(member, now)) {
    if (member.status !== MEMBER_STATUS.sleeping) await updateStatus(ctx.db, member.id, MEMBER_STATUS.sleeping);
    throw new BusinessError('memberSleeping', 'this account is asleep after a long absence; activate it first');
  }
  return startSession(ctx, member);
}

/** Opens a session for a member who proved who it is; records the activity. */
export async function startSession(ctx: CallContext<unknown>, member: MemberRow): Promise<LoginResult> {
  const now = ctx.services.providers.clock.now();
  const token = await createSession(ctx.db, member.id, ctx.deviceId, now);
  await touchActivity(ctx.db, member.id, now);
  await recordLogin(ctx.db, member.id, ctx.ip, ctx.deviceId, now);
  const brand = await ctx.services.brands.get(member.siteId);
  const fresh = { ...member, lastActiveAtMs: now };
  return { token, member: await memberInfoOf(ctx.db, fresh, brand, ctx.services.providers.balances, now) };
}

/** Wakes a sleeping member after checking its password; answers whether it was asleep. */
export async function activateMember(ctx: CallContext<unknown>, input: LoginInput): Promise<boolean> {
  const member = await checkCredentials(ctx, input);
  const now = ctx.services.providers.clock.now();
  if (member.status === MEMBER_STATUS.disabled) throw new BusinessError('memberDisabled', 'this account is disabled');
  if (!isAsleep(member, now)) return false;
  await updateStatus(ctx.db, member.id, MEMBER_STATUS.active);
  await touchActivity(ctx.db, member.id, now);
  return true;
}
