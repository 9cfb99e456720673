import type { FastifyInstance } from 'fastify';
import {
  DEPOSIT_STATE,
  PAY_TYPE,
  SPEED_APPEAL_REASONS,
  opsPayChannelState,
  speedAppealConfig,
  speedToCardAppeal,
  speedToCardCancel,
  speedToCardConfirm,
  speedToCardInfo,
  speedToCardRemind,
} from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';
import { BusinessError } from '../../../http/errors.js';
import { registerCall, type CallContext } from '../../../http/register-call.js';
import { operatorOf } from '../../../operator/operator-auth.js';
import { depositOfMember, newestDeposit, type DepositRow } from '../deposit-repository.js';
import { expireDueDeposits, transitionDeposit } from '../deposit-service.js';
import { payChannelOf } from '../pay-channels.js';
import { setChannelState } from './channel-state.js';
import { checkPayerName } from './deposit-rules.js';
import { SPEED_APPEAL_STATES, refuseRemind, refuseSpeedCancel, requireSpeed, speedInfo } from './speed-service.js';

const COLUMNS = `id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
  recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`;

/**
 * The fast-to-card (speed, 912) calls of spec section 7: order info, the member's
 * confirmation of payment, reminders, cancellation (counted), the appeal config and the
 * appeal; on the deposit orders and their table (orders/deposit/deposit-machine.ts). Money
 * moves only when the provider or an operator confirms the receipt (providerPaid,
 * operatorConfirm), exactly as for the other channels.
 */
export function speedDepositRoutes(app: FastifyInstance): void {
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, speedToCardInfo, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = ctx.request.billNo
        ? await ownSpeed(tx, memberId, ctx.request.billNo)
        : await newestDeposit(tx, memberId, 'state IN (101, 102) AND pay_type_id = $2', [PAY_TYPE.speed]);
      return row ? speedInfo(tx, row, now()) : null;
    }),
  );

  registerCall(app, speedToCardConfirm, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownSpeed(tx, memberId, ctx.request.billNo, true);
      if (row.state !== DEPOSIT_STATE.pendingPayment) {
        throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${row.state}: only an order pending payment (101) can be confirmed as paid`);
      }
      await checkPayerName(tx, memberId, ctx.request.payerName);
      const moved = await transitionDeposit(tx, row, 'memberPaid', `member:${memberId}`, now());
      const updated = await update(tx, moved.id, 'payer_name = $2, paid_at = to_timestamp($3::float8 / 1000.0)', [ctx.request.payerName.trim(), now()]);
      return speedInfo(tx, updated, now());
    }),
  );

  registerCall(app, speedToCardRemind, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownSpeed(tx, memberId, ctx.request.billNo, true);
      refuseRemind(row, now());
      const updated = await update(tx, row.id, 'urge_count = urge_count + 1, urged_at = to_timestamp($2::float8 / 1000.0)', [now()]);
      return speedInfo(tx, updated, now());
    }),
  );

  registerCall(app, speedToCardCancel, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownSpeed(tx, memberId, ctx.request.billNo, true);
      await refuseSpeedCancel(tx, row, now());
      return speedInfo(tx, await transitionDeposit(tx, row, 'memberCancel', `member:${memberId}`, now()), now());
    }),
  );

  registerCall(app, speedAppealConfig, async (ctx) => {
    ctx.requireMember();
    return { reasons: [...SPEED_APPEAL_REASONS], maxLength: 500, states: [...SPEED_APPEAL_STATES] };
  });

  registerCall(app, speedToCardAppeal, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const row = await ownSpeed(tx, memberId, ctx.request.billNo, true);
      if (!SPEED_APPEAL_STATES.includes(row.state)) {
        throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${row.state}: appeals are for orders pending confirmation, closed or expired`);
      }
      if (row.appeal !== '') throw new BusinessError('speedAlreadyAppealed', `deposit ${row.bill_no} was appealed already`);
      const updated = await update(tx, row.id, 'appeal = $2, appeal_reason = $3', [ctx.request.content, ctx.request.reason]);
      return speedInfo(tx, updated, now());
    }),
  );

  registerCall(app, opsPayChannelState, async (ctx) => {
    const { siteId, payTypeId, state } = ctx.request;
    if (!payChannelOf(siteId, payTypeId)) throw new BusinessError('payChannelNotFound', `payTypeId: no pay channel ${payTypeId} on site ${siteId}`);
    await setChannelState(ctx.db, siteId, payTypeId, state, `operator:${operatorOf(ctx.raw).name}`);
    return { siteId, payTypeId, state };
  });

  function memberTx<T>(ctx: CallContext<unknown>, work: (tx: Queryable, memberId: number) => Promise<T>): Promise<T> {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      await expireDueDeposits(tx, member.id, now());
      return work(tx, member.id);
    });
  }
}

/** The member's own fast-to-card order, or orderNotFound (another member's too) / speedOrderNotSpeed. */
async function ownSpeed(tx: Queryable, memberId: number, billNo: string, lock = false): Promise<DepositRow> {
  const row = await depositOfMember(tx, memberId, billNo, lock);
  if (!row) throw new BusinessError('orderNotFound', `billNo: no deposit order ${billNo}`);
  requireSpeed(row);
  return row;
}

async function update(tx: Queryable, id: number, set: string, params: readonly unknown[]): Promise<DepositRow> {
  const { rows } = await tx.query<DepositRow>(`UPDATE deposit_orders SET ${set} WHERE id = $1 RETURNING ${COLUMNS}`, [id, ...params]);
  return rows[0]!;
}

