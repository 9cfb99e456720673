import type { FastifyInstance } from 'fastify';
import {
  MEMBER_CREDIT_ACCOUNT_AGE_DAYS, MEMBER_CREDIT_CHECKS, VIRTUAL_PROTOCOL, bankNotice, buffCardList, fanShuiClaim, fanShuiInfo, fromMinor, memberCredit,
  virtualCurrencyInfo, welfareCenter, yebTaskList, type MemberCreditCheck,
} from '@lobby/sdk';
import { registerCall, type CallContext } from '../../http/register-call.js';
import { balancesOf } from '../../ledger/index.js';
import { usdtDepositRateE5, usdtMerchantsOf } from '../../orders/deposit/usdt/merchants.js';
import { memberFacts } from '../engine/index.js';
import { giftConfigOf } from './config.js';
import { entryOf, standingOf } from './gift-board.js';
import { giftActivitiesFor, livingGiftActivities } from './gift-reads.js';
import { buffCardsOf, claimRebate, rebateInfo } from './rebate.js';

const DAY_MS = 86_400_000;
const nowOf = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());

/**
 * The remaining activity calls of spec section 7 (docs/GIFTS.md "The remaining calls"):
 * fan shui, welfare centre, exclusive buff cards, member credit, bank notice, yuebao task
 * and the virtual currency info page's data. Each reads real records; none answers made-up data.
 */
export function remainingRoutes(app: FastifyInstance): void {
  registerCall(app, fanShuiInfo, async (ctx) => rebateInfo(ctx.db, ctx.requireMember().id, nowOf(ctx)));
  registerCall(app, fanShuiClaim, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction((tx) => claimRebate(tx, member.id, nowOf(ctx)));
  }, { idempotency: 'ledger' });

  registerCall(app, welfareCenter, async (ctx) => {
    const member = ctx.requireMember();
    const now = nowOf(ctx);
    const activities = (await giftActivitiesFor(ctx.db, ctx.siteId, member.id, now)).filter((activity) => activity.available > 0);
    const info = await rebateInfo(ctx.db, member.id, now);
    const { rows } = await ctx.db.query<{ open: string | number }>(
      'SELECT count(*) AS open FROM promo_gift_applications WHERE member_id = $1 AND status = 0 AND expires_at > $2', [member.id, now]);
    return { activities, rebatePending: info.pendingAmount, applicationsUnderReview: Number(rows[0]?.open ?? 0) };
  });

  registerCall(app, buffCardList, async (ctx) => ({ cards: await buffCardsOf(ctx.db, ctx.requireMember().id, nowOf(ctx)) }));

  registerCall(app, memberCredit, async (ctx) => {
    const member = ctx.requireMember();
    const now = nowOf(ctx);
    const facts = await memberFacts(ctx.db, member.id, { from: new Date(0), to: now });
    const cards = await ctx.db.query('SELECT 1 FROM member_bank_cards WHERE member_id = $1 LIMIT 1', [member.id]);
    const passedBy: Record<MemberCreditCheck, boolean> = {
      phone: facts.phoneBound, realName: facts.realNamed, bankCard: cards.rows.length > 0, deposit: facts.depositCount > 0,
      accountAge: now.getTime() - new Date(facts.registeredAt).getTime() >= MEMBER_CREDIT_ACCOUNT_AGE_DAYS * DAY_MS,
    };
    const checks = MEMBER_CREDIT_CHECKS.map((key) => ({ key, passed: passedBy[key] }));
    return { checks, passed: checks.filter((check) => check.passed).length, total: checks.length };
  });

  registerCall(app, bankNotice, async (ctx) => {
    const member = ctx.requireMember();
    const { rows } = await ctx.db.query<{ bank_name: string; tail: string; shared: boolean }>(
      `SELECT c.bank_name, right(replace(c.card_no, ' ', ''), 4) AS tail,
              EXISTS (SELECT 1 FROM member_bank_cards o JOIN members om ON om.id = o.member_id JOIN members m ON m.id = c.member_id
                       WHERE replace(o.card_no, ' ', '') = replace(c.card_no, ' ', '') AND o.member_id <> c.member_id AND om.site_id = m.site_id) AS shared
         FROM member_bank_cards c WHERE c.member_id = $1 ORDER BY c.id`,
      [member.id],
    );
    return { notices: rows.map((row) => ({ bankName: row.bank_name, cardTail: row.tail, sharedWithAnotherAccount: row.shared })) };
  });

  registerCall(app, yebTaskList, async (ctx) => {
    const member = ctx.requireMember();
    const now = nowOf(ctx);
    const tasks = [];
    for (const activity of await livingGiftActivities(ctx.db, ctx.siteId, ['promo_v2'], now)) {
      const config = giftConfigOf(activity.config);
      const standing = await standingOf(ctx.db, activity, config, member.id, now);
      const open = activity.startsAt <= now;
      for (const gift of config.gifts.filter((item) => item.basis === 'yuebao')) {
        tasks.push({ activityId: activity.id, title: activity.title, termsVersion: activity.termsVersion, gift: entryOf(gift, standing, open) });
      }
    }
    return { yuebao: fromMinor((await balancesOf(ctx.db, member.id)).get('yuebao') ?? 0, 2), tasks };
  });

  registerCall(app, virtualCurrencyInfo, async (ctx) => {
    const merchants = usdtMerchantsOf(ctx.siteId);
    return {
      supportUsdt: merchants.supportUsdt,
      exchangeRate: usdtDepositRateE5(ctx.siteId) / 100_000,
      depositProtocols: [...new Set(merchants.list.map((merchant) => merchant.protocol))],
      protocols: Object.entries(VIRTUAL_PROTOCOL).map(([name, value]) => ({ value, name })),
    };
  });
}

