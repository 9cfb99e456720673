import type { FastifyInstance } from 'fastify';
import {
  opsDepositConfirm,
  opsDepositExpire,
  opsDepositReject,
  opsOrderList,
  opsSandboxPayment,
  opsWithdrawalComplete,
  opsWithdrawalExpire,
  opsWithdrawalFreeze,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  opsWithdrawalSource,
  opsWithdrawalUnfreeze,
  type OpsOrder,
} from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { DepositEvent } from '../orders/deposit/deposit-machine.js';
import { depositByBill } from '../orders/deposit/deposit-repository.js';
import { transitionDeposit } from '../orders/deposit/deposit-service.js';
import type { DrawEvent } from '../orders/withdrawal/withdrawal-machine.js';
import { drawByBill, withdrawalOf } from '../orders/withdrawal/withdrawal-repository.js';
import { transitionDraw } from '../orders/withdrawal/withdrawal-service.js';
import { paymentsOf } from '../payments/payment-registry.js';
import { operatorOf } from './operator-auth.js';
import { opsOrders } from './order-queries.js';

type OrderAction = typeof opsDepositConfirm;

/**
 * The operator's order actions (issue 3, item 11): every deposit and withdrawal state is
 * reachable by these calls (and `npm run ops`). Each action is one step of the order's
 * table; an action the state does not allow is refused with illegalTransition.
 */
export function orderOperatorRoutes(app: FastifyInstance): void {
  const now = () => app.lobby.providers.clock.now();
  const depositActions: [OrderAction, DepositEvent][] = [[opsDepositConfirm, 'operatorConfirm'], [opsDepositReject, 'operatorReject'], [opsDepositExpire, 'expire']];
  for (const [call, event] of depositActions) {
    registerCall(app, call, async (ctx) => {
      const actor = `operator:${operatorOf(ctx.raw).name}`;
      await ctx.db.transaction(async (tx) => {
        const row = await depositByBill(tx, ctx.request.billNo, true);
        if (!row) throw new BusinessError('orderNotFound', `billNo: no deposit order ${ctx.request.billNo}`);
        await transitionDeposit(tx, row, event, actor, now(), ctx.request.note ?? '');
      });
      return shown(ctx.db, ctx.request.billNo);
    });
  }
  const drawActions: [OrderAction, DrawEvent][] = [
    [opsWithdrawalMatch, 'match'], [opsWithdrawalPay, 'pay'], [opsWithdrawalComplete, 'operatorComplete'],
    [opsWithdrawalFreeze, 'freeze'], [opsWithdrawalUnfreeze, 'unfreeze'], [opsWithdrawalExpire, 'expire'],
  ];
  for (const [call, event] of drawActions) {
    registerCall(app, call, async (ctx) => {
      const actor = `operator:${operatorOf(ctx.raw).name}`;
      await ctx.db.transaction(async (tx) => {
        const draw = await drawByBill(tx, ctx.request.billNo, null, true);
        if (!draw) throw new BusinessError('orderNotFound', `billNo: no withdrawal draw ${ctx.request.billNo} (fast orders: act on each draw, <billNo>-1, ...)`);
        await transitionDraw(tx, draw, event, actor, now(), ctx.request.note ?? '');
      });
      return shown(ctx.db, ctx.request.billNo);
    });
  }

  registerCall(app, opsWithdrawalSource, async (ctx) => {
    const found = await withdrawalOf(ctx.db, ctx.request.billNo, null);
    if (!found) throw new BusinessError('orderNotFound', `billNo: no withdrawal ${ctx.request.billNo}`);
    await ctx.db.query('UPDATE withdrawal_orders SET order_source = $2 WHERE bill_no = $1', [found.order.bill_no, ctx.request.orderSource]);
    return { billNo: found.order.bill_no, orderSource: ctx.request.orderSource, draws: found.draws.length };
  });

  registerCall(app, opsOrderList, async (ctx) => ({ list: await opsOrders(ctx.db, ctx.request) }));

  registerCall(app, opsSandboxPayment, async (ctx) => {
    if (!app.lobby.config.sandbox) throw new BusinessError('notFound', 'the sandbox is switched off (LOBBY_SANDBOX=off)');
    const row = await depositByBill(ctx.db, ctx.request.billNo);
    if (!row || row.provider !== 'sandbox' || !row.provider_ref) throw new BusinessError('orderNotFound', `billNo: no sandbox payment for ${ctx.request.billNo}`);
    const payment = { billNo: row.bill_no, providerRef: row.provider_ref, amountMinor: row.amount_minor };
    const options = { duplicate: ctx.request.duplicate ?? false, delayMs: ctx.request.delayMs ?? 0 };
    return { deliveries: await paymentsOf(app).sandbox.settle(payment, ctx.request.outcome, options) };
  });
}

async function shown(db: Database, billNo: string): Promise<OpsOrder> {
  const [order] = await opsOrders(db, { billNo, limit: 1 });
  return order!;
}
