import { defineCall, type CallAuth } from '../call.js';
import { INT4_MAX, s, type Schema } from '../schema.js';
import { CHAT_CONTENT_REFUSES } from '../../validation/text.js';

/** Spec section 9: the chat word limit, counted in code points, 200 by default. */
export const CHAT_WORD_LIMIT_DEFAULT = 200;
/** History page size of the chat room (the spec leaves it open). */
export const CHAT_HISTORY_PAGE_SIZE = 50;

const roomId = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'the room (imId)' });
const forRoom = s.object({ roomId });
const ok = s.object({ ok: s.boolean() });

/** Kinds of chat entries: member text, welcome, gift and order pushes, activity pushes, system notices. */
export const ChatMessageKind = s.enum(['text', 'welcome', 'gift', 'order', 'activity', 'system'] as const);

/**
 * Spec section 3, "Chat room", orderPushList: a bet order pushed to a room (docs/CHAT.md,
 * "Order pushes"): its id, and orderFollow 1 when members may follow (copy) it, 0 when it
 * is shown only.
 */
const orderId = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the bet order id: letters, digits, _ and -' });
const orderFollow = s.enum([0, 1] as const, { description: '1 members may follow the order, 0 shown only' });
export const OrderPush = s.object({ orderId, orderFollow });

/** One entry of a room, as stored, published and rendered (always as text). */
export const ChatMessage = s.object({
  id: s.integer({ minimum: 1 }),
  roomId: s.integer(),
  kind: ChatMessageKind,
  memberId: s.nullable(s.integer()),
  nickName: s.string(),
  content: s.string(),
  vip: s.integer({ minimum: 0 }),
  isAdmin: s.boolean(),
  pinned: s.boolean(),
  sentAtMs: s.integer(),
  /** Present on order pushes (kind 'order') only. */
  order: s.optional(OrderPush),
});

/** Spec section 3, "Chat room": the speaking conditions of a room. */
export const ChatConditions = s.object({
  depositMin: s.money({ decimals: 2, minimum: 0, description: 'total deposits in yuan before speaking' }),
  registerMinutesMin: s.integer({ minimum: 0, maximum: 525_600, description: 'minutes since register (minutesBefore)' }),
  vipMin: s.integer({ minimum: 0, maximum: 100 }),
});

const Welcome = s.object({ priority: s.integer({ minimum: 0, maximum: 9 }), content: s.string({ minLength: 1, maxLength: 200 }) });

/** Spec section 3, "Chat room": the room as a visitor sees it, with its own status in it. */
export const ChatRoom = s.object({
  imId: s.integer(),
  imTopic: s.string(),
  topic: s.string(),
  status: s.enum([0, 1] as const, { description: '1 open, 0 closed' }),
  userStatus: s.enum([0, 1, 2] as const, { description: '0 visitor (read only), 1 may speak, 2 muted' }),
  unbanTime: s.nullable(s.integer({ description: 'ms since epoch when the mute ends' })),
  banReason: s.string(),
  wordLimit: s.integer({ minimum: 1 }),
  slowModeSeconds: s.integer({ minimum: 0 }),
  admin: s.boolean(),
  conditions: ChatConditions,
  orderPushList: s.array(OrderPush, { description: "the room's latest order pushes, newest first (at most 20)" }),
  welcome: s.object({ high: s.array(s.string()), normal: s.array(s.string()) }),
  giftPush: s.boolean(),
  pinned: s.nullable(ChatMessage),
});

/** What the broker connection needs: URL, one-time credentials, the topics this visitor may read. */
export const ChatConnection = s.object({
  url: s.string({ description: 'the broker WebSocket URL (ws:// or wss://)' }),
  clientId: s.string(),
  username: s.string(),
  password: s.string(),
  expiresAtMs: s.integer(),
  topics: s.object({ room: s.string(), inbox: s.nullable(s.string()) }),
});

const History = s.object({ list: s.array(ChatMessage) });

