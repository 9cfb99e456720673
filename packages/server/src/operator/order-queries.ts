import { fromMinor, type OpsOrder } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { DEPOSIT_STATE_NAME, type DepositState } from '../orders/deposit/deposit-machine.js';
import { DRAW_STATE_NAME, type DrawState } from '../orders/withdrawal/withdrawal-machine.js';

export interface OrderFilter {
  memberName?: string | undefined;
  kind?: 'deposit' | 'withdrawal' | undefined;
  orderState?: number | undefined;
  billNo?: string | undefined;
  limit?: number | undefined;
}

interface OrderRow {
  kind: 'deposit' | 'withdrawal';
  bill_no: string;
  order_bill_no: string;
  member_id: number;
  member_name: string;
  state: number;
  amount_minor: number;
  currency: 'CNY' | 'USDT';
  order_source: number;
  note: string;
  created_at: Date;
}

/**
 * Deposit orders and withdrawal draws in one list for the back office, newest first.
 *
 * @example const [order] = await opsOrders(db, { billNo: 'D2026...' });
 */
export async function opsOrders(q: Queryable, filter: OrderFilter): Promise<OpsOrder[]> {
  const { rows } = await q.query<OrderRow>(
    `SELECT * FROM (
       SELECT 'deposit' AS kind, d.bill_no, d.bill_no AS order_bill_no, d.member_id, m.name AS member_name, d.state::int AS state,
              d.amount_minor, 'CNY' AS currency, 0 AS order_source,
              CASE WHEN d.appeal <> '' THEN 'appeal: ' || d.appeal WHEN d.urge_count > 0 THEN 'urged ' || d.urge_count || ' times' ELSE d.note END AS note,
              d.created_at, d.id
         FROM deposit_orders d JOIN members m ON m.id = d.member_id
       UNION ALL
       SELECT 'withdrawal', w.bill_no, w.order_bill_no, w.member_id, m.name, w.state::int, w.amount_minor, w.currency, o.order_source::int,
              CASE WHEN w.appeal <> '' THEN 'appeal: ' || w.appeal ELSE w.note END, w.created_at, w.id
         FROM withdrawal_draws w JOIN withdrawal_orders o ON o.bill_no = w.order_bill_no JOIN members m ON m.id = w.member_id
     ) x
     WHERE ($1::text IS NULL OR member_name = lower($1)) AND ($2::text IS NULL OR kind = $2)
       AND ($3::int IS NULL OR state = $3) AND ($4::text IS NULL OR bill_no = $4)
     ORDER BY created_at DESC, id DESC LIMIT $5`,
    [filter.memberName ?? null, filter.kind ?? null, filter.orderState ?? null, filter.billNo ?? null, filter.limit ?? 50],
  );
  return rows.map((row) => ({
    kind: row.kind,
    billNo: row.bill_no,
    orderBillNo: row.order_bill_no,
    memberId: row.member_id,
    memberName: row.member_name,
    orderState: row.state,
    statusName: row.kind === 'deposit' ? DEPOSIT_STATE_NAME[row.state as DepositState] : DRAW_STATE_NAME[row.state as DrawState],
    amount: fromMinor(row.amount_minor, row.currency === 'CNY' ? 2 : 6),
    currency: row.currency === 'CNY' ? 'RMB' : 'USDT',
    orderSource: row.order_source,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  }));
}
