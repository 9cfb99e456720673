export { defineElement } from './core/define.js';
export type { ElementRegistry } from './core/define.js';
export { installStub } from './loader/stub.js';
export type { LobbyHandler, LobbyHost, LobbyStub } from './loader/stub.js';
export { LobbyElement, defineWidget, readProp, COMMON_PROPS } from './core/element.js';
export type { PropSpec, PropSpecs } from './core/element.js';
export { connectRuntime, sharedConfig, onSharedChange, RUNTIME_CHANGE_EVENT } from './core/runtime.js';
export type { LobbyConfig, SharedState } from './core/runtime.js';
export { resolveConfig, pickLanguage, widgetLanguage } from './core/config.js';
export type { WidgetConfig, ConfigAttributes } from './core/config.js';
export { useClient, useMemberToken, useRequests, useInterval, useMediaQuery } from './core/hooks.js';
export { useDraggable, isClickPress, snapToEdge, clampToViewport, keyMove, CLICK_THRESHOLD_MS } from './core/drag.js';
export type { Point, Box, DraggableOptions } from './core/drag.js';
export { sessionFlag, readCookie, writeCookie } from './core/storage.js';
export type {
  AppDownloadElement, BuyGoldDetail, ChatBoxElement, ChatEntry, ChatEventDetails, ChatStatus, ClientPlatform, CoinPurchaseElement,
  DownloadDetail, DownloadReadyDetail, FloatWindowElement, MuteState, NavigateDetail, OrderBallElement, PromptDetail, WidgetErrorDetail,
} from './platform/elements.js';
