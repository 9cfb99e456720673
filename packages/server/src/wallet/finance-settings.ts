import { COIN_RATE_DEFAULT } from '@lobby/sdk';

/**
 * The finance settings of a brand. Every brand uses these defaults until a back office
 * edits them (the spec shows the CNY-to-coin rate from config, value not shown, and 10
 * coins per yuan as the constant; the USDT rate is configured by the operator).
 */
export interface FinanceSettings {
  /** Yuan per USDT times 1e5 (spec section 3: rate precision 1e5). */
  baseRateE5: number;
  /** Coins per yuan (spec section 9). */
  coinRate: number;
  /** Coin purchases can be closed by the operator; checkBuyCoinPermission then refuses. */
  coinPurchaseOpen: boolean;
}

export const FINANCE_DEFAULTS: FinanceSettings = {
  baseRateE5: 7_20000,
  coinRate: COIN_RATE_DEFAULT,
  coinPurchaseOpen: true,
};

/** @example financeSettings(4).coinRate // 10 */
export function financeSettings(_siteId: number): FinanceSettings {
  return FINANCE_DEFAULTS;
}
