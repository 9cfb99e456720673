/**
 * The element classes and their events' details, for TypeScript users of the ESM build.
 * Importing an element's entry (`@lobby/widgets/lobby-coin-purchase`) also types its tag:
 * `document.querySelector('lobby-coin-purchase')` is a CoinPurchaseElement.
 */
import type { AppDownloadElement, ClientPlatform } from '../app-download/app-download-element.js';
import type { ChatEntry, ChatStatus, MuteState } from '../chat-box/room-session.js';
import type { ChatBoxElement } from '../chat-box/entry.js';
import type { CoinPurchaseElement } from '../coin-purchase/entry.js';
import type { FloatWindowElement } from '../float-window/entry.js';
import type { OrderBallElement } from '../order-ball/entry.js';

/** Detail of `lobby-buy-gold` (spec section 4: the anchor buy-gold event). */
export interface BuyGoldDetail {
  user_id: number | null;
  gold_count: number;
  recharge_amount: number;
}

/** Detail of the coin purchase's `lobby-error`. */
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

/** Detail of the order ball's `lobby-prompt`. */
export interface PromptDetail {
  type: 'withdrawal-matched' | 'switched-to-ordinary' | 'first-draw-guide';
  billNo: string;
}

/** Detail of `lobby-download` (cancelable: preventDefault() keeps the page from following the link). */
export interface DownloadDetail {
  platform: ClientPlatform;
  url: string;
}

/** Detail of `lobby-ready`: the URLs the download SDK gave. */
export interface DownloadReadyDetail {
  urls: Partial<Record<ClientPlatform, string>>;
}

/** Details of the chat box's events. */
export interface ChatEventDetails {
  'lobby-status': { status: ChatStatus };
  'lobby-message': ChatEntry;
  'lobby-muted': MuteState | null;
  'lobby-login': { roomId: number };
  'lobby-error': { type: 'load'; message: string };
  'lobby-order-follow': { roomId: number; orderId: string | undefined };
}

export type { AppDownloadElement, ChatBoxElement, ChatEntry, ChatStatus, ClientPlatform, CoinPurchaseElement, FloatWindowElement, MuteState, OrderBallElement };
