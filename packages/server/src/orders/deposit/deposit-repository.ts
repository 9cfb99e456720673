import { fromMinor, type DepositOrder } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import type { Recipient } from '../../payments/payment-provider.js';
import { DEPOSIT_STATE_NAME, type DepositState } from './deposit-machine.js';
import { payChannelOf } from './pay-channels.js';

/** One deposit order as stored. */
export interface DepositRow {
  id: number;
  bill_no: string;
  member_id: number;
  site_id: number;
  pay_type_id: string;
  amount_minor: number;
  discount_minor: number;
  state: DepositState;
  provider: string;
  provider_ref: string | null;
  recipient: Partial<Recipient> & { usdt?: DepositOrder['usdt'] };
  timeout_minutes: number;
  expires_at: Date;
  urge_count: number;
  urged_at: Date | null;
  appeal: string;
  note: string;
  tip_shown: boolean;
  created_at: Date;
}

const COLUMNS = `id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
  recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`;

/** A member's order by bill number (another member's is not found); `lock` takes the row for a change. */
export async function depositOfMember(q: Queryable, memberId: number, billNo: string, lock = false): Promise<DepositRow | undefined> {
  const { rows } = await q.query<DepositRow>(
    `SELECT ${COLUMNS} FROM deposit_orders WHERE bill_no = $1 AND member_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [billNo, memberId],
  );
  return rows[0];
}

/** Any order by bill number (operators, callbacks). */
export async function depositByBill(q: Queryable, billNo: string, lock = false): Promise<DepositRow | undefined> {
  const { rows } = await q.query<DepositRow>(`SELECT ${COLUMNS} FROM deposit_orders WHERE bill_no = $1${lock ? ' FOR UPDATE' : ''}`, [billNo]);
  return rows[0];
}

/** The member's newest order matching `where` (extra SQL on the member's rows), or undefined. */
export async function newestDeposit(q: Queryable, memberId: number, where = 'true', params: readonly unknown[] = []): Promise<DepositRow | undefined> {
  const { rows } = await q.query<DepositRow>(
    `SELECT ${COLUMNS} FROM deposit_orders WHERE member_id = $1 AND (${where}) ORDER BY id DESC LIMIT 1`,
    [memberId, ...params],
  );
  return rows[0];
}

export interface NewDeposit {
  billNo: string;
  memberId: number;
  siteId: number;
  payTypeId: string;
  amountMinor: number;
  provider: string;
  depositorName: string;
  timeoutMinutes: number;
  nowMs: number;
}

/** Inserts an order pending payment (101). */
export async function insertDeposit(q: Queryable, order: NewDeposit): Promise<DepositRow> {
  const { rows } = await q.query<DepositRow>(
    `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, depositor_name, timeout_minutes, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, 101, $6, $7, $8, to_timestamp($10::float8 / 1000.0), to_timestamp($9::float8 / 1000.0))
     RETURNING ${COLUMNS}`,
    [order.billNo, order.memberId, order.siteId, order.payTypeId, order.amountMinor, order.provider, order.depositorName, order.timeoutMinutes, order.nowMs, order.nowMs + order.timeoutMinutes * 60_000],
  );
  return rows[0]!;
}

/**
 * The wire shape (spec section 3, "Deposit order"): expireTime counts down only while
 * the order waits for payment; recipient fields are those of bank transfer channels.
 */
export function depositView(row: DepositRow, nowMs: number): DepositOrder {
  const channel = payChannelOf(row.site_id, row.pay_type_id);
  const pending = row.state === 101;
  return {
    id: row.id,
    billNo: row.bill_no,
    orderState: row.state,
    statusName: DEPOSIT_STATE_NAME[row.state],
    orderTimeOut: row.timeout_minutes,
    expireTime: pending ? Math.max(0, Math.ceil((row.expires_at.getTime() - nowMs) / 1000)) : 0,
    payType: row.pay_type_id,
    payTypeName: channel?.typeName ?? row.pay_type_id,
    bankName: row.recipient.bankName ?? '',
    icon: channel?.icon ?? '',
    transfer: channel?.transfer ?? false,
    orderAmount: fromMinor(row.amount_minor, 2),
    discountAmount: fromMinor(row.discount_minor, 2),
    recipientAccount: row.recipient.account ?? '',
    recipientName: row.recipient.name ?? '',
    recipientAddress: row.recipient.address ?? '',
    recipientCode: row.recipient.code ?? '',
    uploadView: channel?.transfer ?? false,
    urgeCount: row.urge_count,
    appealed: row.appeal !== '',
    createdAt: row.created_at.toISOString(),
    // A USDT order (orders/deposit/usdt/) keeps its USDT side with the recipient.
    ...(row.recipient.usdt ? { usdt: row.recipient.usdt } : {}),
  };
}
