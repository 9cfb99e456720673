import type { FastifyInstance } from 'fastify';
import {
  PAY_TYPE,
  alreadyPaid,
  bigBankProcessingOrder,
  cancelNormalOrder,
  depositAppeal,
  depositOrderStatus,
  depositPay,
  depositTipLoop,
  discountConfig,
  fromMinor,
  lastDepositInfo,
  payChannels,
  speedCancelCount,
  speedToCardConfig,
  urgeOrder,
} from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { depositVerifyMobileStatus, phoneBound } from '../../deposit-verify/routes.js';
import { BusinessError } from '../../http/errors.js';
import { registerCall, type CallContext } from '../../http/register-call.js';
import { paymentsOf } from '../../payments/payment-registry.js';
import { dayStartMs, orderSettings } from '../order-settings.js';
import { openDeposit } from './deposit-open.js';
import { depositOfMember, depositView, newestDeposit, type DepositRow } from './deposit-repository.js';
import { discountUsedToday, expireDueDeposits, transitionDeposit } from './deposit-service.js';
import { payChannelsOf } from './pay-channels.js';
import { speedToCardConfigOf } from './speed-to-card.js';
import { channelStatesOf } from './speed/channel-state.js';
import { refuseSpeedCancel } from './speed/speed-service.js';

/**
 * The member's deposit calls (spec section 7, "Finance"). Every call first expires the
 * member's orders whose time is over; a billNo of another member is orderNotFound.
 */
