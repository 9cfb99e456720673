import { fromMinor, vipBirthdayApply, vipGiftApply, vipGiftCheckProgress, vipGiftList, vipGradeConfigList, vipInfo, type VipInfo } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { profileOf } from '../profile/profile-repository.js';
import type { RouteGroup } from '../http/route-group.js';
import { gradeConfigOf, gradesOf, type VipGrade } from './grade-config.js';
import { claimsOf, giftsOf, gradeChangesOf, levelReached, monthOf, payGift, progressOf, syncGrade, vipTotalsOf } from './vip-service.js';

/** The member's grades, totals and grade (raised first when its totals reach a higher one). */
async function standingOf(db: Queryable, memberId: number, siteId: number) {
  const grades = await gradesOf(db, siteId);
  const totals = await vipTotalsOf(db, memberId);
  const level = await syncGrade(db, memberId, levelReached(grades, totals));
  return { grades, totals, level, grade: grades.find((g) => g.level === level)! };
}

/**
 * VIP calls (issue 8; spec sections 3, 4 and 7): grade config, the member's VIP info,
 * VIP gifts (list, apply, check progress) and the birthday bonus. Applying pays through
 * the ledger once per gift, behind the ledger idempotency guard.
 */
export const vipRoutes: RouteGroup = (app) => {
  registerCall(app, vipGradeConfigList, async (ctx) => ({ list: (await gradesOf(ctx.db, ctx.siteId)).map(gradeConfigOf) }));

  registerCall(app, vipInfo, async (ctx) => {
    const member = ctx.requireMember();
    const nowMs = ctx.services.providers.clock.now();
    return ctx.db.transaction(async (tx): Promise<VipInfo> => {
      const { grades, totals, level, grade } = await standingOf(tx, member.id, member.siteId);
      const { nextDepositMinor, nextFlowsMinor, ...progress } = progressOf(grades, level, totals);
      const claims = await claimsOf(tx, member.id);
      const profile = await profileOf(tx, member.id);
      const yuan = (minor: number) => fromMinor(minor, 2);
      return {
        level,
        level_name: grade.name,
        upgrade_deposit: yuan(nextDepositMinor),
        upgrade_record: yuan(nextFlowsMinor),
        withdraw_count: grade.dayWithdrawalCounts,
        withdraw_max: yuan(grade.dayWithdrawalMoneyMinor),
        upgrade_gift: yuan(grade.upgradeBonusMinor),
        birth_gift: yuan(grade.birthCashMinor),
        every_month_gift: yuan(grade.monthGiftMinor),
        grade_discount: yuan(claims.totalMinor),
        to_next_level_percent: progress.levelPercent,
        memberGradeConfigList: grades.map(gradeConfigOf),
        memberInfoChangeList: await gradeChangesOf(tx, member.id),
        memberChangeInfo: progress,
        birthday: profile.birthday,
        birthdayApplied: claims.keys.has(`birthday:${new Date(nowMs).getUTCFullYear()}`),
      };
    });
  });

  registerCall(app, vipGiftList, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const { grades, level } = await standingOf(tx, member.id, member.siteId);
      const claims = await claimsOf(tx, member.id);
      return { list: giftsOf(grades, level, claims.keys, ctx.services.providers.clock.now()).map(({ amountMinor: _, ...gift }) => gift) };
    });
  });

  registerCall(app, vipGiftCheckProgress, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const { grades, totals, level } = await standingOf(tx, member.id, member.siteId);
      const { nextDepositMinor: _d, nextFlowsMinor: _f, ...progress } = progressOf(grades, level, totals);
      const claims = await claimsOf(tx, member.id);
      const gifts = giftsOf(grades, level, claims.keys, ctx.services.providers.clock.now());
      return { progress, availableGifts: gifts.filter((gift) => gift.status === 0).length };
    });
  });

  registerCall(app, vipGiftApply, async (ctx) => {
    const member = ctx.requireMember();
    const nowMs = ctx.services.providers.clock.now();
    return ctx.db.transaction(async (tx) => {
      const { grades, level } = await standingOf(tx, member.id, member.siteId);
      const claims = await claimsOf(tx, member.id);
      const gift = giftsOf(grades, level, claims.keys, nowMs).find((entry) => entry.id === ctx.request.id);
      if (!gift) throw new BusinessError('vipGiftNotFound', `id: no VIP gift ${ctx.request.id} for grade ${level}`);
      if (gift.status !== 0) throw new BusinessError('vipGiftAlreadyApplied', 'this VIP gift is already claimed');
      const centreMinor = await payGift(tx, member.id, { key: gift.id, kind: gift.kind, level: gift.level, amountMinor: gift.amountMinor });
      if (centreMinor === null) throw new BusinessError('vipGiftAlreadyApplied', 'this VIP gift is already claimed');
      const { amountMinor: _, ...wire } = gift;
      return { gift: { ...wire, status: 1 }, centerWalletBalance: fromMinor(centreMinor, 2) };
    });
  }, { idempotency: 'ledger' });

  registerCall(app, vipBirthdayApply, async (ctx) => {
    const member = ctx.requireMember();
    const nowMs = ctx.services.providers.clock.now();
    return ctx.db.transaction(async (tx) => {
      const { grade } = await standingOf(tx, member.id, member.siteId);
      const { birthday } = await profileOf(tx, member.id);
      if (birthday === null) throw new BusinessError('vipBirthdayNotSet', 'set the birthday on the user-info page first');
      if (birthday.slice(5, 7) !== monthOf(nowMs).slice(5, 7)) throw new BusinessError('vipBirthdayNotThisMonth', 'the birthday bonus is paid in the birthday month');
      if (grade.birthCashMinor <= 0) throw new BusinessError('vipGiftEmpty', `grade ${grade.name} has no birthday bonus`);
      const year = new Date(nowMs).getUTCFullYear();
      const centreMinor = await payGift(tx, member.id, birthdayGift(grade, year));
      if (centreMinor === null) throw new BusinessError('vipBirthdayAlreadyApplied', `the birthday bonus of ${year} is already claimed`);
      return { birthCash: fromMinor(grade.birthCashMinor, 2), year, centerWalletBalance: fromMinor(centreMinor, 2) };
    });
  }, { idempotency: 'ledger' });
};

function birthdayGift(grade: VipGrade, year: number) {
  return { key: `birthday:${year}`, kind: 'birthday' as const, level: grade.level, amountMinor: grade.birthCashMinor };
}