/** The room setup an admin reads and writes. */
export const ChatSetup = s.object({
  topic: s.string({ maxLength: 100 }),
  wordLimit: s.integer({ minimum: 1, maximum: 2000 }),
  slowModeSeconds: s.integer({ minimum: 0, maximum: 3600 }),
  conditions: ChatConditions,
  welcome: s.array(Welcome, { maxItems: 20 }),
  orderPush: s.boolean({ description: 'the room takes order pushes (chatPushOrder); off by default' }),
  giftPush: s.boolean(),
  entranceOpen: s.boolean(),
});

const Muted = s.object({ memberId: s.integer(), name: s.string(), nickName: s.string(), banReason: s.string(), unbanTime: s.integer() });
const Push = s.object({ id: s.integer(), kind: ChatMessageKind, title: s.string(), content: s.string(), sentAtMs: s.integer() });

type Def = { name: string; path: string; summary: string; request: Schema<unknown>; response: Schema<unknown> };

function chatCall<R extends Schema<unknown>, P extends Schema<unknown>>(auth: CallAuth, d: Omit<Def, 'request' | 'response'> & { request: R; response: P }) {
  return defineCall({ ...d, group: 'chat', style: 'json', auth });
}

/** Anonymous variant of a read call (spec section 6: by login state); the web one needs the token. */
function anonymous<R extends Schema<unknown>, P extends Schema<unknown>>(d: Omit<Def, 'request' | 'response'> & { request: R; response: P }) {
  return chatCall('none', { ...d, name: `${d.name}Anonymous`, path: d.path.replace('/chat/v1/', '/chat/v1/anon/'), summary: `${d.summary} (anonymous)` });
}

const baseParams = { name: 'chatBaseParams', path: '/chat/v1/base_params', summary: 'Chat base parameters: switch, word limit', request: s.empty(), response: s.object({ chatOpen: s.boolean(), wordLimit: s.integer(), homeRoomId: s.integer() }) };
const connector = { name: 'chatConnector', path: '/chat/v1/connector', summary: 'Broker URL, credentials and topics for this visitor', request: forRoom, response: ChatConnection };
const detail = { name: 'chatRoomDetail', path: '/chat/v1/room_detail', summary: 'Room detail with the caller status', request: forRoom, response: ChatRoom };
const history = { name: 'chatHistory', path: '/chat/v1/history', summary: 'Room history, newest last', request: s.object({ roomId, beforeId: s.optional(s.integer({ minimum: 1 })), size: s.optional(s.integer({ minimum: 1, maximum: 100 })) }), response: History };
const offline = { name: 'chatOfflineMessage', path: '/chat/v1/offline_message', summary: 'Entries after the last one seen (after a reconnect)', request: s.object({ roomId, afterId: s.integer({ minimum: 0 }) }), response: History };
const entrance = { name: 'chatEntranceSwitch', path: '/chat/v1/entrance_switch', summary: 'Whether the room entrance shows', request: forRoom, response: s.object({ open: s.boolean() }) };
const switchGet = { name: 'chatSwitchGet', path: '/chat/v1/switch_get', summary: 'The site chat switch (general control switch 2)', request: s.empty(), response: s.object({ open: s.boolean() }) };
const greeting = { name: 'chatGreeting', path: '/chat/v1/greeting', summary: 'Welcome lists split by priority', request: forRoom, response: s.object({ high: s.array(s.string()), normal: s.array(s.string()) }) };
const activityPushList = { name: 'chatActivityPushList', path: '/chat/v1/activity_push_list', summary: 'Activity pushes of the room', request: forRoom, response: s.object({ list: s.array(Push) }) };
const pushHistory = { name: 'chatPushHistory', path: '/chat/v1/push_history', summary: 'Gift, order and activity pushes of the room', request: forRoom, response: s.object({ list: s.array(Push) }) };

