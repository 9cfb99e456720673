import type { FastifyInstance } from 'fastify';
import {
  GIFT_KINDS, giftApplyList, happySendApply, happySendList, luxuryConfig, luxuryExchange, luxuryGift, luxuryRemind, opsGiftApplyList, opsGiftApplyProvide,
  opsGiftApplyReject, presentApply, presentDetail, promoV2Detail, promoV2ListApply, promoV2ListOthers, superGiftApply, superGiftCheck, superGiftCheckProgress,
  superGiftDetail, topGiftDividend, topGiftExchange, topGiftExchangeValidity, topGiftList, topGiftPageConfig, topGiftUserInfo, vipUpgradePromotionsApply, fromMinor,
  type GiftKind,
} from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { registerCall, type CallContext } from '../../http/register-call.js';
import { ACTIVITY_COLUMNS, activityOf, visibleActivity, type Activity } from '../engine/index.js';
import { applicationsForReview, applicationsOfMember, reviewApplication } from './application-repository.js';
import { giftConfigOf } from './config.js';
import { boardOf, standingOf, type GiftStanding } from './gift-board.js';
import { DIVIDEND_CLAIM_KEY, claimDividend, dividendOf, dividendOpen } from './dividend.js';
import { giftActivitiesFor, giftCheck, rankingOf } from './gift-reads.js';
import { takeGift } from './gift-take.js';
import { remainingRoutes } from './remaining-routes.js';

type Ctx = CallContext<unknown>;
const nowOf = (ctx: Ctx) => new Date(ctx.services.providers.clock.now());

