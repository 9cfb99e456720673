import { PAY_TYPE } from '@lobby/sdk';

/**
 * The deposit pay channels of each brand (spec section 3, "Pay channel"; pay type ids of
 * section 3, "Enumerations"). All go through the sandbox payment provider until a real
 * one is configured. Amounts in fen; the discount rate in basis points (150 = 1.5%).
 */
export interface PayChannelConfig {
  payTypeId: string;
  typeName: string;
  userName: string;
  icon: string;
  minMinor: number;
  maxMinor: number;
  fixedMinor: readonly number[];
  discountBp: number;
  maxDailyDiscountMinor: number;
  recommend: boolean;
  sort: number;
  transfer: boolean;
  provider: string;
}

const channel = (c: Omit<PayChannelConfig, 'icon' | 'provider'>): PayChannelConfig => ({ ...c, icon: `/icons/pay/${c.payTypeId}.svg`, provider: 'sandbox' });

const LOBBY_CHANNELS: readonly PayChannelConfig[] = [
  channel({ payTypeId: PAY_TYPE.bankTransfer, typeName: 'Bank transfer', userName: '银行卡转账', minMinor: 100_00, maxMinor: 50_000_00, fixedMinor: [], discountBp: 100, maxDailyDiscountMinor: 188_00, recommend: true, sort: 1, transfer: true }),
  channel({ payTypeId: PAY_TYPE.alipay, typeName: 'Alipay', userName: '支付宝', minMinor: 10_00, maxMinor: 5_000_00, fixedMinor: [100_00, 200_00, 500_00, 1_000_00, 2_000_00], discountBp: 0, maxDailyDiscountMinor: 0, recommend: false, sort: 2, transfer: false }),
  channel({ payTypeId: PAY_TYPE.wechat, typeName: 'WeChat QR', userName: '微信扫码', minMinor: 10_00, maxMinor: 3_000_00, fixedMinor: [], discountBp: 0, maxDailyDiscountMinor: 0, recommend: false, sort: 3, transfer: false }),
  channel({ payTypeId: PAY_TYPE.speed, typeName: 'Fast to card', userName: '极速到卡', minMinor: 100_00, maxMinor: 20_000_00, fixedMinor: [], discountBp: 50, maxDailyDiscountMinor: 88_00, recommend: false, sort: 4, transfer: true }),
  channel({ payTypeId: PAY_TYPE.bigRecharge, typeName: 'Big recharge', userName: '大额充值', minMinor: 5_000_00, maxMinor: 1_000_000_00, fixedMinor: [], discountBp: 0, maxDailyDiscountMinor: 0, recommend: false, sort: 5, transfer: true }),
  // USDT (orders/deposit/usdt/): the range is route 'rmb''s in yuan across the merchants (10 USDT to 100,000 USDT at 7.15);
  // each merchant's own range is what usdtDepositAddress answers and usdtDepositPay checks.
  channel({ payTypeId: PAY_TYPE.usdt, typeName: 'USDT', userName: 'USDT', minMinor: 71_50, maxMinor: 715_000_00, fixedMinor: [], discountBp: 0, maxDailyDiscountMinor: 0, recommend: false, sort: 6, transfer: false }),
];

/** @example payChannelsOf(4)[0].payTypeId // '1' */
export function payChannelsOf(siteId: number): readonly PayChannelConfig[] {
  // Aurora (site 8) takes no USDT (supportUsdt off, no USDT merchants): no 2120 channel there.
  return siteId === 8 ? LOBBY_CHANNELS.filter((c) => c.payTypeId !== PAY_TYPE.wechat && c.payTypeId !== PAY_TYPE.usdt) : LOBBY_CHANNELS;
}

/** The brand's channel with this pay type id, or undefined. */
export function payChannelOf(siteId: number, payTypeId: string): PayChannelConfig | undefined {
  return payChannelsOf(siteId).find((c) => c.payTypeId === payTypeId);
}

