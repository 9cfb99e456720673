/** Standalone file /widgets/lobby-order-ball.js: defines <lobby-order-ball> once. */
import { defineWidget } from '../core/element.js';
import { OrderBallElement } from './order-ball-element.js';

defineWidget('lobby-order-ball', OrderBallElement);

declare global {
  interface HTMLElementTagNameMap {
    'lobby-order-ball': OrderBallElement;
  }
}

export { OrderBallElement };
