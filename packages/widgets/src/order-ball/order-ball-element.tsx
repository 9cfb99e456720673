import { LobbyElement, type PropSpecs } from '../core/element.js';
import { OrderBall } from './order-ball.js';
import { ORDER_BALL_STYLES } from './styles.js';

/**
 * `<lobby-order-ball kind="deposit|withdrawal" route="/app/home">`: the member's pending
 * deposit or withdrawal order as a draggable ball (spec sections 2 and 4). The host tells
 * it the current route. Events: `lobby-navigate` ({ route, kind, billNo, action }; call
 * preventDefault() to route yourself), `lobby-prompt` ({ type, billNo }).
 *
 * @example <lobby-order-ball kind="withdrawal" route="/app/home"></lobby-order-ball>
 */
export class OrderBallElement extends LobbyElement {
  static override props: PropSpecs = {
    kind: { attribute: 'kind', type: 'string', default: 'deposit' },
    route: { attribute: 'route', type: 'string' },
  };
  static override styles = ORDER_BALL_STYLES;
  /** Reflect `kind` and `route`. */
  declare kind: 'deposit' | 'withdrawal';
  declare route: string | undefined;

  /** Asks the host to route; goes there itself when no listener called preventDefault(). */
  navigate(route: string, detail: Record<string, unknown>): void {
    if (this.emit('lobby-navigate', { route, ...detail })) location.assign(route);
  }

  protected view() {
    return <OrderBall host={this} />;
  }
}
