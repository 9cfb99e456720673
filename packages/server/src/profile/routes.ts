import {
  PHONE_CODE_PURPOSE, addressGet, addressUpdate, bindPhone, personalInfoV3, sendBoundPhoneCode, setEmail, setNickname, setRealName,
  setUserProfile, verifyBoundPhone,
} from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { registerCall, type CallContext } from '../http/register-call.js';
import { findMemberById, type MemberRow } from '../members/member-repository.js';
import { maskPhone } from '../members/member-info.js';
import { sendCode, verifyCode } from '../members/phone-codes.js';
import type { RouteGroup } from '../http/route-group.js';
import { checkPhone } from '../site/phone-rules.js';
import {
  addressOf, markPhoneVerified, mayRebind, personalInfoOf, phoneHolder, profileOf, saveAddress, setBirthdayOnce, setRealNameOnce,
  updateMemberText, updatePhone,
} from './profile-repository.js';
import { checkCodeLength, checkedAddress, checkedBirthday, checkedEmail, checkedNickname, checkedRealName } from './profile-rules.js';

/**
 * The user-info page's calls (issue 8): personal info, phone binding with a code (and the
 * verification of a bound phone before another is bound), nickname, real name (once),
 * e-mail, birthday (once) and the receiver address. Each works on the caller's own member.
 */
export const profileRoutes: RouteGroup = (app) => {
  registerPhoneCalls(app);
  registerProfileCalls(app);
};

async function memberOf(ctx: CallContext<unknown>, db: Queryable = ctx.db): Promise<MemberRow> {
  return (await findMemberById(db, ctx.requireMember().id))!;
}

const now = (ctx: CallContext<unknown>) => ctx.services.providers.clock.now();

function registerPhoneCalls(app: FastifyInstance): void {
  registerCall(app, bindPhone, async (ctx) => {
    const { areaCode, phone, code } = ctx.request;
    const member = await memberOf(ctx);
    const nowMs = now(ctx);
    if (member.phone !== '' && !mayRebind(await profileOf(ctx.db, member.id), nowMs)) {
      throw new BusinessError('phoneAlreadyBound', 'a phone is bound: verify it before binding another');
    }
    const brand = await ctx.services.brands.get(member.siteId);
    if (brand) checkPhone(brand.phoneRules, areaCode, phone);
    checkCodeLength(areaCode, code);
    const holder = await phoneHolder(ctx.db, member.siteId, areaCode, phone);
    if (holder !== null && holder !== member.id) throw new BusinessError('phoneTaken', 'this phone is bound to another member');
    const codeRequest = { siteId: member.siteId, areaCode, phone, purpose: PHONE_CODE_PURPOSE.bindPhone };
    if (!(await verifyCode(ctx.db, codeRequest, code, nowMs))) throw new BusinessError('codeWrong', 'the code is wrong or expired');
    return ctx.db.transaction(async (tx) => {
      await updatePhone(tx, member.id, areaCode, phone);
      return personalInfoOf(tx, (await findMemberById(tx, member.id))!, nowMs);
    });
  });

  registerCall(app, sendBoundPhoneCode, async (ctx) => {
    const member = await memberOf(ctx);
    if (member.phone === '') throw new BusinessError('phoneNotBound', 'no phone is bound yet');
    const request = { siteId: member.siteId, areaCode: member.areaCode, phone: member.phone, purpose: PHONE_CODE_PURPOSE.verifyBoundPhone, ip: ctx.ip };
    await sendCode(ctx.db, ctx.services.providers.codes, request, now(ctx));
    return { resendAfterS: 60, expiresInS: 300, phone: maskPhone(member.phone) };
  });

  registerCall(app, verifyBoundPhone, async (ctx) => {
    const member = await memberOf(ctx);
    if (member.phone === '') throw new BusinessError('phoneNotBound', 'no phone is bound yet');
    checkCodeLength(member.areaCode, ctx.request.code);
    const nowMs = now(ctx);
    const codeRequest = { siteId: member.siteId, areaCode: member.areaCode, phone: member.phone, purpose: PHONE_CODE_PURPOSE.verifyBoundPhone };
    if (!(await verifyCode(ctx.db, codeRequest, ctx.request.code, nowMs))) throw new BusinessError('codeWrong', 'the code is wrong or expired');
    await markPhoneVerified(ctx.db, member.id, nowMs);
    return personalInfoOf(ctx.db, member, nowMs);
  });
}

function registerProfileCalls(app: FastifyInstance): void {
  registerCall(app, personalInfoV3, async (ctx) => personalInfoOf(ctx.db, await memberOf(ctx), now(ctx)));

  registerCall(app, setNickname, async (ctx) => {
    const nickName = checkedNickname(ctx.request.nickName);
    await updateMemberText(ctx.db, ctx.requireMember().id, 'nick_name', nickName);
    return personalInfoOf(ctx.db, await memberOf(ctx), now(ctx));
  });

  registerCall(app, setRealName, async (ctx) => {
    const realName = checkedRealName(ctx.request.realName);
    if (!(await setRealNameOnce(ctx.db, ctx.requireMember().id, realName))) {
      throw new BusinessError('realNameAlreadySet', 'the real name is set once and cannot change');
    }
    return personalInfoOf(ctx.db, await memberOf(ctx), now(ctx));
  });

  registerCall(app, setEmail, async (ctx) => {
    const email = checkedEmail(ctx.request.email);
    await updateMemberText(ctx.db, ctx.requireMember().id, 'email', email);
    return personalInfoOf(ctx.db, await memberOf(ctx), now(ctx));
  });

  registerCall(app, setUserProfile, async (ctx) => {
    const birthday = checkedBirthday(ctx.request.birthday, now(ctx));
    if (!(await setBirthdayOnce(ctx.db, ctx.requireMember().id, birthday))) {
      throw new BusinessError('birthdayAlreadySet', 'the birthday is set once and cannot change');
    }
    return personalInfoOf(ctx.db, await memberOf(ctx), now(ctx));
  });

  registerCall(app, addressGet, async (ctx) => ({ address: await addressOf(ctx.db, ctx.requireMember().id) }));

  registerCall(app, addressUpdate, async (ctx) => {
    const address = checkedAddress(ctx.request);
    await saveAddress(ctx.db, ctx.requireMember().id, address);
    return { address };
  });
}
