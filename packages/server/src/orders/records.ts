import { fromMinor, recordDetail, type CallResponse } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { DEPOSIT_STATE_NAME } from './deposit/deposit-machine.js';
import { depositOfMember } from './deposit/deposit-repository.js';
import { withdrawalOf } from './withdrawal/withdrawal-repository.js';
import { DRAW_STATE_NAME, orderStateOf } from './withdrawal/withdrawal-machine.js';

type Record = CallResponse<typeof recordDetail>;

/** auditStatus of a record: 0 in progress, 1 succeeded, 2 failed or closed. */
const auditOf = (state: number) => ([104, 4015].includes(state) ? 1 : [103, 105, 4016].includes(state) ? 2 : 0);

/**
 * A member's deposit or withdrawal record by billNo (spec section 7, "query-records detail
 * by billNo"); another member's bill number is orderNotFound.
 *
 * @example await recordOf(db, memberId, 'D202611210123456789') // { dealType: 'deposit', ... }
 */
export async function recordOf(q: Queryable, memberId: number, billNo: string): Promise<Record> {
  const deposit = await depositOfMember(q, memberId, billNo);
  if (deposit) {
    return {
      billNo, dealType: 'deposit', orderState: deposit.state, statusName: DEPOSIT_STATE_NAME[deposit.state], auditStatus: auditOf(deposit.state),
      // A route 'usdt' USDT deposit is recorded in the USDT its wallet receives; every other deposit in yuan.
      ...(deposit.recipient.usdt?.route === 'usdt' ? { amount: deposit.recipient.usdt.creditAmount, currency: 'USDT' as const } : { amount: fromMinor(deposit.amount_minor, 2), currency: 'RMB' as const }),
      createdAt: deposit.created_at.toISOString(),
    };
  }
  const withdrawal = await withdrawalOf(q, billNo, memberId);
  if (!withdrawal) throw new BusinessError('orderNotFound', `billNo: no record ${billNo}`);
  const draw = withdrawal.draws.find((d) => d.bill_no === billNo);
  const state = draw ? draw.state : orderStateOf(withdrawal.draws.map((d) => d.state));
  const { currency, amount_minor } = draw ?? withdrawal.order;
  return {
    billNo, dealType: 'withdrawal', orderState: state, statusName: DRAW_STATE_NAME[state], auditStatus: auditOf(state),
    amount: fromMinor(amount_minor, currency === 'CNY' ? 2 : 6), currency: currency === 'CNY' ? 'RMB' : 'USDT', createdAt: withdrawal.order.created_at.toISOString(),
  };
}

/** Registers recordDetail. */
export function recordRoutes(app: FastifyInstance): void {
  registerCall(app, recordDetail, async (ctx) => recordOf(ctx.db, ctx.requireMember().id, ctx.request.billNo));
}