export const chatBaseParams = chatCall('member', baseParams);
export const chatBaseParamsAnonymous = anonymous(baseParams);
export const chatConnector = chatCall('member', connector);
export const chatConnectorAnonymous = anonymous(connector);
export const chatRoomDetail = chatCall('member', detail);
export const chatRoomDetailAnonymous = anonymous(detail);
export const chatHistory = chatCall('member', history);
export const chatHistoryAnonymous = anonymous(history);
export const chatOfflineMessage = chatCall('member', offline);
export const chatOfflineMessageAnonymous = anonymous(offline);
export const chatEntranceSwitch = chatCall('member', entrance);
export const chatEntranceSwitchAnonymous = anonymous(entrance);
export const chatSwitchGet = chatCall('member', switchGet);
export const chatSwitchGetAnonymous = anonymous(switchGet);
export const chatGreeting = chatCall('member', greeting);
export const chatGreetingAnonymous = anonymous(greeting);
export const chatActivityPushList = chatCall('member', activityPushList);
export const chatActivityPushListAnonymous = anonymous(activityPushList);
export const chatPushHistory = chatCall('member', pushHistory);
export const chatPushHistoryAnonymous = anonymous(pushHistory);

/** A member speaks: checked, stored, then published by the server (browsers only subscribe). */
export const chatSendMessage = chatCall('member', {
  name: 'chatSendMessage',
  path: '/chat/v1/send_message',
  summary: 'Send a text message to a room',
  request: s.object({ roomId, content: s.string({ minLength: 1, maxLength: 4000, refuse: CHAT_CONTENT_REFUSES }) }),
  response: ChatMessage,
});

/** Admin (chat-room admin flag): read the room setup. */
export const chatSetupGet = chatCall('member', { name: 'chatSetupGet', path: '/chat/v1/setup_get', summary: 'Room setup (admin)', request: forRoom, response: ChatSetup });
/** Admin: write the room setup. */
export const chatSetupSet = chatCall('member', { name: 'chatSetupSet', path: '/chat/v1/setup_set', summary: 'Set the room up (admin)', request: s.object({ roomId, setup: ChatSetup }), response: ChatSetup });
/** Admin: pin, unpin or delete an entry. */
export const chatOperation = chatCall('member', {
  name: 'chatOperation',
  path: '/chat/v1/operation',
  summary: 'Pin, unpin or delete a room entry (admin)',
  request: s.object({ roomId, action: s.enum(['pin', 'unpin', 'delete'] as const), messageId: s.integer({ minimum: 1 }) }),
  response: ok,
});
/** Admin: mute a member with a reason until an end time. */
export const chatMute = chatCall('member', {
  name: 'chatMute',
  path: '/chat/v1/mute',
  summary: 'Mute a member in a room (admin)',
  request: s.object({ roomId, memberId: s.integer({ minimum: 1 }), reason: s.string({ minLength: 1, maxLength: 200 }), minutes: s.integer({ minimum: 1, maximum: 525_600 }) }),
  response: Muted,
});
/** Admin: the muted members of a room. */
export const chatMutedList = chatCall('member', { name: 'chatMutedList', path: '/chat/v1/muted_list', summary: 'Muted members (admin)', request: forRoom, response: s.object({ list: s.array(Muted) }) });
/** Admin: lift a mute. */
export const chatUnblock = chatCall('member', { name: 'chatUnblock', path: '/chat/v1/unblock', summary: 'Unmute a member (admin)', request: s.object({ roomId, memberId: s.integer({ minimum: 1 }) }), response: ok });
/** Admin: turn the site chat on or off. */
export const chatSwitchSet = chatCall('member', { name: 'chatSwitchSet', path: '/chat/v1/switch_set', summary: 'Set the site chat switch (admin)', request: s.object({ open: s.boolean() }), response: s.object({ open: s.boolean() }) });
/** Admin: push an activity to the room. */
export const chatPushActivity = chatCall('member', {
  name: 'chatPushActivity',
  path: '/chat/v1/push_activity',
  summary: 'Push an activity to the room (admin)',
  request: s.object({ roomId, title: s.string({ minLength: 1, maxLength: 100 }), content: s.string({ minLength: 1, maxLength: 500 }) }),
  response: Push,
});

/**
 * Admin: push a bet order to the room (docs/CHAT.md, "Order pushes"), when the room's setup
 * has orderPush on (else chatOrderPushOff). Once per order and room: pushing the same order
 * again answers the first entry and publishes nothing.
 */
export const chatPushOrder = chatCall('member', {
  name: 'chatPushOrder',
  path: '/chat/v1/push_order',
  summary: 'Push a bet order to the room, followable or not (admin)',
  request: s.object({ roomId, orderId, orderFollow }),
  response: ChatMessage,
});
