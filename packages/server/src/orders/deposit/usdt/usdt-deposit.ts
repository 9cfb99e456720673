import { PAY_TYPE, fromMinor, toMinor, MoneyFormatError, type DepositOrder, type UsdtDepositRoute } from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';
import { BusinessError } from '../../../http/errors.js';
import type { PaymentProvider } from '../../../payments/payment-provider.js';
import { rmbForUsdt } from '../../../banks/conversions.js';
import { recordOrderEvent } from '../../order-events.js';
import { newBillNo, orderSettings } from '../../order-settings.js';
import { paymentFor, refuseSecondActive } from '../deposit-open.js';
import { refuseDeposit } from '../speed/deposit-rules.js';
import { insertDeposit, type DepositRow } from '../deposit-repository.js';
import { expireDueDeposits } from '../deposit-service.js';
import { payChannelOf } from '../pay-channels.js';
import { assertMayPlay } from '../../../responsible/guard.js';
import { rmbRangeOf, usdtDepositRateE5, usdtDueForRmb, usdtMerchantOf } from './merchants.js';

export interface OpenUsdtDepositInput {
  memberId: number;
  siteId: number;
  route: UsdtDepositRoute;
  merchantNo: string;
  protocol: string;
  /** USDT (route usdt) or yuan (route rmb), as the member typed it. */
  amount: number;
}

/** What the order shows of its USDT side (DepositOrder.usdt); kept in the order's recipient. */
export type UsdtOrderView = NonNullable<DepositOrder['usdt']>;

/**
 * usdtDepositPay: checks the merchant (cold wallet), the protocol it takes and the amount
 * (decimals, then range), refuses a second active order (hasOtherOne), opens the deposit
 * order (101, pay type 2120) and asks the channel's provider for the payment. Every
 * refusal comes before anything is written.
 *
 * @example const row = await openUsdtDeposit(tx, { memberId, siteId: 4, route: 'usdt', merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', amount: 12.5 }, providerOf, Date.now());
 */
