import { beforeAll, describe, expect, it } from 'vitest';
import { CODE, md5Hex, messageCount, messageDelete, messageDeleteAll, messageList, messageRead, messageReadAll, noticeBatch, registerV4, webLogin } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { TEST_DEMO_PASSWORD } from '../testing/app.js';
import { insertMessage } from './message-repository.js';

describe.each(testEngines())('messages on %s', (engine) => {
  const suite = serverSuite(engine);
  let demoToken: string;
  let otherToken: string;
  let otherId: number;

  beforeAll(async () => {
    demoToken = (await suite.call(webLogin, { name: 'demo', password: md5Hex(TEST_DEMO_PASSWORD) })).body.data.token;
    const other = (await suite.call(registerV4, { name: 'reader-2', password: md5Hex('secret-2') })).body.data;
    otherToken = other.token;
    otherId = other.member.id;
    for (let i = 0; i < 25; i++) {
      await suite.db.query('INSERT INTO member_messages (member_id, type, title, content) VALUES ($1, $2, $3, $4)', [otherId, i % 4, `m${i}`, 'body']);
    }
  });

  it('lists the seeded messages of the demo member, newest first, with unread counts', async () => {
    const { body } = await suite.call(messageList, {}, { token: demoToken });
    expect(body.data.total).toBe(6);
    expect(body.data.size).toBe(20);
    expect(body.data.list.map((m) => m.title)).toContain('Welcome to lobby');
    const counts = (await suite.call(messageCount, {}, { token: demoToken })).body.data;
    expect(counts).toEqual({ activityCount: 2, noticeCount: 1, depositWithDrawCount: 1, privateCount: 1, showDwTab: true });
  });

  it('pages by 20 and filters by type', async () => {
    const first = (await suite.call(messageList, {}, { token: otherToken })).body.data;
    expect(first.list).toHaveLength(20);
    expect(first.total).toBe(25);
    const second = (await suite.call(messageList, { page: 2 }, { token: otherToken })).body.data;
    expect(second.list).toHaveLength(5);
    expect(new Set([...first.list, ...second.list].map((m) => m.id)).size).toBe(25);
    const activities = (await suite.call(messageList, { type: 1 }, { token: otherToken })).body.data;
    expect(activities.list.every((m) => m.type === 1)).toBe(true);
    expect((await suite.call(messageList, { type: 7 as 1 }, { token: otherToken })).status).toBe(400);
  });

  it('never lets a member read or delete another member’s message, whatever id it tries', async () => {
    const { rows } = await suite.db.query<{ id: number }>('SELECT id FROM member_messages WHERE member_id = $1', [otherId]);
    const maxId = Math.max(...rows.map((row) => row.id));
    for (const id of [...rows.map((row) => row.id), maxId + 1000]) {
      expect((await suite.call(messageRead, { id }, { token: demoToken })).body.code).toBe(CODE.messageNotFound);
      expect((await suite.call(messageDelete, { id }, { token: demoToken })).body.code).toBe(CODE.messageNotFound);
    }
    const untouched = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND (is_read OR deleted_at IS NOT NULL)', [otherId]);
    expect(untouched.rows[0]!.n).toBe(0);
    expect((await suite.call(messageRead, { id: -1 }, { token: demoToken })).status).toBe(400);
  });

  it('reads and deletes one message, lowering the counts', async () => {
    const list = (await suite.call(messageList, { type: 1 }, { token: demoToken })).body.data.list;
    const unread = list.find((m) => !m.isRead)!;
    expect((await suite.call(messageRead, { id: unread.id }, { token: demoToken })).body.data).toEqual({ id: unread.id, type: 1 });
    expect((await suite.call(messageCount, {}, { token: demoToken })).body.data.activityCount).toBe(1);
    expect((await suite.call(messageDelete, { id: unread.id }, { token: demoToken })).body.code).toBe(0);
    expect((await suite.call(messageDelete, { id: unread.id }, { token: demoToken })).body.code).toBe(CODE.messageNotFound);
    expect((await suite.call(messageList, {}, { token: demoToken })).body.data.total).toBe(5);
  });

  it('reads and deletes all of a type, or all, with one key', async () => {
    expect((await suite.call(messageReadAll, { type: 2 }, { token: otherToken })).body.data.count).toBe(6);
    expect((await suite.call(messageCount, {}, { token: otherToken })).body.data.noticeCount).toBe(0);
    expect((await suite.call(messageDeleteAll, { type: 3 }, { token: otherToken })).body.data.count).toBe(6);
    expect((await suite.call(messageDeleteAll, {}, { token: otherToken })).body.data.count).toBe(19);
    expect((await suite.call(messageList, {}, { token: otherToken })).body.data.total).toBe(0);
    expect((await suite.call(messageList, {}, { token: demoToken })).body.data.total).toBe(5);
  });

  it("marks read or deletes a batch of the member's own messages; others' ids, repeats and deleted ones change nothing", async () => {
    const me = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);
    const mine = await Promise.all([1, 2, 3, 4].map((n) => insertMessage(suite.db, { memberId: me.memberId, type: n % 2 ? 0 : 1, title: `t${n}`, content: 'c', sticky: false })));
    const theirs = await insertMessage(suite.db, { memberId: other.memberId, type: 0, title: 'x', content: 'c', sticky: false });
    const ids = (indexes: number[]) => indexes.map((index) => mine[index]!.id);
    const read = await suite.call(noticeBatch, { ids: [...ids([0, 1]), theirs.id, mine[0]!.id], action: 'read' }, { token: me.token });
    expect(read.body.data.changed).toBe(2);
    // A message already read is not read again: only the third one changes.
    expect((await suite.call(noticeBatch, { ids: ids([0, 2]), action: 'read' }, { token: me.token })).body.data.changed).toBe(1);
    const counts = (await suite.call(messageCount, {}, { token: me.token })).body.data;
    expect(counts.privateCount + counts.activityCount).toBe(1);
    const list = (await suite.call(messageList, {}, { token: me.token })).body.data.list;
    expect(list.filter((message) => message.isRead).map((message) => message.id).sort()).toEqual(ids([0, 1, 2]).sort());
    expect((await suite.call(noticeBatch, { ids: [...ids([2, 3]), theirs.id], action: 'delete' }, { token: me.token })).body.data.changed).toBe(2);
    expect((await suite.call(noticeBatch, { ids: ids([2]), action: 'delete' }, { token: me.token })).body.data.changed).toBe(0);
    expect((await suite.call(messageList, {}, { token: me.token })).body.data.total).toBe(2);
    const untouched = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE id = $1 AND deleted_at IS NULL AND NOT is_read', [theirs.id]);
    expect(untouched.rows[0]!.n).toBe(1);
    for (const bad of [{ ids: [], action: 'read' }, { ids: [1], action: 'burn' }, { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'read' }]) {
      const refused = await suite.call(noticeBatch, bad as never, { token: me.token });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(CODE.invalidField);
    }
    expect((await suite.call(noticeBatch, { ids: ids([0]), action: 'read' })).status).toBe(401);
  });

  it('refuses every inbox call without a token', async () => {
    const answer = await suite.call(messageCount, {});
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(CODE.tokenMissing);
  });
});
