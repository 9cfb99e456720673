import { describe, expect, it, vi } from 'vitest';
import {
  CODE, chatConnector, chatConnectorAnonymous, chatHistory, chatHistoryAnonymous, chatMute, chatMutedList, chatOfflineMessageAnonymous,
  chatOperation, chatRoomDetail, chatRoomDetailAnonymous, chatSendMessage, chatSetupGet, chatSetupSet, chatSwitchGetAnonymous, chatSwitchSet,
  chatUnblock, chatGreetingAnonymous, chatPushActivity, chatPushHistoryAnonymous, chatBaseParamsAnonymous, chatPushOrder,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { chatMember } from './chat-test.fixture.js';

const ROOM = 1;

describe.each(testEngines())('chat service on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  // A clock the tests move, so rate windows and slow mode never depend on the wall clock.
  const send = (token: string, content: string, roomId = ROOM) => suite.call(chatSendMessage, { roomId, content }, { token });

  it('has a seeded home room with welcome lists split by priority, readable anonymously', async () => {
    const base = (await suite.call(chatBaseParamsAnonymous, {})).body.data;
    expect(base).toEqual({ chatOpen: true, wordLimit: 200, homeRoomId: ROOM });
    const detail = (await suite.call(chatRoomDetailAnonymous, { roomId: ROOM })).body.data;
    expect(detail).toMatchObject({ imId: ROOM, imTopic: 'lobby/room/4/1', status: 1, userStatus: 0, wordLimit: 200, admin: false });
    expect((await suite.call(chatGreetingAnonymous, { roomId: ROOM })).body.data.high).toHaveLength(1);
  });

  it('hands a visitor a login for the room only, and a member its own inbox too', async () => {
    const visitor = (await suite.call(chatConnectorAnonymous, { roomId: ROOM })).body.data;
    expect(visitor.url).toMatch(/^ws:\/\/.+\/mqtt$/);
    expect(visitor.topics).toEqual({ room: 'lobby/room/4/1', inbox: null });
    const { token } = await chatMember(suite.db);
    const member = (await suite.call(chatConnector, { roomId: ROOM }, { token })).body.data;
    expect(member.topics.inbox).toBe(`lobby/inbox/${member.username}`);
    expect(member.password).not.toBe(visitor.password);
    const stored = await suite.db.query<{ password_hash: string }>('SELECT password_hash FROM chat_credentials WHERE username = $1', [member.username]);
    expect(stored.rows[0]!.password_hash).not.toContain(member.password);
  });

  it('stores a member message and shows it in history to members and visitors; visitors cannot send', async () => {
    const { token } = await chatMember(suite.db);
    const sent = await send(token, '  hello room  ');
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ kind: 'text', content: 'hello room', roomId: ROOM });
    const anonymous = (await suite.call(chatHistoryAnonymous, { roomId: ROOM })).body.data.list;
    expect(anonymous.at(-1)!.id).toBe(sent.body.data.id);
    const offline = (await suite.call(chatOfflineMessageAnonymous, { roomId: ROOM, afterId: sent.body.data.id - 1 })).body.data.list;
    expect(offline.map((m) => m.id)).toEqual([sent.body.data.id]);
    const refused = await suite.call(chatSendMessage, { roomId: ROOM, content: 'hi' });
    expect(refused.status).toBe(401);
  });

  it('counts the word limit in code points and refuses empty or too-long text', async () => {
    const { token } = await chatMember(suite.db);
    expect((await send(token, '😀'.repeat(200))).body.code).toBe(0);
    const long = await send(token, '好'.repeat(201));
    expect(long.body.code).toBe(CODE.chatTooLong);
    expect(long.body.msg).toContain('201');
    expect((await send(token, '   ')).body.code).toBe(CODE.chatEmpty);
    expect((await send(token, 'x', 999)).body.code).toBe(CODE.chatRoomNotFound);
    expect((await send(token, 'x', 2)).body.code, 'another brand\'s room').toBe(CODE.chatRoomNotFound);
  });

  it('lets only admins mute; a muted member is refused with the reason and end time; unblock restores', async () => {
    const a = await chatMember(suite.db);
    const admin = await chatMember(suite.db, { isChatAdmin: true });
    const mute = { roomId: ROOM, memberId: a.memberId, reason: 'spamming links', minutes: 30 };
    expect((await suite.call(chatMute, mute, { token: a.token })).body.code).toBe(CODE.chatAdminOnly);
    const muted = await suite.call(chatMute, mute, { token: admin.token });
    expect(muted.body.data).toMatchObject({ memberId: a.memberId, banReason: 'spamming links' });
    const refused = await send(a.token, 'let me talk');
    expect(refused.body.code).toBe(CODE.chatMuted);
    expect(refused.body.msg).toContain('spamming links');
    expect(refused.body.data).toMatchObject({ banReason: 'spamming links', unbanTime: muted.body.data.unbanTime });
    const detail = (await suite.call(chatRoomDetail, { roomId: ROOM }, { token: a.token })).body.data;
    expect(detail).toMatchObject({ userStatus: 2, banReason: 'spamming links', unbanTime: muted.body.data.unbanTime });
    const list = (await suite.call(chatMutedList, { roomId: ROOM }, { token: admin.token })).body.data.list;
    expect(list.map((m) => m.memberId)).toContain(a.memberId);
    expect((await suite.call(chatUnblock, { roomId: ROOM, memberId: a.memberId }, { token: admin.token })).body.data).toEqual({ ok: true });
    expect((await send(a.token, 'back again')).body.code).toBe(0);
  });

  it('applies the room setup: slow mode and VIP condition; admins are exempt', async () => {
    const admin = await chatMember(suite.db, { isChatAdmin: true });
    const setup = (await suite.call(chatSetupGet, { roomId: ROOM }, { token: admin.token })).body.data;
    const strict = { ...setup, slowModeSeconds: 60, conditions: { ...setup.conditions, vipMin: 2 } };
    expect((await suite.call(chatSetupSet, { roomId: ROOM, setup: strict }, { token: admin.token })).body.data.slowModeSeconds).toBe(60);
    try {
      const low = await chatMember(suite.db, { grade: 1 });
      expect((await send(low.token, 'hi')).body.code).toBe(CODE.chatNeedsVip);
      const vip = await chatMember(suite.db, { grade: 3 });
      expect((await send(vip.token, 'first')).body.code).toBe(0);
      const second = await send(vip.token, 'second');
      expect(second.body.code).toBe(CODE.chatSlowMode);
      suite.clock.advance(61_000);
      expect((await send(vip.token, 'after a minute')).body.code).toBe(0);
      expect((await send(admin.token, 'one')).body.code).toBe(0);
      expect((await send(admin.token, 'two')).body.code).toBe(0);
    } finally {
      await suite.call(chatSetupSet, { roomId: ROOM, setup }, { token: admin.token });
    }
  });

  it('refuses an 11th message in 10 seconds', async () => {
    const { token } = await chatMember(suite.db);
    suite.clock.advance(10_000 - (suite.clock.now() % 10_000) + 1);
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await send(token, `m${i}`)).body.code);
    expect(codes.slice(0, 10).every((code) => code === 0)).toBe(true);
    expect(codes[10]).toBe(CODE.chatTooFast);
    suite.clock.advance(10_000);
    expect((await send(token, 'next window')).body.code).toBe(0);
  });

  it('closes the site chat with the switch, and pins, deletes and pushes as admin', async () => {
    const admin = await chatMember(suite.db, { isChatAdmin: true });
    const member = await chatMember(suite.db);
    await suite.call(chatSwitchSet, { open: false }, { token: admin.token });
    expect((await suite.call(chatSwitchGetAnonymous, {})).body.data).toEqual({ open: false });
    expect((await send(member.token, 'hello?')).body.code).toBe(CODE.chatClosed);
    await suite.call(chatSwitchSet, { open: true }, { token: admin.token });
    const entry = (await send(member.token, 'pin me')).body.data;
    expect((await suite.call(chatOperation, { roomId: ROOM, action: 'pin', messageId: entry.id }, { token: admin.token })).body.data.ok).toBe(true);
    expect((await suite.call(chatRoomDetailAnonymous, { roomId: ROOM })).body.data.pinned?.id).toBe(entry.id);
    await suite.call(chatOperation, { roomId: ROOM, action: 'delete', messageId: entry.id }, { token: admin.token });
    const history = (await suite.call(chatHistory, { roomId: ROOM }, { token: member.token })).body.data.list;
    expect(history.map((m) => m.id)).not.toContain(entry.id);
    expect((await suite.call(chatOperation, { roomId: ROOM, action: 'pin', messageId: entry.id }, { token: member.token })).body.code).toBe(CODE.chatAdminOnly);
    await suite.call(chatPushActivity, { roomId: ROOM, title: 'Weekend bonus', content: 'Deposit 100 get 10' }, { token: admin.token });
    const pushes = (await suite.call(chatPushHistoryAnonymous, { roomId: ROOM })).body.data.list;
    expect(pushes[0]).toMatchObject({ kind: 'activity', title: 'Weekend bonus' });
  });

  it('pushes an order only where the room setup allows it, once per order id, published once and kept in history', async () => {
    const admin = await chatMember(suite.db, { isChatAdmin: true });
    const member = await chatMember(suite.db);
    const order = { roomId: ROOM, orderId: `B${suite.clock.now()}`, orderFollow: 1 as const };
    const pushHistory = async () => (await suite.call(chatPushHistoryAnonymous, { roomId: ROOM })).body.data.list.filter((push) => push.kind === 'order');
    const before = await pushHistory();
    const delivered = vi.spyOn(suite.app.chat, 'deliver');
    try {
      // The seeded room's setup has orderPush off: refused, nothing stored or published.
      const off = await suite.call(chatPushOrder, order, { token: admin.token });
      expect(off.body.code).toBe(CODE.chatOrderPushOff);
      expect(off.body.msg).toMatch(/orderPush/);
      expect((await suite.call(chatPushOrder, order, { token: member.token })).body.code).toBe(CODE.chatAdminOnly);
      expect(await pushHistory()).toEqual(before);
      expect(delivered).not.toHaveBeenCalled();

      const setup = (await suite.call(chatSetupGet, { roomId: ROOM }, { token: admin.token })).body.data;
      expect(setup.orderPush).toBe(false);
      await suite.call(chatSetupSet, { roomId: ROOM, setup: { ...setup, orderPush: true } }, { token: admin.token });
      try {
        const pushed = await suite.call(chatPushOrder, order, { token: admin.token });
        expect(pushed.body.code).toBe(0);
        expect(pushed.body.data).toMatchObject({ kind: 'order', roomId: ROOM, memberId: null, content: order.orderId, order: { orderId: order.orderId, orderFollow: 1 } });
        expect(delivered).toHaveBeenCalledTimes(1);
        expect(delivered).toHaveBeenLastCalledWith('lobby/room/4/1', { type: 'message', message: pushed.body.data });

        // The same order again: the first entry, nothing new stored or published.
        const again = await suite.call(chatPushOrder, { ...order, orderFollow: 0 }, { token: admin.token });
        expect(again.body.data).toEqual(pushed.body.data);
        expect(delivered).toHaveBeenCalledTimes(1);

        const shown = await suite.call(chatPushOrder, { ...order, orderId: `S${suite.clock.now()}`, orderFollow: 0 }, { token: admin.token });
        expect(shown.body.data.order).toEqual({ orderId: `S${suite.clock.now()}`, orderFollow: 0 });
        const history = (await suite.call(chatHistory, { roomId: ROOM }, { token: member.token })).body.data.list;
        expect(history.filter((entry) => entry.order?.orderId === order.orderId)).toEqual([pushed.body.data]);
        const offline = (await suite.call(chatOfflineMessageAnonymous, { roomId: ROOM, afterId: pushed.body.data.id - 1 })).body.data.list;
        expect(offline.map((entry) => entry.order?.orderId)).toEqual([order.orderId, `S${suite.clock.now()}`]);
        const detail = (await suite.call(chatRoomDetailAnonymous, { roomId: ROOM })).body.data;
        expect(detail.orderPushList.slice(0, 2)).toEqual([{ orderId: `S${suite.clock.now()}`, orderFollow: 0 }, { orderId: order.orderId, orderFollow: 1 }]);
        expect((await pushHistory()).slice(0, 2).map((push) => push.content)).toEqual([`S${suite.clock.now()}`, order.orderId]);
        // Text entries carry no order.
        expect(history.filter((entry) => entry.kind === 'text').every((entry) => entry.order === undefined)).toBe(true);

        // An order id that is not an id, and another brand's room: refused, nothing stored.
        const markup = await suite.call(chatPushOrder, { ...order, orderId: '<b>x</b>' }, { token: admin.token });
        expect(markup.status).toBe(400);
        expect(markup.body.msg).toMatch(/orderId/);
        expect((await suite.call(chatPushOrder, { ...order, roomId: 2 }, { token: admin.token })).body.code).toBe(CODE.chatRoomNotFound);
        expect(await pushHistory()).toHaveLength(before.length + 2);
        expect(delivered).toHaveBeenCalledTimes(2);
      } finally {
        await suite.call(chatSetupSet, { roomId: ROOM, setup }, { token: admin.token });
      }
    } finally {
      delivered.mockRestore();
    }
  });
});