/** The brand's activity `id` of one of `kinds`, or without an id its first published one in progress (activityNotFound when none). */
async function giftActivity(q: Queryable, siteId: number, id: number | undefined, kinds: readonly GiftKind[], now: Date): Promise<Activity> {
  if (id !== undefined) return visibleActivity(q, siteId, id, kinds);
  const { rows } = await q.query<Parameters<typeof activityOf>[0]>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE site_id = $1 AND kind = ANY($2::text[]) AND state = 'published' AND starts_at <= $3 AND ends_at > $3
      ORDER BY sort, id LIMIT 1`,
    [siteId, kinds, now],
  );
  if (!rows[0]) throw new BusinessError('activityNotFound', `no ${kinds.join(' or ')} activity in progress`);
  return activityOf(rows[0]);
}

/** The board of a gift activity for the caller (a visitor sees every gift locked). */
async function boardFor(ctx: Ctx, id: number | undefined, kinds: readonly GiftKind[]) {
  const now = nowOf(ctx);
  const activity = await giftActivity(ctx.db, ctx.siteId, id, kinds, now);
  const standing = await standingOf(ctx.db, activity, giftConfigOf(activity.config), ctx.member?.id ?? null, now);
  return { activity, standing, board: boardOf(activity, standing, now), now };
}

/** Registers a take call serving `kinds`: one transaction, behind the ledger idempotency guard. */
function registerTake(app: FastifyInstance, call: typeof presentApply, kinds: readonly GiftKind[]): void {
  registerCall(app, call, async (ctx) => {
    const member = ctx.requireMember();
    const { activityId, giftId, termsVersion } = ctx.request;
    return ctx.db.transaction((tx) => takeGift(tx, { siteId: ctx.siteId, activityId, kinds, memberId: member.id, giftId, termsVersion, now: nowOf(ctx) }));
  }, { idempotency: 'ledger' });
}

const exchangesOf = (activity: Activity, standing: GiftStanding) => {
  const config = giftConfigOf(activity.config);
  return standing.claims.filter((claim) => claim.points > 0).reverse().map((claim) => ({
    giftId: claim.giftId, giftName: config.gifts.find((gift) => gift.id === claim.giftId)?.giftName ?? claim.giftId, exchangeDate: claim.createdAt.toISOString(),
    points: claim.points, applicationStatus: claim.applicationStatus,
  }));
};

/**
 * Gifts and the remaining activity calls (issue 20; docs/GIFTS.md): the boards and take
 * calls of present, super gift, promo v2, happy send, luxury exchange and top gift; the
 * member's gift applications and the operator's review; fan shui, welfare centre, buff
 * cards, member credit, bank notice, yuebao task and virtual currency info.
 */
export function giftRoutes(app: FastifyInstance): void {
  registerCall(app, presentDetail, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['present'])).board);
  registerTake(app, presentApply, ['present']);

  registerCall(app, superGiftDetail, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['super_gift'])).board);
  registerTake(app, superGiftApply, ['super_gift']);
  registerCall(app, superGiftCheck, async (ctx) => {
    ctx.requireMember();
    const { activity, standing, now } = await boardFor(ctx, ctx.request.activityId, ['super_gift']);
    return giftCheck(activity, standing, ctx.request.giftId, now);
  });
  registerCall(app, superGiftCheckProgress, async (ctx) => {
    ctx.requireMember();
    const { activity, standing, board } = await boardFor(ctx, ctx.request.activityId, ['super_gift']);
    const next = giftConfigOf(activity.config).gifts.filter((gift) => gift.threshold > standing.depositsMinor).sort((a, b) => a.threshold - b.threshold)[0];
    return {
      deposits: fromMinor(standing.depositsMinor, 2), nextThreshold: next ? fromMinor(next.threshold, 2) : null,
      percent: board.activityProgressBarConfig.percent, available: board.giftList.filter((gift) => gift.status === 1).length,
    };
  });

  registerTake(app, promoV2ListApply, GIFT_KINDS);
  registerCall(app, promoV2ListOthers, async (ctx) => ({ list: await giftActivitiesFor(ctx.db, ctx.siteId, ctx.member?.id ?? null, nowOf(ctx)) }));
  registerTake(app, vipUpgradePromotionsApply, ['promo_v2']);
  registerCall(app, promoV2Detail, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['promo_v2'])).board);

  registerCall(app, happySendList, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['happy_send'])).board);
  registerTake(app, happySendApply, ['happy_send']);

  registerCall(app, luxuryConfig, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['luxury_gift'])).board);
  registerCall(app, luxuryGift, async (ctx) => {
    const member = ctx.requireMember();
    const { activity, standing, board } = await boardFor(ctx, ctx.request.activityId, ['luxury_gift']);
    const { rows } = await ctx.db.query<{ gift_id: string }>('SELECT gift_id FROM promo_gift_reminders WHERE activity_id = $1 AND member_id = $2 ORDER BY gift_id', [activity.id, member.id]);
    return { activityId: activity.id, giftList: board.giftList, points: standing.points.balance, exchanges: exchangesOf(activity, standing), reminders: rows.map((row) => row.gift_id) };
  });
  registerTake(app, luxuryExchange, ['luxury_gift']);
  registerCall(app, luxuryRemind, async (ctx) => {
    const member = ctx.requireMember();
    const now = nowOf(ctx);
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.activityId, 'luxury_gift');
    const config = giftConfigOf(activity.config);
    const gift = config.gifts.find((item) => item.id === ctx.request.giftId);
    if (!gift) throw new BusinessError('activityGiftNotFound', `giftId: activity ${activity.id} has no gift ${ctx.request.giftId}`);
    const standing = await standingOf(ctx.db, activity, config, member.id, now);
    await ctx.db.query('INSERT INTO promo_gift_reminders (activity_id, member_id, gift_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [activity.id, member.id, gift.id, now]);
    return { giftId: gift.id, reminded: true, pointsMissing: Math.max(0, gift.threshold - standing.points.balance) };
  });

  registerCall(app, topGiftPageConfig, async (ctx) => (await boardFor(ctx, ctx.request.activityId, ['top_gift'])).board);
  registerCall(app, topGiftList, async (ctx) => {
    const now = nowOf(ctx);
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.activityId, 'top_gift');
    return { list: (await rankingOf(ctx.db, activity, now)).slice(0, 20).map(({ memberId: _, ...row }) => row) };
  });
  registerCall(app, topGiftUserInfo, async (ctx) => {
    const member = ctx.requireMember();
    const { activity, standing, now } = await boardFor(ctx, ctx.request.activityId, ['top_gift']);
    const { rank, amountMinor } = await dividendOf(ctx.db, activity, member.id, now);
    const claimed = standing.claims.some((claim) => claim.claimKey === DIVIDEND_CLAIM_KEY);
    return {
      rank, turnover: fromMinor(standing.turnoverMinor, 2), points: standing.points.balance, exchanges: exchangesOf(activity, standing),
      dividend: { amount: fromMinor(amountMinor, 2), claimable: dividendOpen(activity, now) && amountMinor > 0 && !claimed, claimed },
    };
  });
  registerCall(app, topGiftExchangeValidity, async (ctx) => {
    ctx.requireMember();
    const { activity, standing, now } = await boardFor(ctx, ctx.request.activityId, ['top_gift']);
    return giftCheck(activity, standing, ctx.request.giftId, now);
  });
  registerTake(app, topGiftExchange, ['top_gift']);
  registerCall(app, topGiftDividend, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction((tx) => claimDividend(tx, ctx.siteId, ctx.request.activityId, member.id, ctx.request.termsVersion, nowOf(ctx)));
  }, { idempotency: 'ledger' });

  registerCall(app, giftApplyList, async (ctx) => ({ list: await applicationsOfMember(ctx.db, ctx.requireMember().id, nowOf(ctx)) }));
  registerCall(app, opsGiftApplyList, async (ctx) => ({ list: await applicationsForReview(ctx.db, nowOf(ctx), ctx.request) }));
  registerCall(app, opsGiftApplyProvide, async (ctx) => ctx.db.transaction((tx) => reviewApplication(tx, ctx.request.id, 1, ctx.request.note, nowOf(ctx))));
  registerCall(app, opsGiftApplyReject, async (ctx) =>
    ctx.db.transaction((tx) => reviewApplication(tx, ctx.request.id, ctx.request.reviewFail ? 3 : 4, ctx.request.reason, nowOf(ctx))));

  remainingRoutes(app);
}

