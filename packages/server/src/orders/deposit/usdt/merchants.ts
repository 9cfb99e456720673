import { fromMinor, validateUsdtAddress, type CallResponse, type usdtDepositAddress, type usdtDepositMerchants } from '@lobby/sdk';
import { BusinessError } from '../../../http/errors.js';
import { CHANGE_MONEY_SETTINGS, rmbForUsdt } from '../../../banks/conversions.js';
import { orderSettings } from '../../order-settings.js';

/** Minor units: 1 USDT is 1e6, 1 yuan is 1e2; rates are yuan per USDT times 1e5. */
const SCALE = 1_000_000n * 100_000n / 100n;

export type UsdtProtocol = 'TRC20' | 'ERC20';

export interface UsdtMerchant {
  merchantNo: string;
  /** The protocols the merchant takes (one address per protocol). */
  protocols: readonly UsdtProtocol[];
  address: Readonly<Record<UsdtProtocol, string | undefined>>;
  /** Least and most USDT one deposit takes, in micro-USDT. */
  minMinor: number;
  maxMinor: number;
}

/**
 * The payment merchants (cold wallets) that take USDT deposits, by merchantNo, with the
 * address a member pays to (the sandbox provider's; a real provider supplies its own).
 * Addresses are checked by protocol when the module loads.
 */
const USDT_MERCHANTS: ReadonlyMap<string, UsdtMerchant> = new Map(
  [
    { merchantNo: 'USDT-TRC20-01', protocols: ['TRC20'], address: { TRC20: 'TUWfXgg2Hsruxdzz5MM2iX9a9PU8LQnfyj', ERC20: undefined }, minMinor: 10_000_000, maxMinor: 100_000_000_000 },
    { merchantNo: 'USDT-ERC20-01', protocols: ['ERC20'], address: { TRC20: undefined, ERC20: '0xCb654DaC36d50b964f5C73c2d26486CA3Ff65607' }, minMinor: 20_000_000, maxMinor: 100_000_000_000 },
  ].map((m): [string, UsdtMerchant] => [m.merchantNo, m as UsdtMerchant]),
);
for (const merchant of USDT_MERCHANTS.values()) {
  for (const protocol of merchant.protocols) {
    if (!validateUsdtAddress(merchant.address[protocol] ?? '', protocol).ok) throw new Error(`USDT merchant ${merchant.merchantNo}: invalid ${protocol} address`);
  }
}

/**
 * Yuan per USDT times 1e5 at which route 'rmb' credits: the site's buying rate of
 * changeMoneyConfig, the rate usdtToRmb converts at (docs/DECISIONS.md).
 */
export function usdtDepositRateE5(_siteId: number): number {
  return CHANGE_MONEY_SETTINGS.buyRateE5;
}

/**
 * Micro-USDT the member sends for `rmbMinor` fen at `rateE5`, rounded UP to the
 * micro-USDT: the site never credits yuan it was not paid for. Exact BigInt arithmetic.
 *
 * @example usdtDueForRmb(715, 7_15000) // 1_000_000
 */
export function usdtDueForRmb(rmbMinor: number, rateE5: number): number {
  const product = BigInt(rmbMinor) * SCALE;
  const rate = BigInt(rateE5);
  const due = (product + rate - 1n) / rate;
  if (due > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`USDT due ${due} exceeds the safe integer range`);
  return Number(due);
}

/** The yuan range (fen) of a route 'rmb' deposit at a merchant: its USDT range at the rate, inward. */
export function rmbRangeOf(merchant: UsdtMerchant, rateE5: number): { minMinor: number; maxMinor: number } {
  const min = BigInt(merchant.minMinor) * BigInt(rateE5);
  const minMinor = Number((min + SCALE - 1n) / SCALE);
  return { minMinor, maxMinor: rmbForUsdt(merchant.maxMinor, rateE5) };
}

/** The merchant, or usdtNotSupported (brand without USDT) / usdtDepositMerchantUnknown. */
export function usdtMerchantOf(siteId: number, merchantNo: string, unknownCode: 'merchantNotFound' | 'usdtDepositMerchantUnknown' = 'usdtDepositMerchantUnknown'): UsdtMerchant {
  if (!orderSettings(siteId).supportUsdt) throw new BusinessError('usdtNotSupported', 'USDT is switched off on this site (supportUsdt)');
  const merchant = USDT_MERCHANTS.get(merchantNo);
  if (!merchant) throw new BusinessError(unknownCode, `merchantNo: no USDT merchant ${merchantNo}`);
  return merchant;
}

/**
 * The USDT deposit address of a merchant (spec section 7, "USDT deposit QR address by
 * merchantNo"), with the rate route 'rmb' credits at and both routes' ranges. Refuses an
 * unknown merchant (merchantNotFound) and a brand without USDT (usdtNotSupported).
 *
 * @example usdtAddressOf(4, 'USDT-TRC20-01') // { protocol: 'TRC20', address: 'TXYZ…', exchangeRate: 7.15, minAmount: 10, rmbMinAmount: 71.5, ... }
 */
export function usdtAddressOf(siteId: number, merchantNo: string): CallResponse<typeof usdtDepositAddress> {
  const merchant = usdtMerchantOf(siteId, merchantNo, 'merchantNotFound');
  const protocol = merchant.protocols[0]!;
  const rateE5 = usdtDepositRateE5(siteId);
  const rmb = rmbRangeOf(merchant, rateE5);
  return {
    merchantNo,
    protocol,
    address: merchant.address[protocol]!,
    exchangeRate: fromMinor(rateE5, 5),
    minAmount: fromMinor(merchant.minMinor, 6),
    maxAmount: fromMinor(merchant.maxMinor, 6),
    rmbMinAmount: fromMinor(rmb.minMinor, 2),
    rmbMaxAmount: fromMinor(rmb.maxMinor, 2),
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
  const list = supportUsdt ? [...USDT_MERCHANTS.values()].map((m) => ({ merchantNo: m.merchantNo, protocol: m.protocols[0]!, minAmount: fromMinor(m.minMinor, 6) })) : [];
  return { supportUsdt, list };
}
