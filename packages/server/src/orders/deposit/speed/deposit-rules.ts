import { PAY_TYPE, fromMinor } from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';
import { BusinessError } from '../../../http/errors.js';
import { dayStartMs } from '../../order-settings.js';
import { payChannelOf, payChannelsOf } from '../pay-channels.js';
import { channelStatesOf } from './channel-state.js';
import { speedSettings } from './speed-settings.js';

/**
 * Big recharges above this many fen are made with customer service's help (helpGuests,
 * 244388) instead of by the member alone; the channel still lists its full range.
 */
export const BIG_RECHARGE_SELF_MAX_MINOR = 500_000_00;

/** Speed (912) orders the member opened today (any state), for payCount. */
export async function speedOrdersToday(q: Queryable, memberId: number, nowMs: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1 AND pay_type_id = $2 AND created_at >= to_timestamp($3::float8 / 1000.0)`,
    [memberId, PAY_TYPE.speed, dayStartMs(nowMs)],
  );
  return rows[0]!.n;
}

/** The member's real name ('' when not set). */
export async function realNameOf(q: Queryable, memberId: number): Promise<string> {
  const { rows } = await q.query<{ real_name: string }>('SELECT real_name FROM members WHERE id = $1', [memberId]);
  return rows[0]?.real_name ?? '';
}

/**
 * The payer-name rule of fast-to-card (payNameType 1): the name paid from must be the
 * member's real name. No real name to compare with is authenticationFailure (10425, the
 * page sends the member to the profile); another name is errorName (244316).
 */
export async function checkPayerName(q: Queryable, memberId: number, payerName: string): Promise<void> {
  const realName = await realNameOf(q, memberId);
  if (realName === '') throw new BusinessError('authenticationFailure', 'set your real name before paying by fast to card: the payer name is checked against it');
  if (payerName.trim() !== realName) throw new BusinessError('errorName', 'depositorName: the payer name must be your real name on fast to card');
}

export interface DepositAttempt {
  memberId: number;
  siteId: number;
  payTypeId: string;
  amountMinor: number;
  depositorName: string;
  nowMs: number;
}

/**
 * The refusals of spec section 8 that depositPay gives for a real condition, before the
 * order is opened (nothing is written):
 * - wrongPay (244080): a pay type another brand of the product offers, not this one;
 * - disabled (244300): the operator disabled the channel;
 * - noAvailable (244063): fast to card with its receiving banks in maintenance;
 * - recommendPayment (244666): another channel in maintenance, with the recommended one as data;
 * - noLabor (244098): an agent-handled channel (big recharge) with nobody on duty;
 * - helpGuests (244388): a big recharge above BIG_RECHARGE_SELF_MAX_MINOR;
 * - tooMany (244305): no fast-to-card deposits left today (payCount 0);
 * - errorName (244316) / authenticationFailure (10425): the fast-to-card payer-name rule.
 *
 * @example await refuseDeposit(tx, { memberId, siteId: 4, payTypeId: '912', amountMinor: 300_00, depositorName: '', nowMs });
 */
export async function refuseDeposit(q: Queryable, attempt: DepositAttempt): Promise<void> {
  const { siteId, payTypeId } = attempt;
  const channel = payChannelOf(siteId, payTypeId);
  if (!channel) {
    if (payChannelsOf(4).some((c) => c.payTypeId === payTypeId)) throw new BusinessError('wrongPay', `payTypeId: pay type ${payTypeId} is not offered on this site`);
    return; // unknown everywhere: payChannelNotFound, as before
  }
  const states = await channelStatesOf(q, siteId);
  const state = states.get(payTypeId) ?? 'open';
  if (state === 'disabled') throw new BusinessError('disabled', `${channel.typeName} is disabled on this site`);
  if (state === 'maintenance') {
    if (payTypeId === PAY_TYPE.speed) throw new BusinessError('noAvailable', 'fast to card: the receiving banks are in maintenance, no card is available');
    const recommended = payChannelsOf(siteId).find((c) => c.recommend && c.payTypeId !== payTypeId && (states.get(c.payTypeId) ?? 'open') === 'open');
    if (recommended) throw new BusinessError('recommendPayment', `${channel.typeName} is in maintenance; use ${recommended.typeName}`, { pay_type_id: recommended.payTypeId });
    throw new BusinessError('noAvailable', `${channel.typeName} is in maintenance`);
  }
  if (state === 'unstaffed') throw new BusinessError('noLabor', `${channel.typeName}: no agent is on duty now`);
  if (payTypeId === PAY_TYPE.bigRecharge && attempt.amountMinor > BIG_RECHARGE_SELF_MAX_MINOR && attempt.amountMinor <= channel.maxMinor) {
    throw new BusinessError('helpGuests', `big recharges above ${fromMinor(BIG_RECHARGE_SELF_MAX_MINOR, 2)} are made with customer service`);
  }
  if (payTypeId === PAY_TYPE.speed) {
    const { paysPerDay } = speedSettings(siteId);
    if ((await speedOrdersToday(q, attempt.memberId, attempt.nowMs)) >= paysPerDay) throw new BusinessError('tooMany', `at most ${paysPerDay} fast-to-card deposits a day`);
    if (attempt.depositorName !== '') await checkPayerName(q, attempt.memberId, attempt.depositorName);
  }
}
