/** Standalone file /widgets/lobby-app-download.js: defines <lobby-app-download> once. */
import { defineWidget } from '../core/element.js';
import { AppDownloadElement } from './app-download-element.js';

defineWidget('lobby-app-download', AppDownloadElement);

declare global {
  interface HTMLElementTagNameMap {
    'lobby-app-download': AppDownloadElement;
  }
}

export { AppDownloadElement };
