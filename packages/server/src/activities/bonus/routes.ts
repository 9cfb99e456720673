import type { FastifyInstance } from 'fastify';
import {
  activityRecharge, averageDeposit, bonusForfeit, bonusMine, depositAgainInfo, depositAgainJoin, depositAgainValidation, depositDiscountByType,
  depositFirstReceive, depositFirstValidation, depositNoLimitApply, depositStageApply, fromMinor, monthMoneyInfo, monthMoneyReceive, toMinor,
  type AnyCall,
} from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { bonusesWithProgress, bonusWalletMinor, bonusWire, forfeitBonus, settleBonuses, settleDueBonuses } from './bonus-service.js';
import type { BonusKind } from './config.js';
import { averageDepositOf, claimDepositBonus, depositInfoOf, liveDepositActivities, rechargePreview, summaryOf, type DepositClaim } from './deposit-service.js';
import { runWhileListening } from '../../http/while-listening.js';

/** How often the server converts met bonuses and expires due ones while listening. */
export const BONUS_SETTLE_INTERVAL_MS = 60_000;

/** Bonus money and wagering; first deposit, deposit again, month money (issue 20; docs/BONUS-WAGERING.md). */
export function bonusRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());

  registerCall(app, bonusMine, async (ctx) => {
    const member = ctx.requireMember();
    const now = nowOf();
    await settleBonuses(ctx.db, member.id, now);
    const grants = await bonusesWithProgress(ctx.db, member.id);
    // Wagering first (oldest first: the order bets count in), then ended ones, newest first.
    const ordered = [...grants.filter((grant) => grant.status === 'wagering'), ...grants.filter((grant) => grant.status !== 'wagering').reverse()];
    return { bonusWalletBalance: fromMinor(await bonusWalletMinor(ctx.db, member.id), 2), list: ordered.map(bonusWire) };
  });

  registerCall(app, bonusForfeit, async (ctx) => {
    const member = ctx.requireMember();
    const grant = await forfeitBonus(ctx.db, member.id, ctx.request.id, nowOf());
    const bonus = (await bonusesWithProgress(ctx.db, member.id)).find((entry) => entry.id === grant.id)!;
    return { bonus: bonusWire(bonus), bonusWalletBalance: fromMinor(await bonusWalletMinor(ctx.db, member.id), 2) };
  }, { idempotency: 'ledger' });

  const info = (call: AnyCall, kind: BonusKind) => registerCall(app, call, async (ctx) =>
    depositInfoOf(ctx.db, ctx.siteId, kind, (ctx.request as { id: number }).id, ctx.requireMember().id, nowOf()));
  info(depositFirstValidation, 'deposit_first');
  info(depositAgainInfo, 'deposit_again');
  info(depositAgainValidation, 'deposit_again');
  info(monthMoneyInfo, 'month_money');

  const claim = (call: AnyCall, kind: BonusKind, mode: DepositClaim['mode']) => registerCall(app, call, async (ctx) => {
    const request = ctx.request as { id: number; termsVersion: number; billNo?: string };
    return claimDepositBonus(ctx.db, {
      siteId: ctx.siteId, kind, id: request.id, memberId: ctx.requireMember().id, termsVersion: request.termsVersion, billNo: request.billNo, mode, now: nowOf(),
    });
  }, { idempotency: 'ledger' });
  claim(depositFirstReceive, 'deposit_first', 'first');
  claim(depositAgainJoin, 'deposit_again', 'any');
  claim(depositNoLimitApply, 'deposit_again', 'noLimit');
  claim(depositStageApply, 'deposit_again', 'stage');
  claim(monthMoneyReceive, 'month_money', 'month');

  registerCall(app, depositDiscountByType, async (ctx) => ({ list: (await liveDepositActivities(ctx.db, ctx.siteId, nowOf(), ctx.request.type)).map(summaryOf) }));

  registerCall(app, activityRecharge, async (ctx) => ({
    list: await rechargePreview(ctx.db, ctx.siteId, ctx.requireMember().id, toMinor(ctx.request.amount, 2), nowOf()),
  }));

  registerCall(app, averageDeposit, async (ctx) => averageDepositOf(ctx.db, ctx.requireMember().id, nowOf()));

  settleWhileListening(app, nowOf);
}

/** Converts met bonuses and expires due ones on a timer while the server listens. */
function settleWhileListening(app: FastifyInstance, nowOf: () => Date): void {
  runWhileListening(app, { name: 'bonus settlement', everyMs: BONUS_SETTLE_INTERVAL_MS, run: () => settleDueBonuses(app.lobby.db, nowOf()) });
}