export async function openUsdtDeposit(
  tx: Queryable,
  input: OpenUsdtDepositInput,
  providerOf: (name: string) => PaymentProvider | undefined,
  nowMs: number,
): Promise<DepositRow> {
  const channel = payChannelOf(input.siteId, PAY_TYPE.usdt);
  const merchant = usdtMerchantOf(input.siteId, input.merchantNo);
  const provider = channel && providerOf(channel.provider);
  if (!channel || !provider) throw new BusinessError('payChannelNotFound', `payTypeId: no pay channel ${PAY_TYPE.usdt} on this site`);
  // The operator's channel state (disabled, maintenance, unstaffed) holds for USDT as for every channel.
  await refuseDeposit(tx, { memberId: input.memberId, siteId: input.siteId, payTypeId: PAY_TYPE.usdt, amountMinor: 0, depositorName: '', nowMs });
  const protocol = merchant.protocols.find((p) => p === input.protocol);
  if (!protocol) throw new BusinessError('usdtDepositProtocolNotOffered', `protocol: ${input.merchantNo} takes ${merchant.protocols.join(', ')}, not ${input.protocol}`);
  const rateE5 = usdtDepositRateE5(input.siteId);
  const amounts = input.route === 'usdt' ? usdtRouteAmounts(input.amount, merchant, rateE5) : rmbRouteAmounts(input.amount, merchant, rateE5);

  await expireDueDeposits(tx, input.memberId, nowMs);
  await refuseSecondActive(tx, input.memberId, nowMs);
  // Responsible play (issue 22): the member's exclusion and deposit limits (the order's yuan value), before the order exists.
  await assertMayPlay(tx, { memberId: input.memberId, door: 'deposit', amountMinor: amounts.orderMinor, at: new Date(nowMs) });
  const billNo = newBillNo('D', nowMs);
  const timeoutMinutes = orderSettings(input.siteId).depositTimeoutMinutes;
  const row = await insertDeposit(tx, {
    billNo, memberId: input.memberId, siteId: input.siteId, payTypeId: PAY_TYPE.usdt, amountMinor: amounts.orderMinor,
    provider: provider.name, depositorName: '', timeoutMinutes, nowMs,
  }).catch((error: unknown) => {
    if ((error as { constraint?: string }).constraint === 'deposit_orders_one_active') throw new BusinessError('hasOtherOne', 'another deposit order is active');
    throw error;
  });
  const address = merchant.address[protocol]!;
  await tx.query(
    `INSERT INTO usdt_deposit_orders (bill_no, route, merchant_no, protocol, address, usdt_minor, rate_e5, credit_currency, credit_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [billNo, input.route, merchant.merchantNo, protocol, address, amounts.usdtMinor, rateE5, input.route === 'usdt' ? 'USDT' : 'CNY', amounts.creditMinor],
  );
  const instructions = await paymentFor(provider, { billNo, amountMinor: amounts.orderMinor, payTypeId: PAY_TYPE.usdt, transfer: false });
  const usdt: UsdtOrderView = {
    route: input.route, merchantNo: merchant.merchantNo, protocol, address,
    usdtAmount: fromMinor(amounts.usdtMinor, 6), creditAmount: fromMinor(amounts.creditMinor, input.route === 'usdt' ? 6 : 2), exchangeRate: fromMinor(rateE5, 5),
  };
  // The member pays to the merchant's address on the chosen chain; the reference is the provider's.
  const recipient = { bankName: `USDT ${protocol}`, account: address, name: merchant.merchantNo, address, code: instructions.providerRef, usdt };
  const { rows } = await tx.query<DepositRow>(
    `UPDATE deposit_orders SET provider_ref = $2, recipient = $3 WHERE id = $1
     RETURNING id, bill_no, member_id, site_id, pay_type_id, amount_minor, discount_minor, state, provider, provider_ref,
       recipient, timeout_minutes, expires_at, urge_count, urged_at, appeal, note, tip_shown, created_at`,
    [row.id, instructions.providerRef, JSON.stringify(recipient)],
  );
  await recordOrderEvent(tx, { kind: 'deposit', billNo, event: 'open', from: null, to: 101, actor: `member:${input.memberId}`, atMs: nowMs });
  return rows[0]!;
}

interface Amounts {
  usdtMinor: number;
  creditMinor: number;
  /** deposit_orders.amount_minor: the yuan value in fen. */
  orderMinor: number;
}

/** Route 'usdt': the member names the USDT (6 decimals); the USDT wallet receives exactly that. */
function usdtRouteAmounts(amount: number, merchant: { merchantNo: string; minMinor: number; maxMinor: number }, rateE5: number): Amounts {
  const usdtMinor = minorOrRefuse(amount, 6, 'USDT');
  if (usdtMinor < merchant.minMinor || usdtMinor > merchant.maxMinor) {
    throw new BusinessError('usdtDepositAmountOutOfRange', `amount: must be between ${fromMinor(merchant.minMinor, 6)} and ${fromMinor(merchant.maxMinor, 6)} USDT at ${merchant.merchantNo}`);
  }
  return { usdtMinor, creditMinor: usdtMinor, orderMinor: rmbForUsdt(usdtMinor, rateE5) };
}

/** Route 'rmb': the member names the yuan (2 decimals); the USDT to send is rounded up. */
function rmbRouteAmounts(amount: number, merchant: Parameters<typeof rmbRangeOf>[0], rateE5: number): Amounts {
  const rmbMinor = minorOrRefuse(amount, 2, 'yuan');
  const range = rmbRangeOf(merchant, rateE5);
  if (rmbMinor < range.minMinor || rmbMinor > range.maxMinor) {
    throw new BusinessError('usdtDepositAmountOutOfRange', `amount: must be between ${fromMinor(range.minMinor, 2)} and ${fromMinor(range.maxMinor, 2)} yuan at ${merchant.merchantNo}`);
  }
  return { usdtMinor: usdtDueForRmb(rmbMinor, rateE5), creditMinor: rmbMinor, orderMinor: rmbMinor };
}

function minorOrRefuse(amount: number, decimals: 2 | 6, unit: string): number {
  try {
    return toMinor(amount, decimals);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new BusinessError('usdtDepositTooManyDecimals', `amount: ${unit} takes at most ${decimals} decimals (${amount})`);
    throw error;
  }
}
