/** Standalone file /widgets/lobby-coin-purchase.js: defines <lobby-coin-purchase> once. */
import { defineWidget } from '../core/element.js';
import { CoinPurchaseElement } from './coin-purchase-element.js';

defineWidget('lobby-coin-purchase', CoinPurchaseElement);

declare global {
  interface HTMLElementTagNameMap {
    'lobby-coin-purchase': CoinPurchaseElement;
  }
}

export { CoinPurchaseElement };