export function depositRoutes(app: FastifyInstance): void {
  const payments = paymentsOf(app);
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, speedToCardConfig, async (ctx) => {
    const member = ctx.requireMember();
    return speedToCardConfigOf(ctx.db, member.id, member.siteId, now());
  });

  registerCall(app, payChannels, async (ctx) => {
    const siteId = ctx.requireMember().siteId;
    // A channel an operator disabled leaves the list (speed/channel-state.ts).
    const states = await channelStatesOf(ctx.db, siteId);
    return { list: payChannelsOf(siteId).filter((c) => states.get(c.payTypeId) !== 'disabled').map((c) => ({
      pay_type_id: c.payTypeId, typeName: c.typeName, userName: c.userName, icon: c.icon,
      deposit_min_amount: fromMinor(c.minMinor, 2), deposit_max_amount: fromMinor(c.maxMinor, 2),
      fixed_amount: c.fixedMinor.map((m) => fromMinor(m, 2)), depositRate: fromMinor(c.discountBp, 2),
      maxDailyDiscount: fromMinor(c.maxDailyDiscountMinor, 2), recommend: c.recommend, sort: c.sort,
      transfer: c.transfer, exchange: false, dc_protocol: '',
    })) };
  });

  registerCall(app, discountConfig, async (ctx) => {
    const member = ctx.requireMember();
    const list = [];
    for (const c of payChannelsOf(member.siteId)) {
      const used = await discountUsedToday(ctx.db, member.id, c.payTypeId, now());
      list.push({ pay_type_id: c.payTypeId, depositRate: fromMinor(c.discountBp, 2), maxDailyDiscount: fromMinor(c.maxDailyDiscountMinor, 2), usedToday: fromMinor(used, 2) });
    }
    return { list };
  });

  registerCall(app, depositPay, async (ctx) => {
    const member = ctx.requireMember();
    // The brand's mobile binding verification before deposit is a rule, not only a screen.
    if (depositVerifyMobileStatus(member.siteId) === 1 && !(await phoneBound(ctx.db, member.id))) {
      throw new BusinessError('identityNoPhone', 'bind a mobile phone before depositing');
    }
    const input = { memberId: member.id, siteId: member.siteId, payTypeId: ctx.request.payTypeId, amount: ctx.request.amount, depositorName: ctx.request.depositorName ?? '' };
    const row = await ctx.db.transaction((tx) => openDeposit(tx, input, (name) => payments.providers.get(name), now()));
    return depositView(row, now());
  }, { idempotency: 'ledger' });

  registerCall(app, depositOrderStatus, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = ctx.request.billNo ? await ownDeposit(tx, memberId, ctx.request.billNo) : await newestDeposit(tx, memberId, 'state IN (101, 102)');
      return row ? depositView(row, now()) : null;
    }),
  );

  registerCall(app, cancelNormalOrder, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownDeposit(tx, memberId, ctx.request.billNo, true);
      const limit = orderSettings(row.site_id).depositCancelsPerDay;
      if ((await cancelsToday(tx, memberId, now())) >= limit) throw new BusinessError('tooMany', `at most ${limit} cancellations a day`);
      // A fast-to-card order cancelled here counts toward the speed cancellations too.
      if (row.pay_type_id === PAY_TYPE.speed) await refuseSpeedCancel(tx, row, now());
      return depositView(await transitionDeposit(tx, row, 'memberCancel', `member:${memberId}`, now()), now());
    }),
  );

  registerCall(app, speedCancelCount, (ctx) =>
    memberTx(ctx, async (tx, memberId) => ({ count: await cancelsToday(tx, memberId, now()), limit: orderSettings(ctx.siteId).depositCancelsPerDay })),
  );

  registerCall(app, alreadyPaid, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownDeposit(tx, memberId, ctx.request.billNo, true);
      return depositView(await transitionDeposit(tx, row, 'memberPaid', `member:${memberId}`, now()), now());
    }),
  );

  registerCall(app, urgeOrder, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownDeposit(tx, memberId, ctx.request.billNo, true);
      if (row.state !== 102) throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${row.state}: only an order pending confirmation (102) can be urged`);
      const intervalMs = orderSettings(row.site_id).urgeIntervalSeconds * 1000;
      if (row.urged_at && now() - row.urged_at.getTime() < intervalMs) throw new BusinessError('urgeTooSoon', `urge again after ${intervalMs / 1000} s`);
      return depositView(await updateDeposit(tx, row.id, 'urge_count = urge_count + 1, urged_at = to_timestamp($2::float8 / 1000.0)', [now()]), now());
    }),
  );

  registerCall(app, depositAppeal, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownDeposit(tx, memberId, ctx.request.billNo, true);
      if (![102, 103, 105].includes(row.state)) throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${row.state}: appeals are for orders pending confirmation, closed or expired`);
      return depositView(await updateDeposit(tx, row.id, 'appeal = $2', [ctx.request.content]), now());
    }),
  );

  registerCall(app, lastDepositInfo, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await newestDeposit(tx, memberId);
      return row ? depositView(row, now()) : null;
    }),
  );

  registerCall(app, depositTipLoop, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await newestDeposit(tx, memberId, 'state = 104 AND NOT tip_shown');
      if (!row) return { status: 0, content: '', billNo: '' };
      await updateDeposit(tx, row.id, 'tip_shown = true', []);
      const usdt = row.recipient.usdt;
      // A route 'usdt' USDT deposit arrives in the USDT wallet, in USDT.
      const content = usdt?.route === 'usdt'
        ? `Your deposit of ${usdt.creditAmount.toFixed(6)} USDT has arrived in the USDT wallet`
        : `Your deposit of ${fromMinor(row.amount_minor + row.discount_minor, 2).toFixed(2)} has arrived in the centre wallet`;
      return { status: 1, content, billNo: row.bill_no };
    }),
  );

  registerCall(app, bigBankProcessingOrder, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await newestDeposit(tx, memberId, 'state IN (101, 102) AND pay_type_id = $2', [PAY_TYPE.bigRecharge]);
      return row ? depositView(row, now()) : null;
    }),
  );

  /** Runs a member's deposit work in one transaction, after expiring their due orders. */
  function memberTx<T>(ctx: CallContext<unknown>, work: (tx: Queryable, memberId: number) => Promise<T>): Promise<T> {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      await expireDueDeposits(tx, member.id, now());
      return work(tx, member.id);
    });
  }
}

/** The member's own order, or orderNotFound (also for another member's bill number). */
async function ownDeposit(tx: Queryable, memberId: number, billNo: string, lock = false): Promise<DepositRow> {
  const row = await depositOfMember(tx, memberId, billNo, lock);
  if (!row) throw new BusinessError('orderNotFound', `billNo: no deposit order ${billNo}`);
  return row;
}

async function cancelsToday(tx: Queryable, memberId: number, nowMs: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_events e JOIN deposit_orders d ON d.bill_no = e.bill_no
     WHERE d.member_id = $1 AND e.event = 'memberCancel' AND e.created_at >= to_timestamp($2::float8 / 1000.0)`,
    [memberId, dayStartMs(nowMs)],
  );
  return rows[0]!.n;
}

async function updateDeposit(tx: Queryable, id: number, set: string, params: readonly unknown[]): Promise<DepositRow> {
  const { rows } = await tx.query<DepositRow>(
    `UPDATE deposit_orders SET ${set} WHERE id = $1
     RETURNING id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
       recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`,
    [id, ...params],
  );
  return rows[0]!;
}
