/** Standalone file /widgets/lobby-float-window.js: defines <lobby-float-window> once. */
import { defineWidget } from '../core/element.js';
import { FloatWindowElement } from './float-window-element.js';

defineWidget('lobby-float-window', FloatWindowElement);

declare global {
  interface HTMLElementTagNameMap {
    'lobby-float-window': FloatWindowElement;
  }
}

export { FloatWindowElement };
