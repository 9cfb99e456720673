import { yebTaskRunning } from '../activities/gifts/index.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fromMinor, opsYuebaoStatus, toMinor, yuebaoConfig, yuebaoRevenue, yuebaoToCentre, yuebaoToYeb } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { balancesOf, LedgerError, applyTransfers, ensureAccounts } from '../ledger/index.js';
import { operatorOf } from '../operator/operator-auth.js';
import { YUEBAO_SETTINGS, accrueYuebaoInterest, dailyInterestMinor, earningsOf, yuebaoDay } from './yuebao-interest.js';
import { setYuebaoStatus, yuebaoStatusOf } from './yuebao-status.js';
import { runWhileListening } from '../http/while-listening.js';

/** How often each instance checks that yesterday's interest was accrued (idempotent per member per day). */
export const YUEBAO_ACCRUAL_CHECK_MS = 60 * 60 * 1000;

const annualRate = () => fromMinor(YUEBAO_SETTINGS.annualRatePercentE5 * 10, 6);

/**
 * The yuebao route group (spec section 7, "Yuebao"; section 3, "Balance interest"):
 * moves between the centre wallet and yuebao, revenue details and config, the operator's
 * open or close per brand (both moves refused with yuebaoClosed while closed), and the
 * daily interest accrual while the server listens.
 */
export function yuebaoRoutes(app: FastifyInstance): void {
  accrueWhileListening(app);

  for (const [call, from, to] of [[yuebaoToYeb, 'centre', 'yuebao'], [yuebaoToCentre, 'yuebao', 'centre']] as const) {
    registerCall(app, call, async (ctx) => {
      const member = ctx.requireMember();
      const memberId = member.id;
      const amountMinor = toMinor(ctx.request.money, 2);
      return ctx.db.transaction(async (tx) => {
        if ((await yuebaoStatusOf(tx, member.siteId)) === 0) throw new BusinessError('yuebaoClosed', 'yuebao is closed on this site; no money moves in or out');
        const [source, target] = await ensureAccounts(tx, [{ memberId, kind: from, currency: 'CNY' }, { memberId, kind: to, currency: 'CNY' }]);
        const billNo = `YB${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
        try {
          const { balancesMinor } = await applyTransfers(tx, [
            { debitAccountId: source!.id, creditAccountId: target!.id, amountMinor, currency: 'CNY', code: `yuebao_${call === yuebaoToYeb ? 'in' : 'out'}`, reference: billNo, orderReference: billNo },
          ]);
          const byKind = new Map([[from, balancesMinor.get(source!.id)!], [to, balancesMinor.get(target!.id)!]]);
          return { billNo, money: fromMinor(amountMinor, 2), centerWalletBalance: fromMinor(byKind.get('centre')!, 2), yebWalletBalance: fromMinor(byKind.get('yuebao')!, 2) };
        } catch (error) {
          if (error instanceof LedgerError && error.rule === 'exceedsBalance') throw new BusinessError('exceedsBalance', `the ${from === 'centre' ? 'centre wallet' : 'yuebao wallet'} holds less than the amount`);
          throw error;
        }
      });
    }, { idempotency: 'ledger' });
  }

  registerCall(app, yuebaoRevenue, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const balanceMinor = (await balancesOf(ctx.db, memberId)).get('yuebao') ?? 0;
    const { yesterdayMinor, cumulativeMinor } = await earningsOf(ctx.db, memberId, yuebaoDay(ctx.services.providers.clock.now(), -1));
    return {
      yesterdayEarnings: fromMinor(yesterdayMinor, 2),
      cumulativeIncome: fromMinor(cumulativeMinor, 2),
      annualInterestRate: annualRate(),
      availableAmount: fromMinor(balanceMinor, 2),
      interestAmount: fromMinor(dailyInterestMinor(balanceMinor, YUEBAO_SETTINGS.annualRatePercentE5), 2),
    };
  });

  registerCall(app, yuebaoConfig, async (ctx) => {
    const { siteId } = ctx.requireMember();
    const status = await yuebaoStatusOf(ctx.db, siteId);
    const yebTaskStatus: 0 | 1 = (await yebTaskRunning(ctx.db, siteId, new Date(ctx.services.providers.clock.now()))) ? 1 : 0;
    return { status, model: 1, vipFlag: 0 as const, yebTaskStatus, annualInterestRate: annualRate() };
  });

  registerCall(app, opsYuebaoStatus, async (ctx) => {
    const { siteId, status } = ctx.request;
    if (!(await ctx.services.brands.get(siteId))) throw new BusinessError('notFound', `siteId: no site ${siteId}`);
    await setYuebaoStatus(ctx.db, siteId, status, `operator:${operatorOf(ctx.raw).name}`);
    return { siteId, status };
  });
}

function accrueWhileListening(app: FastifyInstance): void {
  const db: Database = app.lobby.db;
  runWhileListening(app, {
    name: 'yuebao accrual',
    everyMs: YUEBAO_ACCRUAL_CHECK_MS,
    atStart: true,
    run: () => accrueYuebaoInterest(db, yuebaoDay(app.lobby.providers.clock.now(), -1)),
  });
}
