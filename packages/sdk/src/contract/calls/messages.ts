import { defineCall } from '../call.js';
import { Message, MessageCounts } from '../entities.js';
import { s } from '../schema.js';

/** Spec section 9: message page size 20 by default. */
export const MESSAGE_PAGE_SIZE = 20;

/** Message types (spec section 4): 0 private message, 1 activity, 2 announcement, 3 deposit and withdrawal. */
export const MessageType = s.enum([0, 1, 2, 3] as const, { description: '0 message, 1 activity, 2 announcement, 3 deposit/withdrawal' });

export const MessagePage = s.object({
  list: s.array(Message),
  total: s.integer({ minimum: 0 }),
  page: s.integer({ minimum: 1 }),
  size: s.integer({ minimum: 1 }),
});

/** The member's messages, newest first. */
export const messageList = defineCall({
  name: 'messageList',
  group: 'messages',
  path: '/msg/v1/list',
  style: 'json',
  auth: 'member',
  summary: 'List the member messages (clear path), 20 a page by default',
  request: s.object({
    type: s.optional(MessageType),
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    size: s.optional(s.integer({ minimum: 1, maximum: 100 })),
  }),
  response: MessagePage,
});

const oneMessage = s.object({ id: s.integer({ minimum: 1 }) });

/** Marks one of the member's messages read; another member's id is messageNotFound. */
export const messageRead = defineCall({
  name: 'messageRead',
  group: 'messages',
  path: '/msg/v1/read',
  style: 'json',
  auth: 'member',
  summary: 'Mark a message read (clear path)',
  request: oneMessage,
  response: s.object({ id: s.integer(), type: MessageType }),
});

/** Deletes one of the member's messages; another member's id is messageNotFound. */
export const messageDelete = defineCall({
  name: 'messageDelete',
  group: 'messages',
  path: '/msg/v1/delete',
  style: 'json',
  auth: 'member',
  summary: 'Delete a message (clear path)',
  request: oneMessage,
  response: s.object({ id: s.integer() }),
});

/** Unread counts by type. */
export const messageCount = defineCall({
  name: 'messageCount',
  group: 'messages',
  path: '/msg/v1/count',
  style: 'json',
  auth: 'member',
  summary: 'Unread message counts by type (clear path)',
  request: s.empty(),
  response: MessageCounts,
});

const allOfType = s.object({ type: s.optional(MessageType) });

/** One-key read: every message (of a type) read. */
export const messageReadAll = defineCall({
  name: 'messageReadAll',
  group: 'messages',
  path: '/msg/v1/read_all',
  style: 'json',
  auth: 'member',
  summary: 'Mark every message (of a type) read',
  request: allOfType,
  response: s.object({ count: s.integer({ minimum: 0 }) }),
});

/** One-key delete: every message (of a type) deleted. */
export const messageDeleteAll = defineCall({
  name: 'messageDeleteAll',
  group: 'messages',
  path: '/msg/v1/delete_all',
  style: 'json',
  auth: 'member',
  summary: 'Delete every message (of a type)',
  request: allOfType,
  response: s.object({ count: s.integer({ minimum: 0 }) }),
});

/**
 * Operator: sends one inbox message to a member (a private message, an activity, an
 * announcement or a deposit/withdrawal notice), optionally sticky (listed first).
 */
export const opsMessageSend = defineCall({
  name: 'opsMessageSend',
  group: 'operator',
  path: '/ops/v1/message/send',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: send an inbox message to a member, optionally sticky',
  request: s.object({
    memberName: s.string({ minLength: 1, maxLength: 64 }),
    siteId: s.optional(s.integer({ minimum: 1, maximum: 1_000_000 })),
    type: MessageType,
    title: s.string({ minLength: 1, maxLength: 100 }),
    content: s.string({ minLength: 1, maxLength: 2000 }),
    sticky: s.optional(s.boolean()),
  }),
  response: Message,
});
