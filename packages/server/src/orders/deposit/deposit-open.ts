import { PAY_TYPE, fromMinor, toMinor, type DepositOrder } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { PaymentProviderError, requestPayment, type PaymentProvider } from '../../payments/payment-provider.js';
import { newBillNo, orderSettings } from '../order-settings.js';
import { recordOrderEvent } from '../order-events.js';
import { expireDueDeposits } from './deposit-service.js';
import { depositView, insertDeposit, newestDeposit, type DepositRow } from './deposit-repository.js';
import { payChannelOf } from './pay-channels.js';
import { refuseDeposit } from './speed/deposit-rules.js';
import { assertMayPlay } from '../../responsible/guard.js';

export interface OpenDepositInput {
  memberId: number;
  siteId: number;
  payTypeId: string;
  amount: number;
  depositorName: string;
}

/**
 * depositPay: checks the channel and amount, refuses a second active order
 * (hasOtherOne, with the active order as data), opens the order (101) and asks the
 * channel's provider for the payment. A declined or timed-out payment refuses the call
 * (paymentDeclined, paymentProviderTimeout) and leaves no order behind.
 *
 * @example const row = await openDeposit(tx, { memberId, siteId: 4, payTypeId: '1', amount: 100, depositorName: '' }, (name) => providers.get(name), Date.now());
 */
export async function openDeposit(
  tx: Queryable,
  input: OpenDepositInput,
  providerOf: (name: string) => PaymentProvider | undefined,
  nowMs: number,
): Promise<DepositRow> {
  // Spec section 8 refusals of real conditions (channel states, speed rules, ...).
  await refuseDeposit(tx, { memberId: input.memberId, siteId: input.siteId, payTypeId: input.payTypeId, amountMinor: toMinor(input.amount, 2), depositorName: input.depositorName, nowMs });
  // A USDT order needs a merchant, protocol and route: usdtDepositPay (orders/deposit/usdt/).
  if (input.payTypeId === PAY_TYPE.usdt) throw new BusinessError('usdtDepositUseUsdtCall', 'payTypeId: 2120 (USDT) deposits are made with usdtDepositPay');
  const channel = payChannelOf(input.siteId, input.payTypeId);
  const provider = channel && providerOf(channel.provider);
  if (!channel || !provider) throw new BusinessError('payChannelNotFound', `payTypeId: no pay channel ${input.payTypeId} on this site`);
  const amountMinor = toMinor(input.amount, 2);
  if (amountMinor < channel.minMinor || amountMinor > channel.maxMinor) {
    throw new BusinessError('amountOutOfRange', `amount: must be between ${fromMinor(channel.minMinor, 2)} and ${fromMinor(channel.maxMinor, 2)} on ${channel.typeName}`);
  }
  await expireDueDeposits(tx, input.memberId, nowMs);
  await refuseSecondActive(tx, input.memberId, nowMs);
  // Responsible play (issue 22): the member's exclusion and deposit limits, in this transaction, before the order exists.
  await assertMayPlay(tx, { memberId: input.memberId, door: 'deposit', amountMinor, at: new Date(nowMs) });
  const billNo = newBillNo('D', nowMs);
  const timeoutMinutes = orderSettings(input.siteId).depositTimeoutMinutes;
  const row = await insertDeposit(tx, { billNo, memberId: input.memberId, siteId: input.siteId, payTypeId: channel.payTypeId, amountMinor, provider: provider.name, depositorName: input.depositorName, timeoutMinutes, nowMs }).catch(
    (error: unknown) => {
      // A racing depositPay with another key committed its order first.
      if ((error as { constraint?: string }).constraint === 'deposit_orders_one_active') throw new BusinessError('hasOtherOne', 'another deposit order is active');
      throw error;
    },
  );
  const instructions = await paymentFor(provider, { billNo, amountMinor, payTypeId: channel.payTypeId, transfer: channel.transfer });
  const { rows } = await tx.query<DepositRow>(
    `UPDATE deposit_orders SET provider_ref = $2, recipient = $3 WHERE id = $1
     RETURNING id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
       recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`,
    [row.id, instructions.providerRef, JSON.stringify(instructions.recipient)],
  );
  await recordOrderEvent(tx, { kind: 'deposit', billNo, event: 'open', from: null, to: 101, actor: `member:${input.memberId}`, atMs: nowMs });
  return rows[0]!;
}

export async function refuseSecondActive(tx: Queryable, memberId: number, nowMs: number): Promise<void> {
  const active = await newestDeposit(tx, memberId, 'state IN (101, 102)');
  if (!active) return;
  const data: DepositOrder = depositView(active, nowMs);
  throw new BusinessError('hasOtherOne', `finish or cancel deposit order ${active.bill_no} first`, data);
}

export async function paymentFor(provider: PaymentProvider, request: Parameters<PaymentProvider['createPayment']>[0]) {
  try {
    return await requestPayment(provider, request);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.reason === 'timeout') throw new BusinessError('paymentProviderTimeout', error.message);
    if (error instanceof PaymentProviderError) throw new BusinessError('paymentDeclined', error.message);
    throw error;
  }
}
