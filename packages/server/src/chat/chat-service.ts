import { CHAT_HISTORY_PAGE_SIZE, type ChatRoom, type Infer } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { Clock } from '../http/pipeline.js';
import { findMemberById, type MemberRow } from '../members/member-repository.js';
import { deleteLogins, expiredLogins, inboxesOf, issueCredential } from './credentials.js';
import { entriesAfter, findEntry, historyOf, insertEntry, insertOrderOnce, orderPushesOf, type ChatEntry } from './message-repository.js';
import { activeMute, muteMember, unmuteMember } from './mute-repository.js';
import type { ChatPublisher } from './publisher.js';
import { chatOpen, findRoom, type RoomRow } from './room-repository.js';
import { checkConditions, checkMute, checkPace, checkText } from './speak-rules.js';
import { roomTopic, type ChatEvent } from './topics.js';

/** How long a send waits for the broker before answering anyway. */
export const PUBLISH_WAIT_MS = 2000;

/** How many expired logins one connector call removes from a broker that keeps its own logins. */
const EXPIRED_PER_CONNECT = 20;

/**
 * The chat rules in one place: who may read and speak, mutes, and the publish after the
 * store. Routes (routes.ts) only translate calls to these methods.
 *
 * @example const entry = await chat.send(member, 4, 1, 'hello');
 */
export class ChatService {
  constructor(
    readonly db: Database,
    readonly clock: Clock,
    readonly publisher: () => Promise<ChatPublisher>,
    /** The broker WebSocket URL for a browser that called from `origin`. */
    readonly brokerUrl: (origin: string) => string,
  ) {}

  /** The room of the brand, or chatRoomNotFound. */
  async room(siteId: number, roomId: number, db: Queryable = this.db): Promise<RoomRow> {
    const room = await findRoom(db, siteId, roomId);
    if (!room) throw new BusinessError('chatRoomNotFound', `roomId: room ${roomId} does not exist`);
    return room;
  }

  async member(memberId: number): Promise<MemberRow> {
    const member = await findMemberById(this.db, memberId);
    if (!member) throw new BusinessError('chatMemberNotFound', `member ${memberId} does not exist`);
    return member;
  }

  async requireAdmin(memberId: number): Promise<MemberRow> {
    const member = await this.member(memberId);
    if (!member.isChatAdmin) throw new BusinessError('chatAdminOnly', 'only chat-room admins may do this');
    return member;
  }

  /** Checks, stores, then publishes a member's text. */
  async send(memberId: number, siteId: number, roomId: number, content: string): Promise<ChatEntry> {
    const now = this.clock.now();
    if (!(await chatOpen(this.db, siteId))) throw new BusinessError('chatClosed', 'the chat room is closed on this site');
    const room = await this.room(siteId, roomId);
    const member = await this.member(memberId);
    const speaker = { id: member.id, grade: member.grade, isChatAdmin: member.isChatAdmin, createdAtMs: Number(member.createdAtMs) };
    await checkMute(this.db, room.id, member.id, now);
    const text = checkText(content, room.setup.wordLimit);
    await checkConditions(this.db, room, speaker, now);
    await checkPace(this.db, room, speaker, now);
    const entry = await insertEntry(this.db, {
      roomId: room.id,
      kind: 'text',
      memberId: member.id,
      nickName: member.nickName || member.name,
      content: text,
      vip: member.grade,
      isAdmin: member.isChatAdmin,
      sentAtMs: now,
    });
    await this.toRoom(siteId, room.id, { type: 'message', message: entry });
    return entry;
  }

  /** Stores and publishes a push (gift, order, activity, welcome, system). */
  async push(siteId: number, roomId: number, kind: ChatEntry['kind'], title: string, content: string): Promise<ChatEntry> {
    const entry = await this.storePush(roomId, kind, title, content);
    await this.toRoom(siteId, roomId, { type: 'message', message: entry });
    return entry;
  }

  /** Stores a push without publishing it: in the caller's transaction when `db` is one, so it commits with what it reports. */
  async storePush(roomId: number, kind: ChatEntry['kind'], title: string, content: string, db: Queryable = this.db): Promise<ChatEntry> {
    return insertEntry(db, { roomId, kind, memberId: null, nickName: title, title, content, sentAtMs: this.clock.now() });
  }

  /**
   * An order push (spec section 3, orderPushList; docs/CHAT.md "Order pushes"): refused
   * unless the room's setup has orderPush on; stored once per room and order id, then
   * published. A repeated push answers the first entry and publishes nothing, so every
   * box shows it once. `by` is who pushed it, shown as the entry's name.
   */
  async pushOrder(siteId: number, roomId: number, order: { orderId: string; orderFollow: 0 | 1 }, by: string): Promise<ChatEntry> {
    const room = await this.room(siteId, roomId);
    if (!room.setup.orderPush) throw new BusinessError('chatOrderPushOff', `roomId: room ${room.id} does not take order pushes (setup orderPush is off)`);
    const { entry, created } = await insertOrderOnce(this.db, {
      roomId: room.id, kind: 'order', memberId: null, nickName: by, title: 'order', content: order.orderId, order, sentAtMs: this.clock.now(),
    });
    if (created) await this.toRoom(siteId, room.id, { type: 'message', message: entry });
    return entry;
  }

  async toRoom(siteId: number, roomId: number, event: ChatEvent): Promise<void> {
    await this.deliver(roomTopic(siteId, roomId), event);
  }

