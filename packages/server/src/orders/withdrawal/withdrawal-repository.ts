import { WITHDRAW_TYPE, fromMinor, type WithdrawalOrder } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { orderStateOf, withdrawalStatusOf, type DrawState } from './withdrawal-machine.js';

export interface WithdrawalOrderRow {
  id: number;
  bill_no: string;
  member_id: number;
  site_id: number;
  withdraw_type: number;
  currency: 'CNY' | 'USDT';
  amount_minor: number;
  payout: Record<string, string>;
  order_source: number;
  first_draw: boolean;
  created_at: Date;
}

export interface DrawRow {
  id: number;
  bill_no: string;
  order_bill_no: string;
  member_id: number;
  withdraw_type: number;
  currency: 'CNY' | 'USDT';
  amount_minor: number;
  state: DrawState;
  match_result: number;
  timeout_minutes: number;
  expires_at: Date;
  appeal: string;
  note: string;
  created_at: Date;
}

export const ORDER_COLUMNS = 'id, bill_no, member_id, site_id, withdraw_type, currency, amount_minor, payout, order_source, first_draw, created_at';
export const DRAW_COLUMNS = 'id, bill_no, order_bill_no, member_id, withdraw_type, currency, amount_minor, state, match_result, timeout_minutes, expires_at, appeal, note, created_at';

/** A draw by bill number, of this member when `memberId` is given; `lock` takes it for a change. */
export async function drawByBill(q: Queryable, billNo: string, memberId: number | null, lock = false): Promise<DrawRow | undefined> {
  const { rows } = await q.query<DrawRow>(
    `SELECT ${DRAW_COLUMNS} FROM withdrawal_draws WHERE bill_no = $1 AND ($2::bigint IS NULL OR member_id = $2)${lock ? ' FOR UPDATE' : ''}`,
    [billNo, memberId],
  );
  return rows[0];
}

/** An order with its draws, by the order's or one draw's bill number; of this member when given. */
export async function withdrawalOf(q: Queryable, billNo: string, memberId: number | null): Promise<{ order: WithdrawalOrderRow; draws: DrawRow[] } | undefined> {
  const { rows } = await q.query<WithdrawalOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM withdrawal_orders WHERE ($2::bigint IS NULL OR member_id = $2)
       AND bill_no = (SELECT coalesce((SELECT order_bill_no FROM withdrawal_draws WHERE bill_no = $1), $1))`,
    [billNo, memberId],
  );
  const order = rows[0];
  if (!order) return undefined;
  const draws = await q.query<DrawRow>(`SELECT ${DRAW_COLUMNS} FROM withdrawal_draws WHERE order_bill_no = $1 ORDER BY id`, [order.bill_no]);
  return { order, draws: draws.rows };
}

/** The member's newest order that still has an active draw. */
export async function activeWithdrawal(q: Queryable, memberId: number): Promise<{ order: WithdrawalOrderRow; draws: DrawRow[] } | undefined> {
  const { rows } = await q.query<{ order_bill_no: string }>(
    'SELECT order_bill_no FROM withdrawal_draws WHERE member_id = $1 AND state IN (4011, 4012, 4013, 4014) ORDER BY id DESC LIMIT 1',
    [memberId],
  );
  return rows[0] ? withdrawalOf(q, rows[0].order_bill_no, memberId) : undefined;
}

const wireCurrency = (currency: 'CNY' | 'USDT'): 'RMB' | 'USDT' => (currency === 'CNY' ? 'RMB' : 'USDT');
const decimalsOf = (currency: 'CNY' | 'USDT') => (currency === 'CNY' ? 2 : 6);
const secondsLeft = (draw: DrawRow, nowMs: number) =>
  draw.state === 4011 || draw.state === 4012 ? Math.max(0, Math.ceil((draw.expires_at.getTime() - nowMs) / 1000)) : 0;

/** The wire shape of spec section 3, "Withdrawal order"; a fast order lists its split draws. */
export function withdrawalView(order: WithdrawalOrderRow, draws: readonly DrawRow[], nowMs: number): WithdrawalOrder {
  const state = orderStateOf(draws.map((d) => d.state));
  const matchResult = draws.some((d) => d.state === 4013 && d.match_result === 1) ? 1 : 0;
  const fast = order.withdraw_type === WITHDRAW_TYPE.fast;
  const drawView = (d: DrawRow) => ({
    billNo: d.bill_no,
    orderState: d.state,
    status: withdrawalStatusOf(d.state, d.match_result, order.order_source),
    matchResult: d.match_result,
    orderSource: order.order_source,
    orderTimeOut: d.timeout_minutes,
    expireTime: secondsLeft(d, nowMs),
    withdrawType: d.withdraw_type,
    sourceWithdrawType: order.withdraw_type,
    speedLabel: fast ? 1 : 0,
    firstDraw: order.first_draw,
    amount: fromMinor(d.amount_minor, decimalsOf(d.currency)),
    currency: wireCurrency(d.currency),
    createdAt: d.created_at.toISOString(),
  });
  const left = draws.map((d) => secondsLeft(d, nowMs)).filter((s) => s > 0);
  return {
    billNo: order.bill_no,
    orderState: state,
    status: withdrawalStatusOf(state, matchResult, order.order_source),
    matchResult,
    orderSource: order.order_source,
    orderTimeOut: draws[0]?.timeout_minutes ?? 0,
    expireTime: left.length > 0 ? Math.min(...left) : 0,
    withdrawType: order.withdraw_type,
    sourceWithdrawType: order.withdraw_type,
    speedLabel: fast ? 1 : 0,
    firstDraw: order.first_draw,
    amount: fromMinor(order.amount_minor, decimalsOf(order.currency)),
    currency: wireCurrency(order.currency),
    createdAt: order.created_at.toISOString(),
    subDraws: fast ? draws.map(drawView) : [],
  };
}
