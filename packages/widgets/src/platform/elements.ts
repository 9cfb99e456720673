/**
 * The element classes and the tag-name map, for TypeScript users of the ESM build:
 * `document.querySelector('lobby-coin-purchase')` is typed as CoinPurchaseElement.
 */
import type { CoinPurchaseElement } from '../coin-purchase/coin-purchase-element.js';
import type { FloatWindowElement } from '../float-window/float-window-element.js';
import type { OrderBallElement } from '../order-ball/order-ball-element.js';

declare global {
  interface HTMLElementTagNameMap {
    'lobby-coin-purchase': CoinPurchaseElement;
    'lobby-float-window': FloatWindowElement;
    'lobby-order-ball': OrderBallElement;
  }
}

/** Detail of `lobby-buy-gold` (spec section 4: the anchor buy-gold event). */
export interface BuyGoldDetail {
  user_id: number | null;
  gold_count: number;
  recharge_amount: number;
}

/** Detail of `lobby-error`. */
export interface WidgetErrorDetail {
  type: 'coin-permission' | 'coin-purchase' | 'login';
  message: string;
  code?: number;
}

/** Detail of `lobby-navigate`: the host routes (preventDefault()) or the page goes there. */
export interface NavigateDetail {
  route: string;
  [key: string]: unknown;
}

export type { CoinPurchaseElement, FloatWindowElement, OrderBallElement };