  /** Publishes to every live inbox of a member (each tab has its own login). */
  async toMember(memberId: number, event: ChatEvent): Promise<void> {
    for (const topic of await inboxesOf(this.db, memberId, this.clock.now())) await this.deliver(topic, event);
  }

  /**
   * Publishes at most once, waiting at most PUBLISH_WAIT_MS: the entry is stored already,
   * so a broker that is down costs live delivery only; every box catches up by id
   * (chatOfflineMessage) when it reconnects.
   */
  async deliver(topic: string, event: ChatEvent): Promise<boolean> {
    const published = this.publisher().then((publisher) => publisher.publish(topic, event)).then(() => true, () => false);
    const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PUBLISH_WAIT_MS).unref());
    return Promise.race([published, late]);
  }

  async mute(admin: number, siteId: number, input: { roomId: number; memberId: number; reason: string; minutes: number }) {
    await this.requireAdmin(admin);
    const room = await this.room(siteId, input.roomId);
    const target = await this.member(input.memberId);
    if (target.siteId !== siteId) throw new BusinessError('chatMemberNotFound', `member ${input.memberId} does not exist`);
    const unbanAtMs = this.clock.now() + input.minutes * 60_000;
    await muteMember(this.db, { roomId: room.id, memberId: target.id, reason: input.reason, unbanAtMs, mutedBy: admin });
    const mute = (await activeMute(this.db, room.id, target.id, this.clock.now()))!;
    await this.toMember(target.id, { type: 'muted', banReason: mute.banReason, unbanTime: mute.unbanTime });
    return mute;
  }

  async unblock(admin: number, siteId: number, roomId: number, memberId: number): Promise<boolean> {
    await this.requireAdmin(admin);
    const room = await this.room(siteId, roomId);
    const lifted = await unmuteMember(this.db, room.id, memberId);
    if (lifted) await this.toMember(memberId, { type: 'unmuted' });
    return lifted;
  }

  /**
   * Closes the open broker connections of logins already ended in the database (a disabled
   * member's), where the broker can (ChatPublisher.disconnect); a broker that keeps its own
   * logins has forgotten them after this, so their rows go too.
   */
  async disconnect(usernames: string[]): Promise<void> {
    if (usernames.length === 0) return;
    const publisher = await this.publisher();
    if (!publisher.disconnect) return;
    await publisher.disconnect(usernames);
    if (publisher.admit) await deleteLogins(this.db, usernames);
  }

  /** Broker URL, a fresh login and the topics this visitor may read. */
  async connect(memberId: number | null, siteId: number, roomId: number, origin: string) {
    const room = await this.room(siteId, roomId);
    const topic = roomTopic(siteId, room.id);
    const now = this.clock.now();
    const login = await issueCredential(this.db, { memberId, roomTopic: topic, nowMs: now });
    const publisher = await this.publisher();
    if (publisher.admit) {
      const expired = await expiredLogins(this.db, now, EXPIRED_PER_CONNECT);
      const topics = login.inboxTopic ? [topic, login.inboxTopic] : [topic];
      await publisher.admit({ username: login.username, password: login.password, clientId: login.clientId, topics }, expired);
      await deleteLogins(this.db, expired);
    }
    return {
      url: this.brokerUrl(origin),
      clientId: login.clientId,
      username: login.username,
      password: login.password,
      expiresAtMs: login.expiresAtMs,
      topics: { room: topic, inbox: login.inboxTopic },
    };
  }

  async history(siteId: number, roomId: number, size = CHAT_HISTORY_PAGE_SIZE, beforeId?: number) {
    const room = await this.room(siteId, roomId);
    return { list: await historyOf(this.db, room.id, size, beforeId) };
  }

  async offline(siteId: number, roomId: number, afterId: number) {
    const room = await this.room(siteId, roomId);
    return { list: await entriesAfter(this.db, room.id, afterId, 500) };
  }

  /** Spec section 3: the room and the caller's own status in it. */
  async detail(memberId: number | null, siteId: number, roomId: number): Promise<Infer<typeof ChatRoom>> {
    const room = await this.room(siteId, roomId);
    const member = memberId === null ? null : await this.member(memberId);
    const mute = member ? await activeMute(this.db, room.id, member.id, this.clock.now()) : null;
    const open = await chatOpen(this.db, siteId);
    const pinned = room.pinnedMessageId === null ? null : await findEntry(this.db, room.id, room.pinnedMessageId);
    return {
      imId: room.id,
      imTopic: roomTopic(siteId, room.id),
      topic: room.setup.topic,
      status: open ? 1 : 0,
      userStatus: member === null ? 0 : mute ? 2 : 1,
      unbanTime: mute?.unbanTime ?? null,
      banReason: mute?.banReason ?? '',
      wordLimit: room.setup.wordLimit,
      slowModeSeconds: room.setup.slowModeSeconds,
      admin: member?.isChatAdmin ?? false,
      conditions: room.setup.conditions,
      orderPushList: await orderPushesOf(this.db, room.id),
      welcome: welcomeOf(room),
      giftPush: room.setup.giftPush,
      pinned,
    };
  }
}

/** Welcome lists split by priority: 1 and above high, 0 normal. */
export function welcomeOf(room: RoomRow): { high: string[]; normal: string[] } {
  const sorted = [...room.setup.welcome].sort((a, b) => b.priority - a.priority);
  return { high: sorted.filter((w) => w.priority > 0).map((w) => w.content), normal: sorted.filter((w) => w.priority === 0).map((w) => w.content) };
}
