/** Standalone file /widgets/lobby-chat-box.js: defines <lobby-chat-box> once. */
import { defineWidget } from '../core/element.js';
import { ChatBoxElement } from './chat-box-element.js';

defineWidget('lobby-chat-box', ChatBoxElement);

declare global {
  interface HTMLElementTagNameMap {
    'lobby-chat-box': ChatBoxElement;
  }
}

export { ChatBoxElement };
