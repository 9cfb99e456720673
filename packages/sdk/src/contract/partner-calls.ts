import type { AnyCall } from './call.js';
import { availableBalance, buyCoin, checkBuyCoinPermission, coinWalletBalance } from './calls/anchor.js';
import {
  chatBaseParamsAnonymous,
  chatConnector,
  chatConnectorAnonymous,
  chatHistory,
  chatHistoryAnonymous,
  chatMute,
  chatMutedList,
  chatOfflineMessage,
  chatOfflineMessageAnonymous,
  chatOperation,
  chatPushOrder,
  chatRoomDetail,
  chatRoomDetailAnonymous,
  chatSendMessage,
  chatUnblock,
} from './calls/chat.js';
import { bigBankProcessingOrder, depositOrderStatus } from './calls/deposit.js';
import { floatWindows } from './calls/promotions.js';
import { withdrawOrderInfo } from './calls/withdrawal.js';
import { HEADER } from './headers.js';

/**
 * The partner calls: exactly the calls the widgets make (packages/widgets), which a partner
 * page on another origin may make when its origin is on the brand's partner list
 * (docs/DECISIONS.md, "Partner origins (CORS)"). The server answers their CORS preflight
 * and the OpenAPI document marks them `x-partner`; a server test checks this list against
 * the widgets' sources, so a call a widget starts to use cannot be left off.
 *
 * @example partnerCalls.some((call) => call.name === 'buyCoin') // true
 */
export const partnerCalls: readonly AnyCall[] = [
  // <lobby-coin-purchase>
  availableBalance,
  coinWalletBalance,
  checkBuyCoinPermission,
  buyCoin,
  // <lobby-order-ball>
  depositOrderStatus,
  bigBankProcessingOrder,
  withdrawOrderInfo,
  // <lobby-float-window>
  floatWindows,
  // <lobby-chat-box>, visitors and members
  chatBaseParamsAnonymous,
  chatConnector,
  chatConnectorAnonymous,
  chatRoomDetail,
  chatRoomDetailAnonymous,
  chatHistory,
  chatHistoryAnonymous,
  chatOfflineMessage,
  chatOfflineMessageAnonymous,
  chatSendMessage,
  // <lobby-chat-box>, its admin tools
  chatOperation,
  chatMute,
  chatMutedList,
  chatUnblock,
  chatPushOrder,
];

/**
 * The request headers a partner page's calls carry, which a CORS preflight allows: the
 * wire contract's headers (HEADER: the signed ones, the token and the idempotency key) and
 * the content type of the JSON body.
 */
export const PARTNER_REQUEST_HEADERS: readonly string[] = [...Object.values(HEADER), 'content-type'];
