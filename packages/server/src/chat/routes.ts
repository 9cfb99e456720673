import type { FastifyInstance } from 'fastify';
import {
  CHAT_WORD_LIMIT_DEFAULT, chatActivityPushList, chatActivityPushListAnonymous, chatBaseParams, chatBaseParamsAnonymous, chatConnector, chatConnectorAnonymous,
  chatEntranceSwitch, chatEntranceSwitchAnonymous, chatGreeting, chatGreetingAnonymous, chatHistory, chatHistoryAnonymous, chatMute,
  chatMutedList, chatOfflineMessage, chatOfflineMessageAnonymous, chatOperation, chatPushActivity, chatPushHistory,
  chatPushHistoryAnonymous, chatPushOrder, chatRoomDetail, chatRoomDetailAnonymous, chatSendMessage, chatSetupGet, chatSetupSet, chatSwitchGet,
  chatSwitchGetAnonymous, chatSwitchSet, chatUnblock, type AnyCall,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { registerCall, type CallContext } from '../http/register-call.js';
import { brokerAuthRoutes } from './broker-auth-routes.js';
import { ChatService, welcomeOf } from './chat-service.js';
import { embeddedBroker } from './embedded-broker.js';
import { deleteEntry, findEntry, pushesOf } from './message-repository.js';
import { activeMutes } from './mute-repository.js';
import { externalPublisher, type ChatPublisher } from './publisher.js';
import { chatOpen, homeRoomId, saveSetup, setChatOpen, setPinned } from './room-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

/** The origin the browser used, for the embedded broker's ws:// or wss:// URL. */
function originOf(ctx: CallContext<unknown>): string {
  return `${ctx.raw.protocol}://${ctx.raw.host}`;
}

type Handler = (ctx: CallContext<any>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Registers the web (member) and anonymous variants of a read call with one handler. */
function both(app: FastifyInstance, web: AnyCall, anonymous: AnyCall, handler: Handler): void {
  registerCall(app, web, handler);
  registerCall(app, anonymous, (ctx) => handler({ ...ctx, member: null }));
}

/** The broker: embedded aedes on /mqtt unless MQTT_URL names an external one. */
async function startPublisher(app: FastifyInstance): Promise<{ publisher: () => Promise<ChatPublisher>; brokerUrl: (origin: string) => string }> {
  const { mqttUrl, mqttPublicUrl, mqttDynsec } = app.lobby.config;
  if (!mqttUrl) {
    const broker = await embeddedBroker(app.server, app.lobby.db, app.lobby.providers.clock);
    app.addHook('preClose', () => broker.close());
    return { publisher: async () => broker, brokerUrl: (origin) => broker.brokerUrl(origin) };
  }
  let pending: Promise<ChatPublisher> | undefined;
  app.addHook('preClose', async () => void (await pending?.then((p) => p.close(), () => undefined)));
  const publicUrl = mqttPublicUrl ?? mqttUrl;
  return { publisher: () => (pending ??= externalPublisher(mqttUrl, publicUrl, { dynsec: mqttDynsec === true })), brokerUrl: () => publicUrl };
}

/** The chat room calls of spec section 7 (issue 6), anonymous and web variants by login state. */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const broker = await startPublisher(app);
  const chat = new ChatService(app.lobby.db, app.lobby.providers.clock, broker.publisher, broker.brokerUrl);
  app.decorate('chat', chat);
  const memberId = (ctx: CallContext<unknown>) => ctx.member?.id ?? null;

  both(app, chatBaseParams, chatBaseParamsAnonymous, async (ctx) => {
    const room = await homeRoomId(ctx.db, ctx.siteId);
    const wordLimit = room ? (await chat.room(ctx.siteId, room)).setup.wordLimit : CHAT_WORD_LIMIT_DEFAULT;
    return { chatOpen: await chatOpen(ctx.db, ctx.siteId), wordLimit, homeRoomId: room };
  });
  both(app, chatConnector, chatConnectorAnonymous, (ctx) => chat.connect(memberId(ctx), ctx.siteId, ctx.request.roomId, originOf(ctx)));
  both(app, chatRoomDetail, chatRoomDetailAnonymous, (ctx) => chat.detail(memberId(ctx), ctx.siteId, ctx.request.roomId));
  both(app, chatHistory, chatHistoryAnonymous, (ctx) => chat.history(ctx.siteId, ctx.request.roomId, ctx.request.size, ctx.request.beforeId));
  both(app, chatOfflineMessage, chatOfflineMessageAnonymous, (ctx) => chat.offline(ctx.siteId, ctx.request.roomId, ctx.request.afterId));
  both(app, chatEntranceSwitch, chatEntranceSwitchAnonymous, async (ctx) => {
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    return { open: room.setup.entranceOpen && (await chatOpen(ctx.db, ctx.siteId)) };
  });
  both(app, chatSwitchGet, chatSwitchGetAnonymous, async (ctx) => ({ open: await chatOpen(ctx.db, ctx.siteId) }));
  both(app, chatGreeting, chatGreetingAnonymous, async (ctx) => welcomeOf(await chat.room(ctx.siteId, ctx.request.roomId)));
  both(app, chatActivityPushList, chatActivityPushListAnonymous, async (ctx) => {
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    return { list: await pushesOf(ctx.db, room.id, ['activity']) };
  });
  both(app, chatPushHistory, chatPushHistoryAnonymous, async (ctx) => {
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    return { list: await pushesOf(ctx.db, room.id, ['gift', 'order', 'activity']) };
  });

  registerCall(app, chatSendMessage, (ctx) => chat.send(ctx.requireMember().id, ctx.siteId, ctx.request.roomId, ctx.request.content));
  adminRoutes(app, chat);
  brokerAuthRoutes(app);
}

/** Calls for chat-room admins only (spec section 6). */
function adminRoutes(app: FastifyInstance, chat: ChatService): void {
  const admin = async (ctx: CallContext<unknown>) => (await chat.requireAdmin(ctx.requireMember().id)).id;

  registerCall(app, chatSetupGet, async (ctx) => {
    await admin(ctx);
    return (await chat.room(ctx.siteId, ctx.request.roomId)).setup;
  });
  registerCall(app, chatSetupSet, async (ctx) => {
    await admin(ctx);
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    await saveSetup(ctx.db, room.id, ctx.request.setup);
    return (await chat.room(ctx.siteId, room.id)).setup;
  });
  registerCall(app, chatOperation, async (ctx) => {
    await admin(ctx);
    const { roomId, action, messageId } = ctx.request;
    const room = await chat.room(ctx.siteId, roomId);
    const entry = await findEntry(ctx.db, room.id, messageId);
    if (!entry) throw new BusinessError('chatMessageNotFound', `messageId: ${messageId} is not in this room`);
    if (action === 'delete') {
      await deleteEntry(ctx.db, room.id, messageId);
      await chat.toRoom(ctx.siteId, room.id, { type: 'delete', id: messageId });
    } else {
      await setPinned(ctx.db, room.id, action === 'pin' ? messageId : null);
      await chat.toRoom(ctx.siteId, room.id, { type: 'pin', message: action === 'pin' ? { ...entry, pinned: true } : null });
    }
    return { ok: true };
  });
  registerCall(app, chatMute, async (ctx) => chat.mute(await admin(ctx), ctx.siteId, ctx.request));
  registerCall(app, chatMutedList, async (ctx) => {
    await admin(ctx);
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    return { list: await activeMutes(ctx.db, room.id, chat.clock.now()) };
  });
  registerCall(app, chatUnblock, async (ctx) => ({ ok: await chat.unblock(await admin(ctx), ctx.siteId, ctx.request.roomId, ctx.request.memberId) }));
  registerCall(app, chatSwitchSet, async (ctx) => {
    await admin(ctx);
    await setChatOpen(ctx.db, ctx.siteId, ctx.request.open);
    return { open: ctx.request.open };
  });
  registerCall(app, chatPushOrder, async (ctx) => {
    const pusher = await chat.requireAdmin(ctx.requireMember().id);
    const { roomId, orderId, orderFollow } = ctx.request;
    return chat.pushOrder(ctx.siteId, roomId, { orderId, orderFollow }, pusher.nickName || pusher.name);
  });
  registerCall(app, chatPushActivity, async (ctx) => {
    await admin(ctx);
    const room = await chat.room(ctx.siteId, ctx.request.roomId);
    const entry = await chat.push(ctx.siteId, room.id, 'activity', ctx.request.title, ctx.request.content);
    return { id: entry.id, kind: entry.kind, title: ctx.request.title, content: entry.content, sentAtMs: entry.sentAtMs };
  });
}
