import { fromMinor, validateUsdtAddress, type CallResponse, type SpeedToCardConfig, type usdtDepositAddress, type usdtDepositMerchants } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { financeSettings } from '../../routes/finance/finance-settings.js';
import { orderSettings } from '../order-settings.js';
import { channelStateOf } from './speed/channel-state.js';
import { speedOrdersToday } from './speed/deposit-rules.js';
import { speedSettings } from './speed/speed-settings.js';
import { SPEED_PAY_TYPE, payChannelsOf } from './pay-channels.js';

/**
 * Speed-to-card (fast-to-card, pay type 912) settings of a brand where the spec shows only
 * the field names (spec section 3, "Speed-to-card config"); ours until a back office
 * edits them. The reward rate and daily limit are the 912 channel's discount; the time to
 * pay is the deposit order timeout (orderTimeOut).
 */
const SPEED_TO_CARD = {
  bankMaintain: false,
  /** 1: the payer name must be the member's real name. */
  payNameType: 1,
};

/**
 * The member's speed-to-card config: the brand's settings, the 912 channel's reward rate
 * and daily limit, and how many speed-to-card orders the member has left today.
 *
 * @example await speedToCardConfigOf(db, memberId, 4, Date.now()) // { payCount: 5, payRewardRate: 0.5, ... }
 */
export async function speedToCardConfigOf(q: Queryable, memberId: number, siteId: number, nowMs: number): Promise<SpeedToCardConfig> {
  const channel = payChannelsOf(siteId).find((c) => c.payTypeId === SPEED_PAY_TYPE);
  const made = await speedOrdersToday(q, memberId, nowMs);
  // The operator's channel state (speed/channel-state.ts): anything but open keeps speed deposits off.
  const state = await channelStateOf(q, siteId, SPEED_PAY_TYPE);
  return {
    bankMaintain: SPEED_TO_CARD.bankMaintain || !channel || state !== 'open',
    payConfirmTime: orderSettings(siteId).depositTimeoutMinutes,
    payCount: Math.max(0, speedSettings(siteId).paysPerDay - made),
    payDiscountLimit: fromMinor(channel?.maxDailyDiscountMinor ?? 0, 2),
    payNameType: SPEED_TO_CARD.payNameType,
    payRewardRate: fromMinor(channel?.discountBp ?? 0, 2),
    whitelist: false,
  };
}

/**
 * The payment merchants that take USDT deposits, by merchantNo, with the address a member
 * pays to (the sandbox provider's; a real provider supplies its own). Addresses are checked
 * by protocol when the module loads.
 */
const USDT_MERCHANTS: ReadonlyMap<string, { protocol: 'TRC20' | 'ERC20'; address: string; minMinor: number }> = new Map([
  ['USDT-TRC20-01', { protocol: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', minMinor: 10_000_000 }],
  ['USDT-ERC20-01', { protocol: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', minMinor: 20_000_000 }],
]);
for (const [merchantNo, merchant] of USDT_MERCHANTS) {
  if (!validateUsdtAddress(merchant.address, merchant.protocol).ok) throw new Error(`USDT merchant ${merchantNo}: invalid ${merchant.protocol} address`);
}

/**
 * The USDT deposit address of a merchant (spec section 7, "USDT deposit QR address by
 * merchantNo"), with the rate and the least amount credited. Refuses an unknown merchant
 * (merchantNotFound) and a brand without USDT (usdtNotSupported).
 *
 * @example usdtAddressOf(4, 'USDT-TRC20-01') // { protocol: 'TRC20', address: 'TXYZ…', exchangeRate: 7.2, minAmount: 10 }
 */
export function usdtAddressOf(siteId: number, merchantNo: string): CallResponse<typeof usdtDepositAddress> {
  if (!orderSettings(siteId).supportUsdt) throw new BusinessError('usdtNotSupported', 'USDT is switched off on this site (supportUsdt)');
  const merchant = USDT_MERCHANTS.get(merchantNo);
  if (!merchant) throw new BusinessError('merchantNotFound', `merchantNo: no USDT merchant ${merchantNo}`);
  return {
    merchantNo,
    protocol: merchant.protocol,
    address: merchant.address,
    exchangeRate: fromMinor(financeSettings(siteId).baseRateE5, 5),
    minAmount: fromMinor(merchant.minMinor, 6),
  };
}

/**
 * The USDT deposit merchants of a brand, for the member to pick one (then
 * usdtDepositAddress); empty when the brand takes no USDT.
 *
 * @example usdtMerchantsOf(4).list[0] // { merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', minAmount: 10 }
 */
export function usdtMerchantsOf(siteId: number): CallResponse<typeof usdtDepositMerchants> {
  const supportUsdt = orderSettings(siteId).supportUsdt;
  const list = supportUsdt ? [...USDT_MERCHANTS].map(([merchantNo, m]) => ({ merchantNo, protocol: m.protocol, minAmount: fromMinor(m.minMinor, 6) })) : [];
  return { supportUsdt, list };
}
