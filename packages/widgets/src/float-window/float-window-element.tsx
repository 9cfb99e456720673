import { LobbyElement } from '../core/element.js';
import { FloatWindow } from './float-window.js';
import { FLOAT_WINDOW_STYLES } from './styles.js';

/**
 * `<lobby-float-window>`: the draggable promo carousel (spec sections 2, 3). Fetches the
 * brand's float windows (display equipment 8); closing it keeps it closed for the browser
 * session. Events: `lobby-navigate` ({ route, item }) for an internal route (call
 * preventDefault() to route yourself; otherwise the page goes there), `lobby-close`.
 *
 * @example <lobby-float-window lang="en"></lobby-float-window>
 */
export class FloatWindowElement extends LobbyElement {
  static override styles = FLOAT_WINDOW_STYLES;

  protected view() {
    return <FloatWindow host={this} />;
  }
}
