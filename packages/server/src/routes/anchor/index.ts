import type { FastifyInstance } from 'fastify';
import { availableBalance, buyCoin, checkBuyCoinPermission, coinWalletBalance, fromMinor, toMinor } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { registerCall } from '../../http/register-call.js';
import { databaseIdempotencyGuard } from '../../idempotency/index.js';
import { LedgerError, buyCoin as buyCoinInLedger } from '../../ledger/index.js';
import { financeSettings } from '../finance/finance-settings.js';
import { balancesOf } from '../finance/wallet-view.js';
import { coinPermission } from './coin-permission.js';

/**
 * The anchor route group's coin calls (spec section 7, "Anchor"; flow in section 4):
 * coin wallet, available balance, the purchase permission and the purchase itself.
 */
export function anchorRoutes(app: FastifyInstance): void {
  app.lobby.idempotency ??= databaseIdempotencyGuard(app.lobby.db);

  registerCall(app, coinWalletBalance, async (ctx) => {
    const balances = await balancesOf(ctx.db, ctx.requireMember().id);
    return { coinWalletBalance: balances.get('coin') ?? 0 };
  });

  registerCall(app, availableBalance, async (ctx) => {
    const member = ctx.requireMember();
    const balances = await balancesOf(ctx.db, member.id);
    return { availableBalance: fromMinor(balances.get('centre') ?? 0, 2), coinRate: financeSettings(member.siteId).coinRate };
  });

  registerCall(app, checkBuyCoinPermission, async (ctx) => {
    const member = ctx.requireMember();
    return coinPermission(ctx.db, member.id, financeSettings(member.siteId));
  });

  registerCall(app, buyCoin, async (ctx) => {
    const member = ctx.requireMember();
    const settings = financeSettings(member.siteId);
    const moneyMinor = toMinor(ctx.request.money, 2);
    return ctx.db.transaction(async (tx) => {
      const permission = await coinPermission(tx, member.id, settings);
      if (permission.code !== 0) throw new BusinessError(permission.code, permission.msg);
      const order = await purchase(tx, member.id, moneyMinor, settings.coinRate);
      return {
        message: `Bought ${order.coins} coins`,
        billNo: order.billNo,
        money: fromMinor(order.moneyMinor, 2),
        coins: order.coins,
        coinWalletBalance: order.coinBalanceMinor,
        centerWalletBalance: fromMinor(order.centreBalanceMinor, 2),
      };
    });
  });
}

/** The ledger purchase, with its refusal turned into the contract's business code. */
async function purchase(tx: Queryable, memberId: number, moneyMinor: number, coinRate: number) {
  try {
    return await buyCoinInLedger(tx, { memberId, moneyMinor, coinRate });
  } catch (error) {
    if (error instanceof LedgerError && error.rule === 'exceedsBalance') {
      throw new BusinessError('exceedsBalance', 'the centre wallet holds less than the amount');
    }
    throw error;
  }
}
