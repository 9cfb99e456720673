import { DEPOSIT_STATE, PAY_TYPE, type SpeedToCardInfo } from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';
import { BusinessError } from '../../../http/errors.js';
import { dayStartMs } from '../../order-settings.js';
import { depositView, type DepositRow } from '../deposit-repository.js';
import { speedSettings } from './speed-settings.js';

/** What the speed flow keeps on a deposit order beside the common columns (migration 0211). */
interface SpeedColumns {
  payer_name: string;
  paid_at: Date | null;
  appeal_reason: string;
}

/** Refuses an order that is not fast to card (speedOrderNotSpeed). */
export function requireSpeed(row: DepositRow): void {
  if (row.pay_type_id !== PAY_TYPE.speed) throw new BusinessError('speedOrderNotSpeed', `deposit ${row.bill_no} is pay type ${row.pay_type_id}, not fast to card (912)`);
}

/** Fast-to-card cancellations of the member today (memberCancel steps of 912 orders). */
export async function speedCancelsToday(q: Queryable, memberId: number, nowMs: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_events e JOIN deposit_orders d ON d.bill_no = e.bill_no
     WHERE d.member_id = $1 AND d.pay_type_id = $2 AND e.event = 'memberCancel' AND e.created_at >= to_timestamp($3::float8 / 1000.0)`,
    [memberId, PAY_TYPE.speed, dayStartMs(nowMs)],
  );
  return rows[0]!.n;
}

async function speedColumnsOf(q: Queryable, row: DepositRow): Promise<SpeedColumns> {
  const { rows } = await q.query<SpeedColumns>('SELECT payer_name, paid_at, appeal_reason FROM deposit_orders WHERE id = $1', [row.id]);
  const columns = rows[0]!;
  if (columns.paid_at || row.state === DEPOSIT_STATE.pendingPayment) return columns;
  // Paid by the common alreadyPaid call: the time of its step.
  const paid = await q.query<{ created_at: Date }>(`SELECT created_at FROM order_events WHERE bill_no = $1 AND event = 'memberPaid' ORDER BY id DESC LIMIT 1`, [row.bill_no]);
  return { ...columns, paid_at: paid.rows[0]?.created_at ?? null };
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The speed-to-card order info of a fast-to-card order: the common order (card to pay to,
 * amount), the time to pay (until the order expires) and to confirm (payConfirmTime minutes
 * from the member's confirmation), the reminders, the appeal and today's speed cancellations.
 *
 * @example const info = await speedInfo(tx, row, Date.now()); info.confirmExpireTime // 900 after the member confirmed
 */
export async function speedInfo(q: Queryable, row: DepositRow, nowMs: number): Promise<SpeedToCardInfo> {
  const settings = speedSettings(row.site_id);
  const extra = await speedColumnsOf(q, row);
  const confirmAt = extra.paid_at ? extra.paid_at.getTime() + settings.confirmMinutes * 60_000 : null;
  const order = depositView(row, nowMs);
  const pendingConfirmation = row.state === DEPOSIT_STATE.pendingConfirmation;
  const nextRemindAt = row.urged_at ? row.urged_at.getTime() + settings.remindIntervalSeconds * 1000 : 0;
  return {
    order,
    payerName: extra.payer_name,
    payDeadline: row.expires_at.toISOString(),
    payExpireTime: order.expireTime,
    confirmDeadline: confirmAt === null ? '' : new Date(confirmAt).toISOString(),
    confirmExpireTime: pendingConfirmation && confirmAt !== null ? seconds(confirmAt - nowMs) : 0,
    remindCount: row.urge_count,
    remindLimit: settings.remindLimit,
    remindAfter: pendingConfirmation ? seconds(nextRemindAt - nowMs) : 0,
    appealReason: extra.appeal_reason,
    appealContent: row.appeal,
    cancelCount: await speedCancelsToday(q, row.member_id, nowMs),
    cancelLimit: settings.cancelsPerDay,
  };
}

/** Refuses a fast-to-card cancellation over today's limit (tooMany, 244305). */
export async function refuseSpeedCancel(q: Queryable, row: DepositRow, nowMs: number): Promise<void> {
  const { cancelsPerDay } = speedSettings(row.site_id);
  if ((await speedCancelsToday(q, row.member_id, nowMs)) >= cancelsPerDay) throw new BusinessError('tooMany', `at most ${cancelsPerDay} fast-to-card cancellations a day`);
}

/** Refuses a reminder that is not allowed now (not pending confirmation, too soon, none left). */
export function refuseRemind(row: DepositRow, nowMs: number): void {
  const settings = speedSettings(row.site_id);
  if (row.state !== DEPOSIT_STATE.pendingConfirmation) {
    throw new BusinessError('illegalTransition', `deposit ${row.bill_no} is ${row.state}: only an order pending confirmation (102) can be reminded`);
  }
  if (row.urge_count >= settings.remindLimit) throw new BusinessError('speedRemindLimit', `at most ${settings.remindLimit} reminders an order`);
  if (row.urged_at && nowMs - row.urged_at.getTime() < settings.remindIntervalSeconds * 1000) throw new BusinessError('urgeTooSoon', `remind again after ${settings.remindIntervalSeconds} s`);
}

/** Order states an appeal is taken in: pending confirmation, closed, expired. */
export const SPEED_APPEAL_STATES: readonly number[] = [DEPOSIT_STATE.pendingConfirmation, DEPOSIT_STATE.closed, DEPOSIT_STATE.expired];
